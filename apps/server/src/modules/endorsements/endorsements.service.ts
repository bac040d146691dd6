import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  SKILL_TYPES,
  type EndorsementExportQuery,
  type EndorsementQuery,
  type PendingAchievementList,
  type PendingSkillList,
  type PendingUserSkillList,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievementsTally, claimsTally, numberOf, tallyOf } from '../../db/tallies';
import { achievements, events, positions, skills, userSkills, users } from '../../db/schema/index';
import { memberScopeOf, ownedWithin } from '../clubs/club-scope.service';
import {
  listedTypes,
  reviewsPresidentsOther,
  reviewTypesOf,
  type ReviewType,
} from './endorsements.policy';

/** The types of items an official reviews (the council's counts are of these). */
export { reviewTypesOf };

/** The official asking: their id (their own record is never theirs to review) and role. */
export type Reviewer = { id: string; role: string };

const submitter = {
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
/** Items of all the official's types when the list is narrowed to one; null when it is not narrowed (the total is the overall count). */
async function overallOf(
  query: EndorsementQuery,
  reviewer: Reviewer,
  counting: (types: ReviewType[]) => Promise<{ n: number }[]>,
): Promise<number | null> {
  if (!query.type) return null;
  const [row] = await counting(reviewTypesOf(reviewer.role));
  return row!.n;
}

/** The counts and paging of a review list, and every type the official reviews (the filter's choices, whatever is listed). */
const pageOf = (query: EndorsementQuery, reviewer: Reviewer, total: number, overall: number | null) => ({
  total,
  overall: overall ?? total,
  page: query.page,
  pageSize: query.pageSize,
  types: reviewTypesOf(reviewer.role),
});

const page = (query: EndorsementQuery) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

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
  const within = ownedWithin(db, await memberScopeOf(db, reviewer), userSkills.userId);
  return { types, within, where: pendingClaims(reviewer, types, within) };
}

/** The achievements a reviewer's queue holds under the list's type filter, as userSkillQueue. */
export async function achievementQueue(db: Database, reviewer: Reviewer, query: EndorsementExportQuery) {
  const types = listedTypes(reviewer.role, query.type);
  const within = ownedWithin(db, await memberScopeOf(db, reviewer), achievements.userId);
  return { types, within, where: pendingAchievementsOf(db, reviewer, types, within) };
}

/** Claims of skills awaiting endorsement, oldest first, for the official's types. */
export async function pendingUserSkills(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementQuery,
): Promise<PendingUserSkillList> {
  const { types, within, where } = await userSkillQueue(db, reviewer, query);
  const { limit, offset } = page(query);
  // The page's ids from the queue's index, in the statement whose joins name the student and the position, so those run for the page only.
  const pageIds = db
    .select({ id: userSkills.id })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(where)
    .orderBy(asc(userSkills.createdAt), asc(userSkills.id))
    .limit(limit)
    .offset(offset);
  const [rows, counted, overall] = await Promise.all([
    db
      .select({
        id: userSkills.id,
        student: submitter,
        skill: { id: skills.id, name: skills.name, category: skills.category, type: skills.type },
        proficiencyLevel: userSkills.proficiencyLevel,
        positionId: positions.id,
        positionTitle: positions.title,
        createdAt: userSkills.createdAt,
      })
      .from(userSkills)
      .innerJoin(skills, eq(skills.id, userSkills.skillId))
      .innerJoin(users, eq(users.id, userSkills.userId))
      .leftJoin(positions, eq(positions.id, userSkills.positionId))
      .where(inArray(userSkills.id, pageIds))
      .orderBy(asc(userSkills.createdAt), asc(userSkills.id)),
    numberOf(db, countPendingClaims(db, reviewer, types, within)),
    query.type
      ? numberOf(db, countPendingClaims(db, reviewer, reviewTypesOf(reviewer.role), within))
      : Promise.resolve(null),
  ]);
  return {
    items: rows.map(({ positionId, positionTitle, createdAt, ...row }) => ({
      ...row,
      position: positionId && positionTitle ? { id: positionId, title: positionTitle } : null,
      createdAt: createdAt.toISOString(),
    })),
    ...pageOf(query, reviewer, counted, overall),
  };
}

/** Catalogue skills students created, awaiting endorsement, oldest first. */
export async function pendingSkills(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementQuery,
): Promise<PendingSkillList> {
  const types = listedTypes(reviewer.role, query.type);
  const pendingOf = (ofTypes: ReviewType[]) => pendingCatalogueSkills(reviewer, ofTypes);
  const where = pendingOf(types);
  const { limit, offset } = page(query);
  const [rows, [counted], overall] = await Promise.all([
    db
      .select({
        id: skills.id,
        skillCode: skills.skillCode,
        name: skills.name,
        category: skills.category,
        type: skills.type,
        description: skills.description,
        submitterId: users.id,
        submittedBy: submitter,
        createdAt: skills.createdAt,
      })
      .from(skills)
      .leftJoin(users, eq(users.id, skills.createdBy))
      .where(where)
      .orderBy(asc(skills.createdAt), asc(skills.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(skills).where(where),
    overallOf(query, reviewer, (all) => db.select({ n: count() }).from(skills).where(pendingOf(all))),
  ]);
  return {
    items: rows.map(({ submitterId, submittedBy, createdAt, ...row }) => ({
      ...row,
      submittedBy: submitterId ? submittedBy : null,
      createdAt: createdAt.toISOString(),
    })),
    ...pageOf(query, reviewer, counted!.n, overall),
  };
}

/** Achievements awaiting verification, oldest first. */
export async function pendingAchievements(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementQuery,
): Promise<PendingAchievementList> {
  const { types, within, where } = await achievementQueue(db, reviewer, query);
  const { limit, offset } = page(query);
  const [rows, counted, overall] = await Promise.all([
    db
      .select({
        a: achievements,
        student: submitter,
        eventTitle: events.title,
      })
      .from(achievements)
      .innerJoin(users, eq(users.id, achievements.userId))
      .leftJoin(events, eq(events.id, achievements.eventId))
      .where(where)
      .orderBy(asc(achievements.createdAt), asc(achievements.id))
      .limit(limit)
      .offset(offset),
    numberOf(db, countPendingAchievements(db, reviewer, types, within)),
    query.type
      ? numberOf(db, countPendingAchievements(db, reviewer, reviewTypesOf(reviewer.role), within))
      : Promise.resolve(null),
  ]);
  return {
    items: rows.map(({ a, student, eventTitle }) => ({
      id: a.id,
      achievementCode: a.achievementCode,
      student,
      title: a.title,
      description: a.description,
      category: a.category,
      type: a.type,
      level: a.level,
      event: a.eventId && eventTitle ? { id: a.eventId, title: eventTitle } : null,
      dateAchieved: a.dateAchieved,
      position: a.position,
      certificateUrl: a.certificateUrl,
      createdAt: a.createdAt.toISOString(),
    })),
    ...pageOf(query, reviewer, counted, overall),
  };
}
