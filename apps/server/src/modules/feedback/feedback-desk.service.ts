import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FEEDBACK_DESK_MESSAGES, normalizeRole, OFFICIAL_ROLES, type FeedbackItem, type FeedbackList, type FeedbackListQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, feedback, orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';

/** Who is looking at the desk. */
export type DeskViewer = { id: string; role: string };

const targetUser = alias(users, 'target_user');
const author = alias(users, 'author');
const resolver = alias(users, 'resolver');
const eventUnit = alias(orgUnits, 'event_unit');
const parentUnit = alias(orgUnits, 'parent_unit');
const positionUnit = alias(orgUnits, 'position_unit');

const isOfficial = (role: string) => (OFFICIAL_ROLES as readonly string[]).includes(normalizeRole(role));
const resolves = (role: string) => isOfficial(role) || normalizeRole(role) === 'CLUB_COORDINATOR';

/**
 * What a user may see (design section 8): a student the feedback they gave; the general
 * secretaries and the president all of it; a club coordinator the feedback about their club, its
 * events, its positions and the people holding them now (verified holdings only).
 */
async function scopeOf(db: Database, viewer: DeskViewer): Promise<SQL> {
  if (isOfficial(viewer.role)) return sql`true`;
  if (normalizeRole(viewer.role) !== 'CLUB_COORDINATOR') return eq(feedback.authorId, viewer.id);
  const [row] = await db.select({ clubId: users.clubUnitId }).from(users).where(eq(users.id, viewer.id)).limit(1);
  const clubId = row?.clubId;
  if (!clubId) return sql`false`;
  return or(
    eq(feedback.targetUnitId, clubId),
    inArray(feedback.targetEventId, db.select({ id: events.id }).from(events).where(eq(events.organizingUnitId, clubId))),
    inArray(feedback.targetPositionId, db.select({ id: positions.id }).from(positions).where(eq(positions.unitId, clubId))),
    inArray(
      feedback.targetUserId,
      db
        .select({ id: positionHolders.userId })
        .from(positionHolders)
        .innerJoin(positions, eq(positions.id, positionHolders.positionId))
        // Only holders an official appointed or verified: a student's own claim does not bring feedback about them to the club.
        .where(and(eq(positions.unitId, clubId), eq(positionHolders.status, 'active'), eq(positionHolders.verification, 'verified'))),
    ),
  )!;
}

/**
 * Feedback about the viewer: about them in person, or about a position they hold now. Its subject
 * does not close it; another official does.
 */
const aboutViewer = (viewer: DeskViewer) =>
  sql<boolean>`(${feedback.targetUserId} is not distinct from ${viewer.id}::uuid or ${feedback.targetPositionId} in (
    select ${positionHolders.positionId} from ${positionHolders}
    where ${positionHolders.userId} = ${viewer.id} and ${positionHolders.status} = 'active'))`;

