import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DELIVERIES, NOTIFICATION_KINDS, STORED_ANNOUNCEMENT_AUDIENCES } from '@cosa/contracts';
import { createdAt, oneOf, updatedAt } from './helpers';
import { orgUnits } from './org-units';
import { users } from './users';

/** A council announcement to an audience; each recipient gets a notification that points to it. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: STORED_ANNOUNCEMENT_AUDIENCES }).notNull(),
    audienceValue: text('audience_value'),
    clubUnitId: uuid('club_unit_id').references(() => orgUnits.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** How many were sent it, fixed when it is posted. */
    recipients: integer('recipients').notNull().default(0),
    /** How many of them have read it: kept by a trigger on notifications (migration 0018), so the author's list counts nothing. */
    readers: integer('readers').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('announcements_author_created_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    check('announcements_audience_check', oneOf(t.audience, STORED_ANNOUNCEMENT_AUDIENCES)),
  ],
);

/** What the portal tells one person; a queue's notification gathers the items that arrived since it was read. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    outcome: text('outcome'),
    subject: text('subject').notNull(),
    detail: text('detail'),
    link: text('link').notNull(),
    /** Set for a queue's notification: one unread notification per person and group, counting its items. */
    groupKey: text('group_key'),
    itemCount: integer('item_count').notNull().default(1),
    announcementId: uuid('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    /** The record a decision's notice is about (an achievement, a skill claim, a catalogue skill), so an undo withdraws that notice and no other. */
    subjectId: uuid('subject_id'),
    /** How the person chose to hear of this kind when it was made. */
    delivery: text('delivery', { enum: DELIVERIES }).notNull(),
    /** When its e-mail (at once or in a digest) went out; null while one is owed. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** Failed sends of its e-mail; past a few the portal stops trying. */
    mailAttempts: smallint('mail_attempts').notNull().default(0),
    /** Its e-mail is not sent before this: a failed send waits longer each time; a queue's e-mail waits an hour after the last. */
    mailAfter: timestamp('mail_after', { withTimezone: true }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_open_group_key')
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
    index('notifications_mail_due_idx')
      .on(t.delivery, t.createdAt)
      .where(sql`${t.emailedAt} is null and ${t.delivery} <> 'app'`),
    index('notifications_announcement_idx').on(t.announcementId),
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_delivery_check', oneOf(t.delivery, DELIVERIES)),
    check('notifications_item_count_check', sql`${t.itemCount} >= 1`),
  ],
);

/**
 * A person's choices: how each kind reaches them ({ kind: delivery }, defaults where absent),
 * whether each kind is pushed to their devices ({ kind: boolean }, decision 0042) and the digest's hour.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveries: jsonb('deliveries').$type<Record<string, string>>().notNull().default({}),
    push: jsonb('push').$type<Record<string, boolean>>().notNull().default({}),
    digestHour: smallint('digest_hour').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('notification_settings_digest_hour_check', sql`${t.digestHour} between 0 and 23`)],
);
