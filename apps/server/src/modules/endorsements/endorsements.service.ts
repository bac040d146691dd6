import {
  and,
  count,
  eq,
  ilike,
  inArray,
  isNull,
  like,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { INSTITUTE_ACHIEVEMENT_LEVELS, SKILL_TYPES, type EndorsementExportQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievementsTally, claimsTally, tallyOf } from '../../db/tallies';
import { achievements, events, skills, userSkills, users } from '../../db/schema/index';
import { containsPattern, prefixPattern } from '../../lib/search';
import { memberScopeOf, tiedWithin } from '../clubs/club-scope.service';
import {
  listedTypes,
  reviewsPresidentsOther,
  reviewTypesOf,
  type ReviewType,
} from './endorsements.policy';

/*
 * Which items await which official on the endorsement panel: the queues' conditions, their counts
 * (the council's summary reads them too) and the queues the exports read. The paged lists are in
 * endorsements.read.
 */

/** The types of items an official reviews (the council's counts are of these). */
export { reviewTypesOf };

/** The official asking: their id (their own record is never theirs to review) and role. */
export type Reviewer = { id: string; role: string };

/** The student who submitted an item, as the lists name them. */
export const submitter = {
  id: users.id,
  name: users.name,
  username: users.username,
  studentId: users.studentId,
};

/** Skills have no 'other' type: the president's 'other' filter lists none. */
const skillTypes = (types: string[]) =>
  types.filter((type): type is (typeof SKILL_TYPES)[number] =>
    (SKILL_TYPES as readonly string[]).includes(type),
  );
/** Claims of these types awaiting endorsement, the reviewer's own left out (the query joins skills). */
const pendingClaims = (reviewer: Reviewer, types: ReviewType[], within?: SQL) =>
  and(
    within,
    fixed(userSkills.isEndorsed, false),
    isNull(userSkills.declinedAt),
    // A claim of a skill declined from the catalogue is declined with it.
    isNull(skills.declinedAt),
    inArray(skills.type, skillTypes(types)),
    ne(userSkills.userId, reviewer.id),
  );

/** Catalogue skills of these types awaiting endorsement, those the reviewer created and retired ones (merged or withdrawn by the administrator) left out. */
export const pendingCatalogueSkills = (reviewer: Reviewer, types: ReviewType[]) =>
  and(
    fixed(skills.isEndorsed, false),
    isNull(skills.declinedAt),
    isNull(skills.retiredAt),
    inArray(skills.type, skillTypes(types)),
    or(isNull(skills.createdBy), ne(skills.createdBy, reviewer.id)),
  );

/**
 * Achievements of these types awaiting verification, the reviewer's own left out; a general
 * secretary also reviews the president's own 'other' achievements (their one type filter names their own type).
 */
const pendingAchievementsOf = (db: Database, reviewer: Reviewer, types: ReviewType[], within?: SQL) =>
  and(
    within,
    fixed(achievements.verified, false),
    isNull(achievements.declinedAt),
    or(
      inArray(achievements.type, types),
      reviewsPresidentsOther(reviewer.role)
        ? and(
            fixed(achievements.type, 'other'),
            inArray(
              achievements.userId,
              db.select({ id: users.id }).from(users).where(fixed(users.role, 'PRESIDENT')),
            ),
          )
        : undefined,
    ),
    ne(achievements.userId, reviewer.id),
  );

/**
 * How many claims of these types await the reviewer, as a scalar: for the officials the tally of
 * the queue less their own claims (a few rows read, however long the queue); for a club
 * coordinator (`within`) a count of their members' claims, which are few.
 */
export function countPendingClaims(
  db: Database,
  reviewer: Reviewer,
  types: ReviewType[],
  within?: SQL,
): SQL<number> {
  const counted = (condition: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(userSkills)
      .innerJoin(skills, eq(skills.id, userSkills.skillId))
      .where(condition);
  if (within) return sql<number>`(${counted(pendingClaims(reviewer, types, within))})::int`;
  const own = and(
    eq(userSkills.userId, reviewer.id),
    fixed(userSkills.isEndorsed, false),
    isNull(userSkills.declinedAt),
    isNull(skills.declinedAt),
    inArray(skills.type, skillTypes(types)),
  );
  return sql<number>`(${tallyOf(skillTypes(types).map(claimsTally))} - (${counted(own)}))::int`;
}

/** How many achievements of these types await the reviewer, as countPendingClaims counts claims. */
export function countPendingAchievements(
  db: Database,
  reviewer: Reviewer,
  types: ReviewType[],
  within?: SQL,
): SQL<number> {
  const counted = (condition: SQL | undefined) =>
    db.select({ n: count() }).from(achievements).where(condition);
  if (within) return sql<number>`(${counted(pendingAchievementsOf(db, reviewer, types, within))})::int`;
  const waiting = and(fixed(achievements.verified, false), isNull(achievements.declinedAt));
  const own = counted(
    and(waiting, eq(achievements.userId, reviewer.id), inArray(achievements.type, types)),
  );
  // A general secretary also reviews the president's own 'other' achievements.
  const presidents = reviewsPresidentsOther(reviewer.role)
    ? sql` + (${counted(and(waiting, fixed(achievements.type, 'other'), ne(achievements.userId, reviewer.id), inArray(achievements.userId, db.select({ id: users.id }).from(users).where(fixed(users.role, 'PRESIDENT')))))})`
    : sql``;
  return sql<number>`(${tallyOf(types.map(achievementsTally))} - (${own})${presidents})::int`;
}

/** The students a search names: a student id's start, or part of a name or username (the people search's indexes). */
const studentsMatching = (db: Database, q: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        like(users.studentId, prefixPattern(q)),
        like(users.searchKey, sql`lower(${containsPattern(q)})`),
      ),
    );

/** Submitted on or after `from` and on or before `to`, days of the institute's time zone. */
const submittedWithin = (column: AnyColumn, query: EndorsementExportQuery, timeZone: string) =>
  and(
    query.from ? sql`${column} >= (${query.from}::date::timestamp at time zone ${timeZone})` : undefined,
    query.to
      ? sql`${column} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`
      : undefined,
  );

/** Whether the list is narrowed by more than its type, so its total is counted rather than read from the tallies. */
export const isNarrowed = (query: EndorsementExportQuery) =>
  Boolean(query.q || query.level || query.proficiency || query.from || query.to);

/**
 * The claims a reviewer's queue holds under the list's search and filters (403 for a type not
 * theirs): a club coordinator's club's members' claims only. The list and its export both read it here.
 */
export async function userSkillQueue(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementExportQuery,
  timeZone: string,
) {
  const types = listedTypes(reviewer.role, query.type);
  const within = tiedWithin(db, await memberScopeOf(db, reviewer), userSkills.positionId, 'position');
  const narrowed = and(
    query.q
      ? or(
          inArray(userSkills.userId, studentsMatching(db, query.q)),
          ilike(skills.name, containsPattern(query.q)),
        )
      : undefined,
    query.proficiency ? eq(userSkills.proficiencyLevel, query.proficiency) : undefined,
    submittedWithin(userSkills.createdAt, query, timeZone),
  );
  return { types, within, where: pendingClaims(reviewer, types, and(within, narrowed)) };
}

/** The achievements a reviewer's queue holds under the list's search and filters, as userSkillQueue. */
export async function achievementQueue(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementExportQuery,
  timeZone: string,
) {
  const types = listedTypes(reviewer.role, query.type);
  const tied = tiedWithin(db, await memberScopeOf(db, reviewer), achievements.eventId, 'event');
  // A coordinator vouches only for achievements at the institute's own level (canVerify).
  const within = tied && and(tied, inArray(achievements.level, [...INSTITUTE_ACHIEVEMENT_LEVELS]));
  const narrowed = and(
    query.q
      ? or(
          inArray(achievements.userId, studentsMatching(db, query.q)),
          ilike(achievements.title, containsPattern(query.q)),
          inArray(
            achievements.eventId,
            db
              .select({ id: events.id })
              .from(events)
              .where(ilike(events.title, containsPattern(query.q))),
          ),
        )
      : undefined,
    query.level ? eq(achievements.level, query.level) : undefined,
    submittedWithin(achievements.createdAt, query, timeZone),
  );
  return { types, within, where: pendingAchievementsOf(db, reviewer, types, and(within, narrowed)) };
}

/** The catalogue skills a reviewer's queue holds under the list's search and dates. */
export function catalogueSkillQueue(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementExportQuery,
  timeZone: string,
) {
  const types = listedTypes(reviewer.role, query.type);
  const narrowed = and(
    query.q
      ? or(
          ilike(skills.name, containsPattern(query.q)),
          inArray(skills.createdBy, studentsMatching(db, query.q)),
        )
      : undefined,
    submittedWithin(skills.createdAt, query, timeZone),
  );
  return { types, where: and(pendingCatalogueSkills(reviewer, types), narrowed) };
}
