import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PUSH_ENDPOINT_MAX } from '@cosa/contracts';
import { sessions } from './auth';
import { createdAt } from './helpers';
import { notifications } from './notifications';
import { users } from './users';

/** RFC 8030's urgencies the portal uses. */
export const PUSH_URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;

/**
 * A device of a person with push on (decision 0042): the browser's push address and keys. It lives
 * as long as the session it was made in: signing out, a password change that ends the sessions or an
 * expired session removes it, so a shared phone never shows the previous person's notifications.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The push service's address for this device: a capability, never shown. */
    endpoint: text('endpoint').notNull(),
    /** The device's P-256 public key and auth secret, base64url, that each message is encrypted for. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'Chrome on Android', read from the User-Agent when it subscribed. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    /** When the browser last sent it, or the portal last tried a push to it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its push service last took a message. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
    index('push_subscriptions_session_idx').on(t.sessionId),
    check(
      'push_subscriptions_endpoint_check',
      sql`length(${t.endpoint}) <= ${sql.raw(String(PUSH_ENDPOINT_MAX))}`,
    ),
  ],
);

/**
 * A push owed: one notification to one device, until its push service takes it (the row goes),
 * says the device is gone (the subscription goes, and with it the row), or the message's time to
 * live runs out. A failed try puts `due_at` off, longer each time.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The Topic header: a newer message of the same topic replaces the older one undelivered; null: the notification's own id. */
    topic: text('topic'),
    urgency: text('urgency', { enum: PUSH_URGENCIES }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** Past this the message is of no use: it is dropped, and the TTL header counts down to it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.subscriptionId] }),
    index('push_deliveries_due_idx').on(t.dueAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
    check('push_deliveries_urgency_check', sql`${t.urgency} in ('very-low', 'low', 'normal', 'high')`),
    check('push_deliveries_topic_check', sql`${t.topic} ~ '^[A-Za-z0-9_-]{1,32}$'`),
  ],
);
