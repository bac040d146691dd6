import { asc, count, eq, inArray } from 'drizzle-orm';
import type {
  EndorsementQuery,
  PendingAchievementList,
  PendingSkillList,
  PendingUserSkillList,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { numberOf } from '../../db/tallies';
import { achievements, events, positions, skills, userSkills, users } from '../../db/schema/index';
import { listedTypes, reviewTypesOf, type ReviewType } from './endorsements.policy';
import {
  achievementQueue,
  countPendingAchievements,
  countPendingClaims,
  pendingCatalogueSkills,
  submitter,
  userSkillQueue,
  type Reviewer,
} from './endorsements.service';

/* The endorsement panel's lists of skills, claims and achievements awaiting review, paged. */

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
      version: a.version,
      createdAt: a.createdAt.toISOString(),
    })),
    ...pageOf(query, reviewer, counted, overall),
  };
}
