import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EVENT_APPROVALS, EVENT_CATEGORIES, EVENT_MODES, EVENT_STATUSES } from '@cosa/contracts';
import { createdAt, money, oneOf, readableCode, searchDocumentColumn, updatedAt } from './helpers';
import { orgUnits } from './org-units';
import { roomBookings } from './rooms';
import { users } from './users';

export const eventCodeSeq = pgSequence('event_code_seq');

/** Events run by a unit, with schedule, registration and budget. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventCode: text('event_code')
      .notNull()
      .default(readableCode('EVT-', eventCodeSeq, 5)),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category', { enum: EVENT_CATEGORIES }).notNull(),
    type: text('type'),
    organizingUnitId: uuid('organizing_unit_id').references(() => orgUnits.id, { onDelete: 'set null' }),
    scheduleStart: timestamp('schedule_start', { withTimezone: true }),
    scheduleEnd: timestamp('schedule_end', { withTimezone: true }),
    venue: text('venue'),
    mode: text('mode', { enum: EVENT_MODES }),
    registrationRequired: boolean('registration_required').notNull().default(false),
    registrationStart: timestamp('registration_start', { withTimezone: true }),
    registrationEnd: timestamp('registration_end', { withTimezone: true }),
    registrationFees: money('registration_fees'),
    maxParticipants: integer('max_participants'),
    budgetAllocated: money('budget_allocated').notNull().default(0),
    sponsors: text('sponsors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('planned'),
    /** Where the event stands with the council (EVENT_APPROVALS); only approved events are public. */
    approval: text('approval', { enum: EVENT_APPROVALS }).notNull().default('approved'),
    /** The general secretary's reason for asking changes or rejecting; cleared when approved. */
    approvalReason: text('approval_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who may register, from the institute's record: empty means everyone. */
    eligibleBatchYears: integer('eligible_batch_years')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    eligiblePrograms: text('eligible_programs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    eligibleDisciplines: text('eligible_disciplines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The door may check in people who did not register. */
    walkIns: boolean('walk_ins').notNull().default(false),
    /** The room requested for the event's time with its proposal, in the room-booking flow. */
    roomBookingId: uuid('room_booking_id').references(() => roomBookings.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The words the global search finds the record by (searchDocumentColumn). */
    searchDocument: searchDocumentColumn('title', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('events_event_code_key').on(t.eventCode),
    index('events_organizing_unit_id_idx').on(t.organizingUnitId),
    index('events_schedule_start_idx').on(t.scheduleStart),
    index('events_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('events_approval_idx').on(t.approval, t.scheduleStart),
    index('events_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The global search's words of an event.
    index('events_search_fts_idx').using('gin', t.searchDocument),
    check('events_title_not_blank_check', sql`length(trim(${t.title})) > 0`),
    check('events_category_check', oneOf(t.category, EVENT_CATEGORIES)),
    check('events_mode_check', oneOf(t.mode, EVENT_MODES)),
    check('events_status_check', oneOf(t.status, EVENT_STATUSES)),
    check('events_approval_check', oneOf(t.approval, EVENT_APPROVALS)),
    check('events_registration_fees_check', sql`${t.registrationFees} >= 0`),
    check('events_max_participants_check', sql`${t.maxParticipants} > 0`),
    check('events_budget_allocated_check', sql`${t.budgetAllocated} >= 0`),
    check('events_schedule_order_check', sql`${t.scheduleEnd} >= ${t.scheduleStart}`),
    check('events_registration_order_check', sql`${t.registrationEnd} >= ${t.registrationStart}`),
  ],
);

/** The users who organise an event. */
export const eventOrganizers = pgTable(
  'event_organizers',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'event_organizers_pkey', columns: [t.eventId, t.userId] }),
    index('event_organizers_user_id_idx').on(t.userId),
  ],
);

export type EventRecord = typeof events.$inferSelect;
export type NewEventRecord = typeof events.$inferInsert;
export type EventOrganizer = typeof eventOrganizers.$inferSelect;
export type NewEventOrganizer = typeof eventOrganizers.$inferInsert;
