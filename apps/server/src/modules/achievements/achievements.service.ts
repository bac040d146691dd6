import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACHIEVEMENT_MESSAGES,
  type Achievement,
  type AchievementList,
  type AchievementListQuery,
  type AddAchievementRequest,
  type SubmissionEvent,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievements, events, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { achievementReviewers, reviewTabLink } from '../endorsements/review-recipients.service';
import { notifyQueue } from '../notifications/notify.service';
import { historiesOf } from '../submissions/submission-history.service';

const verifier = alias(users, 'verifier');
const decliner = alias(users, 'decliner');

function achievementQuery(db: Database) {
  return db
    .select({
      a: achievements,
      eventTitle: events.title,
      eventDescription: events.description,
      verifierName: verifier.name,
      declinerName: decliner.name,
    })
    .from(achievements)
    .leftJoin(events, eq(events.id, achievements.eventId))
    .leftJoin(verifier, eq(verifier.id, achievements.verifiedBy))
    .leftJoin(decliner, eq(decliner.id, achievements.declinedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof achievementQuery>['execute']>>[number];

const toAchievement = (
  { a, eventTitle, eventDescription, verifierName }: Row,
  history: SubmissionEvent[],
): Achievement => ({
  id: a.id,
  achievementCode: a.achievementCode,
  title: a.title,
  description: a.description,
  category: a.category,
  type: a.type,
  level: a.level,
  event:
    a.eventId && eventTitle ? { id: a.eventId, title: eventTitle, description: eventDescription } : null,
  dateAchieved: a.dateAchieved,
  position: a.position,
  certificateUrl: a.certificateUrl,
  verified: a.verified,
  verifiedBy: a.verified && verifierName ? { name: verifierName } : null,
  verifiedAt: a.verifiedAt?.toISOString() ?? null,
  declineReason: a.declineReason,
  version: a.version,
  history,
  createdAt: a.createdAt.toISOString(),
});

/** The rows as their owner sees them, each with its history of declines and resends. */
async function withHistories(db: Database, rows: Row[]): Promise<Achievement[]> {
  const histories = await historiesOf(
    db,
    'achievement',
    new Map(
      rows.map(({ a, declinerName }) => [
        a.id,
        { at: a.declinedAt, byName: declinerName, reason: a.declineReason },
      ]),
    ),
  );
  return rows.map((row) => toAchievement(row, histories.get(row.a.id)!));
}

/** One of the user's achievements as they see it, or null when it is not theirs. */
export async function ownAchievement(
  db: Database,
  userId: string,
  id: string,
): Promise<Achievement | null> {
  const rows = await achievementQuery(db)
    .where(and(eq(achievements.id, id), eq(achievements.userId, userId)))
    .limit(1);
  return (await withHistories(db, rows))[0] ?? null;
}

/** The user's most recently added achievement (the home dashboard's card), or null. */
export async function latestOwnAchievement(db: Database, userId: string): Promise<Achievement | null> {
  const [row] = await achievementQuery(db)
    .where(eq(achievements.userId, userId))
    .orderBy(desc(achievements.createdAt), desc(achievements.id))
    .limit(1);
  return row ? (await withHistories(db, [row]))[0]! : null;
}

/** The user's achievements, filtered, searched and paged, with the totals and the filter choices. */
export async function listOwnAchievements(
  db: Database,
  userId: string,
  query: AchievementListQuery,
): Promise<AchievementList> {
  const mine = eq(achievements.userId, userId);
  const filters: SQL[] = [mine];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      or(
        ilike(achievements.title, pattern),
        ilike(achievements.description, pattern),
        ilike(achievements.category, pattern),
        ilike(achievements.position, pattern),
        ilike(achievements.achievementCode, pattern),
        ilike(events.title, pattern),
      )!,
    );
  }
  if (query.category) filters.push(sql`lower(${achievements.category}) = lower(${query.category})`);
  if (query.level) filters.push(sql`lower(${achievements.level}) = lower(${query.level})`);
  if (query.status === 'verified') filters.push(fixed(achievements.verified, true));
  if (query.status === 'pending')
    filters.push(fixed(achievements.verified, false), isNull(achievements.declinedAt));
  if (query.status === 'declined') filters.push(isNotNull(achievements.declinedAt));
  const where = and(...filters);

  const [rows, [matching], [all], categories, levels] = await Promise.all([
    achievementQuery(db)
      .where(where)
      .orderBy(desc(achievements.createdAt), desc(achievements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(achievements)
      .leftJoin(events, eq(events.id, achievements.eventId))
      .where(where),
    db.select({ n: count() }).from(achievements).where(mine),
    db
      .selectDistinct({ value: achievements.category })
      .from(achievements)
      .where(and(mine, isNotNull(achievements.category)))
      .orderBy(asc(achievements.category)),
    db
      .selectDistinct({ value: achievements.level })
      .from(achievements)
      .where(and(mine, isNotNull(achievements.level)))
      .orderBy(asc(achievements.level)),
  ]);
  return {
    items: await withHistories(db, rows),
    total: matching!.n,
    overall: all!.n,
    page: query.page,
    pageSize: query.pageSize,
    facets: { categories: categories.map((row) => row.value!), levels: levels.map((row) => row.value!) },
  };
}

/** Refuses (400, as the form words it) an event that does not exist. */
export async function checkEvent(db: Database, eventId: string | null | undefined): Promise<void> {
  if (!eventId) return;
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event)
    throw AppError.badRequest(ACHIEVEMENT_MESSAGES.eventInvalid, {
      eventId: ACHIEVEMENT_MESSAGES.eventInvalid,
    });
}

/** The columns an achievement's owner writes, from the Add Achievement form. */
export const ownerFields = (input: AddAchievementRequest) => ({
  title: input.title,
  description: input.description ?? null,
  category: input.category,
  type: input.type,
  level: input.level ?? null,
  eventId: input.eventId ?? null,
  dateAchieved: input.dateAchieved,
  position: input.position ?? null,
  certificateUrl: input.certificateUrl ?? null,
});

/** Records an achievement of the signed-in user, pending verification; the owner can never verify it. */
export async function addOwnAchievement(
  db: Database,
  userId: string,
  input: AddAchievementRequest,
): Promise<Achievement> {
  await checkEvent(db, input.eventId);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(achievements)
      .values({ userId, ...ownerFields(input) })
      .returning({ id: achievements.id });
    await notifyQueue(
      tx,
      achievementReviewers(row!.id),
      'achievements',
      input.title,
      reviewTabLink('achievements'),
    );
    return row!;
  });
  return (await ownAchievement(db, userId, created.id))!;
}
