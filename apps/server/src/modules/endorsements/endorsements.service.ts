import { and, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { INSTITUTE_ACHIEVEMENT_LEVELS, SKILL_TYPES, type EndorsementExportQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievementsTally, claimsTally, tallyOf } from '../../db/tallies';
import { achievements, skills, userSkills, users } from '../../db/schema/index';
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

/**
 * The claims a reviewer's queue holds under the list's type filter (403 for a type not theirs): a
 * club coordinator's club's members' claims only. The list and its export both read it here.
 */
export async function userSkillQueue(db: Database, reviewer: Reviewer, query: EndorsementExportQuery) {
  const types = listedTypes(reviewer.role, query.type);
  const within = tiedWithin(db, await memberScopeOf(db, reviewer), userSkills.positionId, 'position');
  return { types, within, where: pendingClaims(reviewer, types, within) };
}

/** The achievements a reviewer's queue holds under the list's type filter, as userSkillQueue. */
export async function achievementQueue(db: Database, reviewer: Reviewer, query: EndorsementExportQuery) {
  const types = listedTypes(reviewer.role, query.type);
  const tied = tiedWithin(db, await memberScopeOf(db, reviewer), achievements.eventId, 'event');
  // A coordinator vouches only for achievements at the institute's own level (canVerify).
  const within = tied && and(tied, inArray(achievements.level, [...INSTITUTE_ACHIEVEMENT_LEVELS]));
  return { types, within, where: pendingAchievementsOf(db, reviewer, types, within) };
}
