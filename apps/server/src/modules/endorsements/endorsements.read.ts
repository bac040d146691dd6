import { asc, count, eq, inArray } from 'drizzle-orm';
import type {
  EndorsementQuery,
  ReviewCounts,
  PendingAchievementList,
  PendingSkillList,
  PendingUserSkillList,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { numberOf } from '../../db/tallies';
import { positionQueueCount } from '../positions/position-review.service';
import { achievements, events, positions, skills, userSkills, users } from '../../db/schema/index';
import { reviewTypesOf, type ReviewType } from './endorsements.policy';
import {
  achievementQueue,
  catalogueSkillQueue,
  countPendingAchievements,
  countPendingClaims,
  isNarrowed,
  pendingCatalogueSkills,
  submitter,
  userSkillQueue,
  type Reviewer,
} from './endorsements.service';

/* The endorsement panel's lists of skills, claims and achievements awaiting review, paged. */

/** The number a count query answers. */
const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;

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

/** Claims of skills awaiting endorsement, oldest first, for the official's types. */
export async function pendingUserSkills(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementQuery,
  timeZone: string,
): Promise<PendingUserSkillList> {
  const { types, within, where } = await userSkillQueue(db, reviewer, query, timeZone);
  const narrowed = isNarrowed(query);
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
    // A search or filter is counted over the rows it selects; the whole queue is read from its tallies.
    narrowed
      ? countOf(
          db
            .select({ n: count() })
            .from(userSkills)
            .innerJoin(skills, eq(skills.id, userSkills.skillId))
            .where(where),
        )
      : numberOf(db, countPendingClaims(db, reviewer, types, within)),
    query.type || narrowed
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
  timeZone: string,
): Promise<PendingSkillList> {
  const { where } = catalogueSkillQueue(db, reviewer, query, timeZone);
  const pendingOf = (ofTypes: ReviewType[]) => pendingCatalogueSkills(reviewer, ofTypes);
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
    query.type || isNarrowed(query)
      ? countOf(
          db
            .select({ n: count() })
            .from(skills)
            .where(pendingOf(reviewTypesOf(reviewer.role))),
        )
      : Promise.resolve(null),
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
  timeZone: string,
): Promise<PendingAchievementList> {
  const { types, within, where } = await achievementQueue(db, reviewer, query, timeZone);
  const narrowed = isNarrowed(query);
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
    narrowed
      ? countOf(db.select({ n: count() }).from(achievements).where(where))
      : numberOf(db, countPendingAchievements(db, reviewer, types, within)),
    query.type || narrowed
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
      version: a.version,
      createdAt: a.createdAt.toISOString(),
    })),
    ...pageOf(query, reviewer, counted, overall),
  };
}

/**
 * The panel's tab counts: what awaits the reviewer's decision in each tab, their own items left out,
 * the same conditions as the lists (a club coordinator: their club's members; no catalogue skills).
 */
export async function reviewCounts(db: Database, reviewer: Reviewer): Promise<ReviewCounts> {
  const everything = { q: undefined };
  const [claims, achieved, positions] = await Promise.all([
    userSkillQueue(db, reviewer, everything, 'UTC'),
    achievementQueue(db, reviewer, everything, 'UTC'),
    positionQueueCount(db, reviewer),
  ]);
  const coordinator = claims.within !== undefined;
  const [userSkillCount, skillCount, achievementCount, positionCount] = await Promise.all([
    numberOf(db, countPendingClaims(db, reviewer, claims.types, claims.within)),
    coordinator
      ? Promise.resolve(0)
      : countOf(
          db.select({ n: count() }).from(skills).where(pendingCatalogueSkills(reviewer, claims.types)),
        ),
    numberOf(db, countPendingAchievements(db, reviewer, achieved.types, achieved.within)),
    countOf(positions.query),
  ]);
  return {
    userSkills: userSkillCount,
    skills: skillCount,
    achievements: achievementCount,
    positions: positionCount,
  };
}
