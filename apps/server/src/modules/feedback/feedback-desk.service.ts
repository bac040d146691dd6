import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  FEEDBACK_DESK_MESSAGES,
  FEEDBACK_TYPES,
  normalizeRole,
  type FeedbackItem,
  type FeedbackList,
  type FeedbackListQuery,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { feedbackTally, tallyOf } from '../../db/tallies';
import { feedback } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { rowsOf } from '../../db/rows';
import { notifyPerson } from '../notifications/notify.service';
import {
  aboutViewer,
  cardQuery,
  clubDeskRows,
  deskFilters,
  isOfficial,
  resolves,
  scopeOf,
  targetLabelOf,
  targetNameLookups,
  targetOf,
  toCard,
  type CardRow,
  type DeskViewer,
  type TargetNames,
} from './feedback-desk.read';

/* The feedback desk's list (/viewfeedback) and resolving a feedback; what each viewer sees is read in feedback-desk.read. */

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
    // One feedback asked for by its id is a list of it alone.
    total: query.id ? rows.length : query.status === 'all' ? counts.all : counts[query.status],
    overall: counted.overall,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    resolver: resolves(viewer.role),
  };
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
  const one = query.id ? eq(scoped.id, query.id) : sql`true`;
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
      listed: sql<boolean>`(${ofType} and ${status} and ${one})`.as('listed'),
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
  // One feedback asked for by its id shows whatever its status and type (resolved since the link was made, too).
  if (query.id) query = { ...query, status: 'all', type: undefined };
  if (normalizeRole(viewer.role) === 'CLUB_COORDINATOR') return listClubFeedback(db, viewer, query);
  const { rows: scoped, where } = await scopeOf(db, viewer);
  const inScope = scoped === feedback ? where : undefined;
  const { ofType, status } = deskFilters(scoped, query);
  // The page's ids from the date index (or the club's own rows), in the statement that names their targets, so the lookups run for those rows only.
  const pageIds = db
    .select({ id: scoped.id })
    .from(scoped)
    .where(and(inScope, ofType, status, query.id ? eq(scoped.id, query.id) : undefined))
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

/**
 * The feedback a viewer could resolve now: unresolved, in the scope their desk shows, and not
 * about themselves (another official resolves that). The global search finds it by this.
 */
export async function resolvableBy(db: Database, viewer: DeskViewer): Promise<SQL> {
  const { where: inScope } = await scopeOf(db, viewer);
  // `is not true`: about a position is null, not false, when the feedback is about no position.
  return and(fixed(feedback.isResolved, false), inScope, sql`(${aboutViewer(viewer)}) is not true`)!;
}

/** The target's own name, looked up in the statement that selects the feedback (targetNameOf reads it). */
export { targetNameLookups };

/** What a feedback is about, named as the desk's cards name it, from the target's own name. */
export const targetNameOf = (
  row: Pick<TargetNames, 'userName' | 'eventTitle' | 'unitName' | 'positionTitle'> & {
    targetType: TargetNames['f']['targetType'];
  },
): string =>
  targetOf({
    ...row,
    f: { targetType: row.targetType },
    userUsername: null,
    eventUnit: null,
    unitParent: null,
    positionUnit: null,
  }).label;

/**
 * How much feedback the viewer could resolve now (the bell's count of their feedback queue): for an
 * official the desk's unresolved tally less what is about themselves, found through the target
 * indexes; for a coordinator their club's, counted.
 */
export async function resolvableCount(db: Database, viewer: DeskViewer): Promise<number> {
  if (!resolves(viewer.role)) return 0;
  if (!isOfficial(viewer.role)) {
    const [row] = await db
      .select({ n: count() })
      .from(feedback)
      .where(await resolvableBy(db, viewer));
    return row?.n ?? 0;
  }
  const [[tally], [aboutThem]] = await Promise.all([
    deskTallies(db, undefined),
    db
      .select({ n: count() })
      .from(feedback)
      .where(and(fixed(feedback.isResolved, false), sql`(${aboutViewer(viewer)}) is true`)),
  ]);
  return (tally ? tally.all - tally.resolved : 0) - (aboutThem?.n ?? 0);
}
