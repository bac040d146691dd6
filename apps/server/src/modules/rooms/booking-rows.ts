import { and, asc, desc, eq, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Booking } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { roomBookings, rooms, users } from '../../db/schema/index';
import { hhmm, type WallClock } from './rooms.policy';

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');
const other = alias(roomBookings, 'other');

type Timed = { date: PgColumn; endTime: PgColumn };

/** The institute's wall clock as a statement reads it: a date and a time, or placeholders for them in a prepared statement. */
export type ClockValues = { date: string | SQLWrapper; time: string | SQLWrapper };

/**
 * The booking's end has passed on the institute's clock. Compared as a calendar date and a wall
 * time rather than an instant, so the date index still serves it; 24:00 ends after every minute.
 */
const endedBy = (clock: ClockValues, t: Timed = roomBookings): SQL =>
  sql`(${t.date} < ${clock.date}::date or (${t.date} = ${clock.date}::date and ${t.endTime} <= ${clock.time}::time))`;

/** Pending and still to end: what the president can decide and what counts as Pending. */
export const awaitingBy = (clock: ClockValues): SQL =>
  and(fixed(roomBookings.status, 'Pending'), not(endedBy(clock)))!;

/** Two bookings of one room overlap on one day (the exclusion constraint's rule, for any status). */
const overlapping = (a: typeof roomBookings, b: typeof other) =>
  and(
    eq(b.roomId, a.roomId),
    eq(b.date, a.date),
    sql`${b.startTime} < ${a.endTime}`,
    sql`${a.startTime} < ${b.endTime}`,
  );

/** A pending request that overlaps another pending request of the same room, neither of them over. */
const clashesBy = (clock: ClockValues) => sql<boolean>`(${roomBookings.status} = 'Pending' and exists (
  select 1 from ${roomBookings} as "other" where ${overlapping(roomBookings, other)}
    and ${other.id} <> ${roomBookings.id} and ${other.status} = 'Pending' and not ${endedBy(clock, other)}))`;

/** For a pending request, the times of the first approved booking of the room it overlaps ('10:00:00-12:00:00'). */
const approvedOverlap = sql<string | null>`(case when ${roomBookings.status} = 'Pending' then (
  select ${other.startTime}::text || '-' || ${other.endTime}::text from ${roomBookings} as "other"
    where ${overlapping(roomBookings, other)} and ${other.status} = 'Approved' order by ${other.startTime} limit 1) end)`;

/** The rows of a booking list with the names of the room, the requester and the decider, read at `clock`. */
export function bookingQuery(db: Database, clock: ClockValues) {
  return db
    .select({
      b: roomBookings,
      roomName: rooms.name,
      requesterName: requester.name,
      deciderName: decider.name,
      ended: sql<boolean>`${endedBy(clock)}`,
      clashes: clashesBy(clock),
      approvedOverlap,
    })
    .from(roomBookings)
    .innerJoin(rooms, eq(rooms.id, roomBookings.roomId))
    .innerJoin(requester, eq(requester.id, roomBookings.requestedBy))
    .leftJoin(decider, eq(decider.id, roomBookings.decidedBy));
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['execute']>>[number];

/** A row as the API shows it: a pending request whose end has passed reads 'Expired', with nothing to act on. */
export function toBooking({
  b,
  roomName,
  requesterName,
  deciderName,
  ended,
  clashes,
  approvedOverlap: overlap,
}: BookingRow): Booking {
  const expired = b.status === 'Pending' && Boolean(ended);
  const [overlapStart, overlapEnd] = !expired && overlap ? overlap.split('-') : [];
  return {
    id: b.id,
    room: { id: b.roomId, name: roomName },
    date: b.date,
    startTime: hhmm(b.startTime),
    endTime: hhmm(b.endTime),
    description: b.description,
    status: expired ? 'Expired' : b.status,
    requestedBy: { name: requesterName },
    decidedBy: deciderName !== null ? { name: deciderName } : null,
    decidedAt: b.decidedAt?.toISOString() ?? null,
    decisionNote: b.decisionNote,
    createdAt: b.createdAt.toISOString(),
    clashes: !expired && !overlap && Boolean(clashes),
    approvedOverlap:
      overlapStart && overlapEnd ? { startTime: hhmm(overlapStart), endTime: hhmm(overlapEnd) } : null,
  };
}

/** Newest day first, then the latest start: the order of both booking tables. */
export const bookingOrder = [
  desc(roomBookings.date),
  desc(roomBookings.startTime),
  asc(roomBookings.id),
];

/** One booking with its names; null when there is none. */
export async function readBooking(db: Database, id: string, clock: WallClock): Promise<Booking | null> {
  const [row] = await bookingQuery(db, clock).where(eq(roomBookings.id, id)).limit(1);
  return row ? toBooking(row) : null;
}
