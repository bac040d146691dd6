import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { REGISTRATION_STATUSES } from '@cosa/contracts';
import { events } from './events';
import { feedback } from './feedback';
import { createdAt, oneOf, updatedAt } from './helpers';
import { users } from './users';

/* Taking part in events: registrations and the waitlist, check-in at the door, ratings, calendars, reminders. */

/**
 * A person's registration for an event. `seq` is the arrival order the waitlist is served in. One
 * live (confirmed or waitlisted) registration per person and event. The ticket is the
 * registration's id signed by the server (never stored). A walk-in is a registration the door made.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    /** When the seat was given: at registration, or when a freed seat reached them from the waitlist. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The seat came from the waitlist (they were told, and may decline it). */
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    walkIn: boolean('walk_in').notNull().default(false),
    /** The organiser marked the fee paid (payment happens outside the portal). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidMarkedBy: uuid('paid_marked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_registrations_live_key')
      .on(t.eventId, t.userId)
      .where(sql`${t.status} in ('confirmed', 'waitlisted')`),
    index('event_registrations_event_status_idx').on(t.eventId, t.status, t.seq),
    index('event_registrations_user_idx').on(t.userId, t.createdAt.desc()),
    check('event_registrations_status_check', oneOf(t.status, REGISTRATION_STATUSES)),
    check(
      'event_registrations_confirmed_check',
      sql`${t.status} <> 'confirmed' or ${t.confirmedAt} is not null`,
    ),
    check(
      'event_registrations_check_in_check',
      sql`${t.checkedInAt} is null or ${t.status} = 'confirmed'`,
    ),
  ],
);

/**
 * Every scan the door sent, by the id the device gave it: a scan replayed after a dropped
 * connection finds its id taken and counts nothing twice.
 */
export const eventCheckInScans = pgTable(
  'event_check_in_scans',
  {
    scanId: uuid('scan_id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id').references(() => eventRegistrations.id, {
      onDelete: 'set null',
    }),
    scannedBy: uuid('scanned_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the device scanned it (it may reach the server later). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** What the scan came to: checked_in, already, invalid, not_confirmed, cancelled. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_check_in_scans_event_idx').on(t.eventId, t.receivedAt)],
);

/** An attendee's rating of an event: once per person, its words kept as feedback about the event. */
export const eventRatings = pgTable(
  'event_ratings',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    feedbackId: uuid('feedback_id').references(() => feedback.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'event_ratings_pkey', columns: [t.eventId, t.userId] }),
    check('event_ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** A person's private calendar feed: the hash of the secret in its address; replaced to revoke. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

/** The reminders sent for an event ('24h', '1h'), so each goes out once whatever the runs. */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The start the reminder was for: a moved event is reminded again. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'event_reminders_pkey', columns: [t.eventId, t.kind, t.startsAt] })],
);

export type EventRegistration = typeof eventRegistrations.$inferSelect;
export type NewEventRegistration = typeof eventRegistrations.$inferInsert;
