import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '@cosa/contracts';
import { createdAt, oneOf, updatedAt } from './helpers';
import { users } from './users';

/** Bookable rooms; the migration seeds DEFAULT_ROOMS. */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    capacity: integer('capacity'),
    description: text('description'),
    /** What the room offers (projector, whiteboard, ...), as the administrator types them. */
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A retired room keeps its bookings but can no longer be requested. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rooms_name_key').on(t.name),
    check('rooms_name_not_blank_check', sql`length(trim(${t.name})) > 0`),
    check('rooms_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/**
 * Room booking requests. A migration adds the exclusion constraint
 * room_bookings_no_overlap: two Approved bookings of one room never overlap in time. An end time
 * of 24:00 is the end of the day. One requester never has two identical pending requests.
 */
export const roomBookings = pgTable(
  'room_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('Pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The president's optional note with a decision, shown to the requester. */
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('room_bookings_room_date_idx').on(t.roomId, t.date),
    index('room_bookings_requested_by_idx').on(t.requestedBy),
    index('room_bookings_decided_by_idx').on(t.decidedBy),
    index('room_bookings_status_idx').on(t.status),
    index('room_bookings_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('room_bookings_status_date_idx').on(t.status, t.date.desc(), t.startTime.desc()),
    index('room_bookings_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    uniqueIndex('room_bookings_pending_once_key')
      .on(t.requestedBy, t.roomId, t.date, t.startTime, t.endTime)
      .where(sql`${t.status} = 'Pending'`),
    check('room_bookings_time_order_check', sql`${t.endTime} > ${t.startTime}`),
    check('room_bookings_description_check', sql`length(trim(${t.description})) > 0`),
    check('room_bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
  ],
);

export type Room = typeof rooms.$inferSelect;
export type NewRoom = typeof rooms.$inferInsert;
export type RoomBooking = typeof roomBookings.$inferSelect;
export type NewRoomBooking = typeof roomBookings.$inferInsert;