/** The cards' query: the target named, the author only when not anonymous, never an id of either. */
function cardQuery(db: Database, viewer: DeskViewer) {
  return db
    .select({
      f: feedback,
      userName: targetUser.name,
      userUsername: targetUser.username,
      eventTitle: events.title,
      eventUnit: eventUnit.name,
      unitName: orgUnits.name,
      unitParent: parentUnit.name,
      positionTitle: positions.title,
      positionUnit: positionUnit.name,
      authorName: sql<string | null>`case when ${feedback.isAnonymous} then null else ${author.name} end`,
      authorUsername: sql<string | null>`case when ${feedback.isAnonymous} then null else ${author.username} end`,
      resolverName: resolver.name,
      mine: sql<boolean>`${feedback.authorId} = ${viewer.id}`,
      aboutViewer: aboutViewer(viewer),
    })
    .from(feedback)
    .innerJoin(author, eq(author.id, feedback.authorId))
    .leftJoin(targetUser, eq(targetUser.id, feedback.targetUserId))
    .leftJoin(events, eq(events.id, feedback.targetEventId))
    .leftJoin(eventUnit, eq(eventUnit.id, events.organizingUnitId))
    .leftJoin(orgUnits, eq(orgUnits.id, feedback.targetUnitId))
    .leftJoin(parentUnit, eq(parentUnit.id, orgUnits.parentId))
    .leftJoin(positions, eq(positions.id, feedback.targetPositionId))
    .leftJoin(positionUnit, eq(positionUnit.id, positions.unitId))
    .leftJoin(resolver, eq(resolver.id, feedback.resolvedBy));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

function targetOf(row: CardRow): FeedbackItem['target'] {
  switch (row.f.targetType) {
    case 'User':
      return { label: row.userName ?? 'A former member', detail: row.userUsername };
    case 'Event':
      return { label: row.eventTitle ?? 'A removed event', detail: row.eventUnit };
    case 'Club/Organization':
      return { label: row.unitName ?? 'A removed unit', detail: row.unitParent };
    case 'POR':
      return { label: row.positionTitle ?? 'A removed position', detail: row.positionUnit };
  }
}

const toCard = (row: CardRow, viewer: DeskViewer): FeedbackItem => ({
  id: row.f.id,
  type: row.f.type,
  targetType: row.f.targetType,
  target: targetOf(row),
  rating: row.f.rating,
  comments: row.f.comments,
  isAnonymous: row.f.isAnonymous,
  author: row.authorName !== null && row.authorUsername !== null ? { name: row.authorName, username: row.authorUsername } : null,
  mine: row.mine,
  createdAt: row.f.createdAt.toISOString(),
  isResolved: row.f.isResolved,
  actionsTaken: row.f.actionsTaken,
  resolvedBy: row.resolverName ? { name: row.resolverName } : null,
  resolvedAt: row.f.resolvedAt?.toISOString() ?? null,
  canResolve: resolves(viewer.role) && !row.f.isResolved && !row.aboutViewer,
});

/** The feedback list of /viewfeedback: the viewer's scope, filtered by status and type, newest first, with the totals. */
export async function listFeedback(db: Database, viewer: DeskViewer, query: FeedbackListQuery): Promise<FeedbackList> {
  const scope = await scopeOf(db, viewer);
  const ofType = query.type ? eq(feedback.type, query.type) : sql`true`;
  const status = query.status === 'resolved' ? eq(feedback.isResolved, true) : query.status === 'unresolved' ? eq(feedback.isResolved, false) : sql`true`;
  const newestFirst = [desc(feedback.createdAt), desc(feedback.id)];
  // The page's ids first, from the date index; the nine joins that name targets run for those rows only.
  const [pageIds, [counted]] = await Promise.all([
    db
      .select({ id: feedback.id })
      .from(feedback)
      .where(and(scope, ofType, status))
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        overall: sql<number>`count(*)::int`,
        all: sql<number>`(count(*) filter (where ${ofType}))::int`,
        resolved: sql<number>`(count(*) filter (where ${ofType} and ${feedback.isResolved}))::int`,
      })
      .from(feedback)
      .where(scope),
  ]);
  const ids = pageIds.map((row) => row.id);
  const rows = ids.length ? await cardQuery(db, viewer).where(inArray(feedback.id, ids)).orderBy(...newestFirst) : [];
  const counts = { all: counted!.all, resolved: counted!.resolved, unresolved: counted!.all - counted!.resolved };
  return {
    items: rows.map((row) => toCard(row, viewer)),
    total: query.status === 'all' ? counts.all : counts[query.status],
    overall: counted!.overall,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    resolver: resolves(viewer.role),
  };
}

/**
 * Marks feedback in the viewer's scope as resolved with the actions taken. One conditional update
 * decides: the first resolver wins, a second hears 409. Feedback about the resolver is left to
 * another official (deviation 33).
 */
export async function resolveFeedback(db: Database, viewer: DeskViewer, id: string, actionsTaken: string): Promise<FeedbackItem> {
  const scope = await scopeOf(db, viewer);
  const [found] = await db
    .select({ aboutViewer: aboutViewer(viewer), type: feedback.type, targetType: feedback.targetType })
    .from(feedback)
    .where(and(eq(feedback.id, id), scope))
    .limit(1);
  if (!found) throw AppError.notFound(FEEDBACK_DESK_MESSAGES.notFound);
  if (found.aboutViewer) throw AppError.forbidden(FEEDBACK_DESK_MESSAGES.aboutYou);
  const resolved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(feedback)
      .set({ isResolved: true, actionsTaken, resolvedBy: viewer.id, resolvedAt: new Date() })
      .where(and(eq(feedback.id, id), eq(feedback.isResolved, false)))
      .returning({ id: feedback.id });
    if (!row) return false;
    await logActivity(tx, {
      type: 'approval',
      actorId: viewer.id,
      description: `Resolved a ${found.type.toLowerCase()} about a ${found.targetType === 'POR' ? 'position' : found.targetType.toLowerCase()}`,
      subjectType: 'feedback',
      subjectId: id,
    });
    return true;
  });
  if (!resolved) throw AppError.conflict(FEEDBACK_DESK_MESSAGES.alreadyResolved);
  const [row] = await cardQuery(db, viewer).where(eq(feedback.id, id)).limit(1);
  return toCard(row!, viewer);
}
