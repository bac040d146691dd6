import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  FEEDBACK_DESK_MESSAGES,
  FEEDBACK_TYPES,
  normalizeRole,
  OFFICIAL_ROLES,
  type FeedbackExportQuery,
  type FeedbackItem,
  type FeedbackList,
  type FeedbackListQuery,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { feedbackTally, tallyOf } from '../../db/tallies';
import { events, feedback, orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import {
  coordinatorClubId,
  coordinatorClubIdWithin,
  feedbackAboutClub,
  isFeedbackAboutClub,
} from '../clubs/club-scope.service';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { rowsOf } from '../../db/rows';
import { notifyPerson } from '../notifications/notify.service';

/** Who is looking at the desk. */
export type DeskViewer = { id: string; role: string };

const isOfficial = (role: string) => (OFFICIAL_ROLES as readonly string[]).includes(normalizeRole(role));
const resolves = (role: string) => isOfficial(role) || normalizeRole(role) === 'CLUB_COORDINATOR';

/**
 * What a user may see (design section 8): a student the feedback they gave; the general
 * secretaries and the president all of it; a club coordinator the feedback about their club, its
 * events, its positions and the people holding them now (verified holdings only). `rows` is what
 * the lists read: the feedback table narrowed by `where`, or for a coordinator the club's own rows
 * found through the target indexes; `where` alone checks one item.
 */
export type DeskScope = { rows: typeof feedback | ReturnType<typeof feedbackAboutClub>; where: SQL };

export async function scopeOf(db: Database, viewer: DeskViewer): Promise<DeskScope> {
  if (isOfficial(viewer.role)) return { rows: feedback, where: sql`true` };
  if (normalizeRole(viewer.role) !== 'CLUB_COORDINATOR')
    return { rows: feedback, where: eq(feedback.authorId, viewer.id) };
  const clubId = await coordinatorClubId(db, viewer.id);
  if (!clubId) return { rows: feedback, where: sql`false` };
  return { rows: feedbackAboutClub(db, clubId), where: isFeedbackAboutClub(db, clubId) };
}

/**
 * Feedback about the viewer: about them in person, or about a position they hold now. Its subject
 * does not close it; another official does.
 */
const aboutViewer = (viewer: DeskViewer) =>
  sql<boolean>`(${feedback.targetUserId} is not distinct from ${viewer.id}::uuid or ${feedback.targetPositionId} in (
    select ${positionHolders.positionId} from ${positionHolders}
    where ${positionHolders.userId} = ${viewer.id} and ${positionHolders.status} = 'active'))`;

/** One value about a card's target or people, looked up by key (a scalar subquery: planned in no time, unlike a nine-way join). */
const lookup = (query: SQL) => sql<string | null>`(${query})`;

/** The cards' query: the target named, the author only when not anonymous, never an id of either. */
function cardQuery(db: Database, viewer: DeskViewer) {
  const f = feedback;
  return db
    .select({
      f: feedback,
      userName: lookup(sql`select u.name from ${users} u where u.id = ${f.targetUserId}`),
      userUsername: lookup(sql`select u.username from ${users} u where u.id = ${f.targetUserId}`),
      eventTitle: lookup(sql`select e.title from ${events} e where e.id = ${f.targetEventId}`),
      eventUnit: lookup(
        sql`select o.name from ${events} e join ${orgUnits} o on o.id = e.organizing_unit_id where e.id = ${f.targetEventId}`,
      ),
      unitName: lookup(sql`select o.name from ${orgUnits} o where o.id = ${f.targetUnitId}`),
      unitParent: lookup(
        sql`select p.name from ${orgUnits} o join ${orgUnits} p on p.id = o.parent_id where o.id = ${f.targetUnitId}`,
      ),
      positionTitle: lookup(sql`select p.title from ${positions} p where p.id = ${f.targetPositionId}`),
      positionUnit: lookup(
        sql`select o.name from ${positions} p join ${orgUnits} o on o.id = p.unit_id where p.id = ${f.targetPositionId}`,
      ),
      authorName: sql<
        string | null
      >`case when ${f.isAnonymous} then null else (select a.name from ${users} a where a.id = ${f.authorId}) end`,
      authorUsername: sql<
        string | null
      >`case when ${f.isAnonymous} then null else (select a.username from ${users} a where a.id = ${f.authorId}) end`,
      resolverName: lookup(sql`select r.name from ${users} r where r.id = ${f.resolvedBy}`),
      mine: sql<boolean>`${f.authorId} = ${viewer.id}`,
      aboutViewer: aboutViewer(viewer),
    })
    .from(feedback);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

/** What names a feedback's target: its type and the names looked up for it (the cards' and the export's queries both carry them). */
export type TargetNames = { f: { targetType: CardRow['f']['targetType'] } } & Pick<
  CardRow,
  | 'userName'
  | 'userUsername'
  | 'eventTitle'
  | 'eventUnit'
  | 'unitName'
  | 'unitParent'
  | 'positionTitle'
  | 'positionUnit'
>;

export function targetOf(row: TargetNames): FeedbackItem['target'] {
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

/** What a feedback is about, as the cards name it (its author's notification and the resolvers' queue say the same). */
export async function targetLabelOf(db: Database, viewerId: string, id: string): Promise<string> {
  const [row] = await cardQuery(db, { id: viewerId, role: 'STUDENT' })
    .where(eq(feedback.id, id))
    .limit(1);
  return row ? targetOf(row).label : '';
}

const toCard = (row: CardRow, viewer: DeskViewer): FeedbackItem => ({
  id: row.f.id,
  type: row.f.type,
  targetType: row.f.targetType,
  target: targetOf(row),
  rating: row.f.rating,
  comments: row.f.comments,
  isAnonymous: row.f.isAnonymous,
  author:
    row.authorName !== null && row.authorUsername !== null
      ? { name: row.authorName, username: row.authorUsername }
      : null,
  mine: row.mine,
  createdAt: row.f.createdAt.toISOString(),
  isResolved: row.f.isResolved,
  actionsTaken: row.f.actionsTaken,
  resolvedBy: row.resolverName ? { name: row.resolverName } : null,
  resolvedAt: row.f.resolvedAt?.toISOString() ?? null,
  canResolve: resolves(viewer.role) && !row.f.isResolved && !row.aboutViewer,
});

/** The whole desk's counts, as an official sees them, from the tallies: a few rows read however much feedback there is. */
async function deskTallies(
  db: Database,
  type: FeedbackListQuery['type'],
): Promise<{ overall: number; all: number; resolved: number }[]> {
  const types = type ? [type] : FEEDBACK_TYPES;
  const result = await db.execute(sql`select
    ${tallyOf(FEEDBACK_TYPES.flatMap((each) => [feedbackTally(each, false), feedbackTally(each, true)]))} as "overall",
    ${tallyOf(types.flatMap((each) => [feedbackTally(each, false), feedbackTally(each, true)]))} as "all",
    ${tallyOf(types.map((each) => feedbackTally(each, true)))} as "resolved"`);
  return rowsOf<{ overall: number; all: number; resolved: number }>(result);
}

/** The totals of a list: all of the scope, and of the type filter all and resolved. */
type DeskCounts = { overall: number; all: number; resolved: number };

function listOf(
  rows: CardRow[],
  counted: DeskCounts,
  viewer: DeskViewer,
  query: FeedbackListQuery,
): FeedbackList {
  const counts = {
    all: counted.all,
    resolved: counted.resolved,
    unresolved: counted.all - counted.resolved,
  };
  return {
    items: rows.map((row) => toCard(row, viewer)),
    total: query.status === 'all' ? counts.all : counts[query.status],
    overall: counted.overall,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    resolver: resolves(viewer.role),
  };
}

/** A club coordinator's rows: the feedback about their club, the club found in the statement itself. */
const clubDeskRows = (db: Database, viewer: DeskViewer) =>
  feedbackAboutClub(db, coordinatorClubIdWithin(db, viewer.id));

/** The list's filters over the viewer's rows, the type and the status: the list and its export both read them here. */
export function deskFilters(
  scoped: DeskScope['rows'],
  query: FeedbackExportQuery,
): { ofType: SQL; status: SQL } {
  const ofType = query.type ? eq(scoped.type, query.type) : sql`true`;
  const status =
    query.status === 'resolved'
      ? fixed(scoped.isResolved, true)
      : query.status === 'unresolved'
        ? fixed(scoped.isResolved, false)
        : sql`true`;
  return { ofType, status };
}

/**
 * A club coordinator's list: the club found in the statement itself, and the club's feedback read
 * once for the page and its totals (windows over the scope, before the filters and the limit);
 * the cards are then named for the page's rows.
 */
async function listClubFeedback(
  db: Database,
  viewer: DeskViewer,
  query: FeedbackListQuery,
): Promise<FeedbackList> {
  const scoped = clubDeskRows(db, viewer);
  const { ofType, status } = deskFilters(scoped, query);
  const windowed = db
    .select({
      id: scoped.id,
      createdAt: scoped.createdAt,
      overall: sql<number>`(count(*) over ())::int`.as('overall'),
      all: sql<number>`(count(*) filter (where ${ofType}) over ())::int`.as('all_of_type'),
      resolved:
        sql<number>`(count(*) filter (where ${ofType} and ${scoped.isResolved}) over ())::int`.as(
          'resolved_of_type',
        ),
      listed: sql<boolean>`(${ofType} and ${status})`.as('listed'),
    })
    .from(scoped)
    .as('windowed');
  const page = await db
    .select({
      id: windowed.id,
      overall: windowed.overall,
      all: windowed.all,
      resolved: windowed.resolved,
    })
    .from(windowed)
    .where(eq(windowed.listed, true))
    .orderBy(desc(windowed.createdAt), desc(windowed.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  if (page.length === 0) {
    // Nothing on this page to carry the totals: count them alone.
    const [counted] = await db
      .select({
        overall: sql<number>`count(*)::int`,
        all: sql<number>`(count(*) filter (where ${ofType}))::int`,
        resolved: sql<number>`(count(*) filter (where ${ofType} and ${scoped.isResolved}))::int`,
      })
      .from(scoped);
    return listOf([], counted!, viewer, query);
  }
  const ids = page.map((row) => row.id);
  const rows = await cardQuery(db, viewer)
    .where(inArray(feedback.id, ids))
    .orderBy(desc(feedback.createdAt), desc(feedback.id));
  return listOf(rows, page[0]!, viewer, query);
}

/** The feedback list of /viewfeedback: the viewer's scope, filtered by status and type, newest first, with the totals. */
export async function listFeedback(
  db: Database,
  viewer: DeskViewer,
  query: FeedbackListQuery,
): Promise<FeedbackList> {
  if (normalizeRole(viewer.role) === 'CLUB_COORDINATOR') return listClubFeedback(db, viewer, query);
  const { rows: scoped, where } = await scopeOf(db, viewer);
  const inScope = scoped === feedback ? where : undefined;
  const { ofType, status } = deskFilters(scoped, query);
  // The page's ids from the date index (or the club's own rows), in the statement that names their targets, so the lookups run for those rows only.
  const pageIds = db
    .select({ id: scoped.id })
    .from(scoped)
    .where(and(inScope, ofType, status))
    .orderBy(desc(scoped.createdAt), desc(scoped.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, [counted]] = await Promise.all([
    cardQuery(db, viewer)
      .where(inArray(feedback.id, pageIds))
      .orderBy(desc(feedback.createdAt), desc(feedback.id)),
    isOfficial(viewer.role)
      ? deskTallies(db, query.type)
      : db
          .select({
            overall: sql<number>`count(*)::int`,
            all: sql<number>`(count(*) filter (where ${ofType}))::int`,
            resolved: sql<number>`(count(*) filter (where ${ofType} and ${scoped.isResolved}))::int`,
          })
          .from(scoped)
          .where(inScope),
  ]);
  return listOf(rows, counted!, viewer, query);
}

/**
 * Marks feedback in the viewer's scope as resolved with the actions taken. One conditional update
 * decides: the first resolver wins, a second hears 409. Feedback about the resolver is left to
 * another official (deviation 33).
 */
export async function resolveFeedback(
  db: Database,
  viewer: DeskViewer,
  id: string,
  actionsTaken: string,
): Promise<FeedbackItem> {
  const { where: scope } = await scopeOf(db, viewer);
  const [found] = await db
    .select({ aboutViewer: aboutViewer(viewer), type: feedback.type, targetType: feedback.targetType })
    .from(feedback)
    .where(and(eq(feedback.id, id), scope))
    .limit(1);
  if (!found) throw AppError.notFound(FEEDBACK_DESK_MESSAGES.notFound);
  if (found.aboutViewer) throw AppError.forbidden(FEEDBACK_DESK_MESSAGES.aboutYou);
  const resolved = await db.transaction(async (tx) => {
    await auditAs(tx, viewer.id);
    const [row] = await tx
      .update(feedback)
      .set({ isResolved: true, actionsTaken, resolvedBy: viewer.id, resolvedAt: new Date() })
      .where(and(eq(feedback.id, id), fixed(feedback.isResolved, false)))
      .returning({ id: feedback.id, authorId: feedback.authorId });
    if (!row) return false;
    // Told to the author alone, anonymous or not; an official resolving their own feedback is not told of it.
    const author = row.authorId === viewer.id ? null : row.authorId;
    await notifyPerson(tx, author, {
      kind: 'feedback',
      outcome: 'resolved',
      subject: await targetLabelOf(tx, viewer.id, id),
      detail: actionsTaken,
      link: '/viewfeedback?status=resolved',
    });
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
