import { and, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_DELIVERY,
  DEFAULT_DIGEST_HOUR,
  DEFAULT_PUSH,
  ERROR_CODES,
  NOTIFICATION_KINDS,
  type Delivery,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreferences,
  type UpdatePreferencesRequest,
  normalizeRole,
  notificationKindsFor,
  NOT_RECEIVED_MESSAGE,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import {
  notifications,
  notificationSettings,
  pushDeliveries,
  pushSubscriptions,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { announceLive } from './notify.service';

const NOTIFICATION_COLUMNS = {
  id: notifications.id,
  kind: notifications.kind,
  outcome: notifications.outcome,
  subject: notifications.subject,
  detail: notifications.detail,
  link: notifications.link,
  itemCount: notifications.itemCount,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

type NotificationRow = Omit<Notification, 'createdAt' | 'readAt'> & {
  createdAt: Date;
  readAt: Date | null;
};

const toNotification = (row: NotificationRow): Notification => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

/** How many of a person's notifications are unread; served by the partial index of unread ones. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks read a person's queue notices whose queue emptied (decision 0022), resolving to whether any
 * changed: the queues module's settleQueueNotices, handed over at start (app.ts), since the modules
 * whose queues it counts notify through this one.
 */
export type SettleQueueNotices = (userId: string, only?: readonly string[]) => Promise<boolean>;

/** Who has an unread notice of one of these queues: the people whose notices a change of the queues may settle. */
export async function unreadQueueHolders(db: Database, queues: readonly string[]): Promise<string[]> {
  if (queues.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, 'queue'),
        isNull(notifications.readAt),
        inArray(notifications.outcome, [...queues]),
      ),
    );
  return rows.map((row) => row.userId);
}

/** Settles the person's queue notices before their notifications are shown or counted, telling their other tabs when any changed. */
export async function settleNotices(
  db: Database,
  userId: string,
  settle: SettleQueueNotices,
): Promise<void> {
  if (await settle(userId)) await announceLive(db, [userId]);
}

/** Queue notices of one queue group as its newest; with 'none' the bell leaves them out (it counts the queues itself). */
function queueFilter(queues: NotificationListQuery['queues']): SQL {
  if (queues === 'none') return ne(notifications.kind, 'queue');
  return sql`not (${notifications.kind} = 'queue' and exists (
    select 1 from notifications newer where newer.user_id = ${notifications.userId} and newer.kind = 'queue'
      and newer.outcome = ${notifications.outcome}
      and (newer.created_at, newer.id) > (${notifications.createdAt}, ${notifications.id})))`;
}

/** A person's notifications, newest first, paged; `show: 'unread'` leaves out the read ones. */
export async function listNotifications(
  db: Database,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const mine = and(eq(notifications.userId, userId), queueFilter(query.queues));
  const where = query.show === 'unread' ? and(mine, isNull(notifications.readAt)) : mine;
  const [rows, [overall], [listed], unread] = await Promise.all([
    db
      .select(NOTIFICATION_COLUMNS)
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notifications).where(mine),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, userId),
  ]);
  return {
    items: rows.map(toNotification),
    total: listed?.n ?? 0,
    overall: overall?.n ?? 0,
    unread,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Marks one of the person's notifications read (again is fine); someone else's is not found. */
export async function markRead(db: Database, userId: string, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    if (!row) throw new AppError(404, ERROR_CODES.notFound, 'This notification was not found.');
    if (!row.readAt) {
      await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
      await announceLive(tx, [userId]);
    }
    return unreadCount(tx, userId);
  });
}

/** Marks every notification of the person read. */
export async function markAllRead(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (changed.length > 0) await announceLive(tx, [userId]);
  });
}

const isDelivery = (value: unknown): value is Delivery =>
  value === 'app' || value === 'instant' || value === 'digest';

/** A person's choices, with the defaults for every kind they have not chosen. */
export async function getPreferences(
  db: Pick<Database, 'select'>,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  const chosen = row?.deliveries ?? {};
  const deliveries = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      isDelivery(chosen[kind]) ? chosen[kind] : DEFAULT_DELIVERY[kind],
    ]),
  ) as Record<NotificationKind, Delivery>;
  const pushed = row?.push ?? {};
  const push = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      typeof pushed[kind] === 'boolean' ? pushed[kind] : DEFAULT_PUSH[kind],
    ]),
  ) as Record<NotificationKind, boolean>;
  return { deliveries, push, digestHour: row?.digestHour ?? DEFAULT_DIGEST_HOUR };
}

const givenOf = <T>(choices: Partial<Record<string, T | undefined>> | undefined) =>
  Object.fromEntries(Object.entries(choices ?? {}).filter(([, value]) => value !== undefined)) as Record<
    string,
    T
  >;

/** Changes some of a person's choices, keeping the others; only kinds their role can be sent. Notifications already made keep the delivery they were made with. */
export async function updatePreferences(
  db: Database,
  user: { id: string; role: string },
  change: UpdatePreferencesRequest,
): Promise<NotificationPreferences> {
  const userId = user.id;
  const given = givenOf(change.deliveries);
  const givenPush = givenOf(change.push);
  // A choice for a kind this role is never sent (a student's room bookings) is refused, not kept.
  const received = notificationKindsFor(normalizeRole(user.role)) as string[];
  const foreign = [
    ...Object.keys(given).map((kind) => ['deliveries', kind] as const),
    ...Object.keys(givenPush).map((kind) => ['push', kind] as const),
  ].filter(([, kind]) => !received.includes(kind));
  if (foreign.length > 0)
    throw AppError.badRequest(
      NOT_RECEIVED_MESSAGE,
      Object.fromEntries(foreign.map(([group, kind]) => [`${group}.${kind}`, NOT_RECEIVED_MESSAGE])),
    );
  return db.transaction(async (tx) => {
    // One statement: two saves at once both land, each kind keeping the later choice.
    await tx
      .insert(notificationSettings)
      .values({
        userId,
        deliveries: given,
        push: givenPush,
        digestHour: change.digestHour ?? DEFAULT_DIGEST_HOUR,
      })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: {
          deliveries: sql`${notificationSettings.deliveries} || ${JSON.stringify(given)}::jsonb`,
          push: sql`${notificationSettings.push} || ${JSON.stringify(givenPush)}::jsonb`,
          digestHour: change.digestHour ?? sql`${notificationSettings.digestHour}`,
          updatedAt: sql`now()`,
        },
      });
    // What still waits for its e-mail follows the new choice: nothing of a kind turned off is sent
    // after the change. What was never to be e-mailed stays so: a new choice never mails the past.
    for (const [kind, delivery] of Object.entries(given)) {
      await tx
        .update(notifications)
        .set({ delivery: delivery as Delivery })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.kind, kind as NotificationKind),
            isNull(notifications.emailedAt),
            ne(notifications.delivery, 'app'),
          ),
        );
    }
    // Pushes still owed of a kind turned off are not sent after the change.
    const stopped = Object.entries(givenPush)
      .filter(([, on]) => !on)
      .map(([kind]) => kind as NotificationKind);
    if (stopped.length > 0)
      await tx.delete(pushDeliveries).where(
        and(
          inArray(
            pushDeliveries.subscriptionId,
            tx
              .select({ id: pushSubscriptions.id })
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.userId, userId)),
          ),
          inArray(
            pushDeliveries.notificationId,
            tx
              .select({ id: notifications.id })
              .from(notifications)
              .where(and(eq(notifications.userId, userId), inArray(notifications.kind, stopped))),
          ),
        ),
      );
    return getPreferences(tx, userId);
  });
}
