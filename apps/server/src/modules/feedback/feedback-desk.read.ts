import { eq, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  normalizeRole,
  OFFICIAL_ROLES,
  type FeedbackExportQuery,
  type FeedbackItem,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, feedback, orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import {
  coordinatorClubId,
  coordinatorClubIdWithin,
  feedbackAboutClub,
  isFeedbackAboutClub,
} from '../clubs/club-scope.service';

/* What the feedback desk shows whom: each viewer's scope, and the cards as they read them. */

/** Who is looking at the desk. */
export type DeskViewer = { id: string; role: string };

export const isOfficial = (role: string) =>
  (OFFICIAL_ROLES as readonly string[]).includes(normalizeRole(role));
export const resolves = (role: string) => isOfficial(role) || normalizeRole(role) === 'CLUB_COORDINATOR';

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
export const aboutViewer = (viewer: DeskViewer) =>
  sql<boolean>`(${feedback.targetUserId} is not distinct from ${viewer.id}::uuid or ${feedback.targetPositionId} in (
    select ${positionHolders.positionId} from ${positionHolders}
    where ${positionHolders.userId} = ${viewer.id} and ${positionHolders.status} = 'active'))`;

/** One value about a card's target or people, looked up by key (a scalar subquery: planned in no time, unlike a nine-way join). */
const lookup = (query: SQL) => sql<string | null>`(${query})`;

/** The target's own name, by its type's table: what a card, the export and a search result name it by. */
export const targetNameLookups = {
  userName: lookup(sql`select u.name from ${users} u where u.id = ${feedback.targetUserId}`),
  eventTitle: lookup(sql`select e.title from ${events} e where e.id = ${feedback.targetEventId}`),
  unitName: lookup(sql`select o.name from ${orgUnits} o where o.id = ${feedback.targetUnitId}`),
  positionTitle: lookup(
    sql`select p.title from ${positions} p where p.id = ${feedback.targetPositionId}`,
  ),
};

/** The cards' query: the target named, the author only when not anonymous, never an id of either. */
export function cardQuery(db: Database, viewer: DeskViewer) {
  const f = feedback;
  return db
    .select({
      f: feedback,
      ...targetNameLookups,
      userUsername: lookup(sql`select u.username from ${users} u where u.id = ${f.targetUserId}`),
      eventUnit: lookup(
        sql`select o.name from ${events} e join ${orgUnits} o on o.id = e.organizing_unit_id where e.id = ${f.targetEventId}`,
      ),
      unitParent: lookup(
        sql`select p.name from ${orgUnits} o join ${orgUnits} p on p.id = o.parent_id where o.id = ${f.targetUnitId}`,
      ),
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

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

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

export const toCard = (row: CardRow, viewer: DeskViewer): FeedbackItem => ({
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

/** A club coordinator's rows: the feedback about their club, the club found in the statement itself. */
export const clubDeskRows = (db: Database, viewer: DeskViewer) =>
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
