import { and, asc, desc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT } from '@cosa/contracts';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { achievements, roomBookings, rooms, skills, userSkills, users } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import {
  achievementQueue,
  pendingCatalogueSkills,
  reviewTypesOf,
  userSkillQueue,
} from '../endorsements/endorsements.service';
import { reviewTabLink } from '../endorsements/review-recipients.service';
import { awaitingDecision, describeSlot } from '../rooms/bookings.service';
import { detailOf, LIMIT, nameMatches, studentsNamed, totalColumn, type Found } from './search-text';
import { reviewsCatalogue, type Searcher } from './search.policy';

/*
 * The items waiting for an official, read through the queues' own conditions (the endorsement
 * panel's and the approval panel's services), so the search never shows an item to someone whose
 * panel would not list it.
 */

/**
 * Items whose name matches or whose student is named: the ids of each, found through their
 * indexes and put together, so that only those are checked against the queue (an OR over the
 * queue's rows would read every waiting item). The titles that match are read up to
 * SEARCH_COUNT_LIMIT, as the students are: 'complai' is close to 'Competition', in thousands of
 * titles.
 */
const matchingAchievements = (db: Database, q: string) => {
  const named = studentsNamed(db, q);
  return inArray(
    achievements.id,
    unionAll(
      db
        .select({ id: achievements.id })
        .from(achievements)
        .where(nameMatches(q, achievements.title))
        .limit(SEARCH_COUNT_LIMIT),
      db
        .select({ id: achievements.id })
        .from(named)
        .innerJoin(achievements, eq(achievements.userId, named.id)),
    ),
  );
};
const matchingClaims = (db: Database, q: string) => {
  const named = studentsNamed(db, q);
  return inArray(
    userSkills.id,
    unionAll(
      db
        .select({ id: userSkills.id })
        .from(skills)
        .innerJoin(userSkills, eq(userSkills.skillId, skills.id))
        .where(nameMatches(q, skills.name))
        .limit(SEARCH_COUNT_LIMIT),
      db
        .select({ id: userSkills.id })
        .from(named)
        .innerJoin(userSkills, eq(userSkills.userId, named.id)),
    ),
  );
};
const closeness = (q: string, name: AnyPgColumn) =>
  sql<number>`greatest(word_similarity(${q}::text, ${name}), word_similarity(lower(${q}::text), ${users.searchKey}))`;

type QueueHit = { id: string; label: string; detail: string | null; url: string; rank: number };

/**
 * Achievements and skill claims awaiting the reviewer's endorsement (their council's types; a club
 * coordinator's club's members), and for the officials new catalogue skills: one group, closest
 * first, the total counting all three.
 */
export async function findReviews(db: Database, searcher: Searcher, q: string): Promise<Found> {
  const [achievementsWaiting, claimsWaiting] = await Promise.all([
    achievementQueue(db, searcher, {}, 'UTC'),
    userSkillQueue(db, searcher, {}, 'UTC'),
  ]);
  const fromAchievements = db
    .select({
      id: achievements.id,
      label: achievements.title,
      student: users.name,
      rank: closeness(q, achievements.title),
      total: totalColumn,
    })
    .from(achievements)
    .innerJoin(users, eq(users.id, achievements.userId))
    .where(and(achievementsWaiting.where, matchingAchievements(db, q)))
    .orderBy(desc(closeness(q, achievements.title)), asc(achievements.id))
    .limit(LIMIT);
  const fromClaims = db
    .select({
      id: userSkills.id,
      label: skills.name,
      student: users.name,
      rank: closeness(q, skills.name),
      total: totalColumn,
    })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .innerJoin(users, eq(users.id, userSkills.userId))
    .where(and(claimsWaiting.where, matchingClaims(db, q)))
    .orderBy(desc(closeness(q, skills.name)), asc(userSkills.id))
    .limit(LIMIT);
  const fromCatalogue = reviewsCatalogue(searcher)
    ? db
        .select({
          id: skills.id,
          label: skills.name,
          rank: sql<number>`word_similarity(${q}::text, ${skills.name})`,
          total: totalColumn,
        })
        .from(skills)
        .where(
          and(
            pendingCatalogueSkills(searcher, reviewTypesOf(searcher.role)),
            nameMatches(q, skills.name),
          ),
        )
        .orderBy(desc(sql`word_similarity(${q}::text, ${skills.name})`), asc(skills.id))
        .limit(LIMIT)
    : Promise.resolve([]);
  const [achievementRows, claimRows, catalogueRows] = await Promise.all([
    fromAchievements,
    fromClaims,
    fromCatalogue,
  ]);
  const hits: QueueHit[] = [
    ...achievementRows.map((row) => ({
      id: row.id,
      label: row.label,
      detail: detailOf('Achievement', row.student),
      url: reviewTabLink('achievements'),
      rank: row.rank,
    })),
    ...claimRows.map((row) => ({
      id: row.id,
      label: row.label,
      detail: detailOf('Skill claim', row.student),
      url: reviewTabLink('user-skills'),
      rank: row.rank,
    })),
    ...catalogueRows.map((row) => ({
      id: row.id,
      label: row.label,
      detail: 'New skill for the catalogue',
      url: reviewTabLink('skills'),
      rank: row.rank,
    })),
  ];
  const total = [achievementRows, claimRows, catalogueRows].reduce(
    (sum, rows) => sum + (rows[0]?.total ?? 0),
    0,
  );
  const items = hits
    .sort((a, b) => b.rank - a.rank)
    .slice(0, LIMIT)
    .map(({ rank: _rank, ...item }) => item);
  return { total, items };
}

/** Room requests awaiting the president's decision, by room, description or requester. */
export async function findBookings(db: Database, q: string, timeZone: string): Promise<Found> {
  const rows = await db
    .select({
      id: roomBookings.id,
      room: rooms.name,
      date: roomBookings.date,
      startTime: roomBookings.startTime,
      endTime: roomBookings.endTime,
      requester: users.name,
      total: totalColumn,
    })
    .from(roomBookings)
    .innerJoin(rooms, eq(rooms.id, roomBookings.roomId))
    .innerJoin(users, eq(users.id, roomBookings.requestedBy))
    .where(
      and(
        awaitingDecision({ timeZone }),
        or(
          ilike(roomBookings.description, containsPattern(q)),
          ilike(rooms.name, containsPattern(q)),
          like(users.searchKey, sql`lower(${containsPattern(q)})`),
        ),
      ),
    )
    .orderBy(asc(roomBookings.date), asc(roomBookings.startTime), asc(roomBookings.id))
    .limit(LIMIT);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      label: describeSlot(row.room, row.date, row.startTime, row.endTime),
      detail: detailOf('Requested by', row.requester),
      url: '/president-approval?status=Pending',
    })),
  };
}
