import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  ADMIN_ROOM_MESSAGES,
  ROOM_MESSAGES,
  type Booking,
  type BookingInput,
  type MyBookingList,
  type RoomSlots,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { roomBookings, rooms, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { logActivity } from '../activity/activity.service';
import { notifyQueue } from '../notifications/notify.service';
import { awaitingBy, bookingOrder, bookingQuery, readBooking, toBooking } from './booking-rows';
import {
  describeSlot,
  hhmm,
  PENDING_LIMIT,
  pastField,
  wallClockOf,
  type BookingActor,
  type BookingClock,
} from './rooms.policy';

/** The wording that names a booking's room, day and times in the activity log (the seeded history uses it too). */
export { describeSlot };

/**
 * The condition of a booking request still awaiting the president: pending, and its end not yet
 * passed on the institute's clock. The Pending counts of every page read it.
 */
export const awaitingDecision = (clock: BookingClock): SQL => awaitingBy(wallClockOf(clock));

/** Advisory-lock namespace of one requester's new requests ('rooms' on a phone keypad). */
const REQUEST_LOCK = 76_667;

/** The approved booking of the room that overlaps the given slot, if any. */
export async function approvedClash(
  db: Database,
  slot: { roomId: string; date: string; startTime: string; endTime: string; excludeId?: string },
) {
  const conditions: (SQL | undefined)[] = [
    eq(roomBookings.roomId, slot.roomId),
    eq(roomBookings.date, slot.date),
    fixed(roomBookings.status, 'Approved'),
    sql`${roomBookings.startTime} < ${slot.endTime}::time`,
    sql`${slot.startTime}::time < ${roomBookings.endTime}`,
    slot.excludeId ? ne(roomBookings.id, slot.excludeId) : undefined,
  ];
  const [row] = await db
    .select({
      room: rooms.name,
      date: roomBookings.date,
      startTime: roomBookings.startTime,
      endTime: roomBookings.endTime,
    })
    .from(roomBookings)
    .innerJoin(rooms, eq(rooms.id, roomBookings.roomId))
    .where(and(...conditions))
    .orderBy(asc(roomBookings.startTime))
    .limit(1);
  return row;
}

/** The 409 that names the approved booking a slot clashes with. */
export const clashError = (clash: { room: string; date: string; startTime: string; endTime: string }) =>
  AppError.conflict(
    `${describeSlot(clash.room, clash.date, clash.startTime, clash.endTime)} is already approved for another request.`,
  );

/** The rooms that can be booked, by name: a retired room keeps its bookings but leaves the list. */
export async function listRooms(db: Database) {
  return db
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(isNull(rooms.retiredAt))
    .orderBy(asc(rooms.name));
}

/** The day's approved bookings of a room and the requests still awaiting a decision, by start; 404 for an unknown room. */
export async function roomSlots(
  db: Database,
  actor: BookingActor,
  roomId: string,
  date: string,
  clock: BookingClock,
): Promise<RoomSlots> {
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  if (!room) throw AppError.notFound(ROOM_MESSAGES.unknownRoom);
  const rows = await db
    .select({
      startTime: roomBookings.startTime,
      endTime: roomBookings.endTime,
      status: roomBookings.status,
      requestedBy: roomBookings.requestedBy,
    })
    .from(roomBookings)
    .where(
      and(
        eq(roomBookings.roomId, roomId),
        eq(roomBookings.date, date),
        or(fixed(roomBookings.status, 'Approved'), awaitingDecision(clock)),
      ),
    )
    .orderBy(asc(roomBookings.startTime), asc(roomBookings.endTime));
  return {
    date,
    taken: rows.map((row) => ({
      startTime: hhmm(row.startTime),
      endTime: hhmm(row.endTime),
      status: row.status as 'Pending' | 'Approved',
      mine: row.requestedBy === actor.id,
    })),
  };
}

/**
 * Records a booking request by the actor. It must start ahead on the institute's clock, name a
 * room in the database and not overlap an approved booking of that room (409 naming it); pending
 * requests may overlap, and are marked as clashing until the president decides. The same request
 * twice while the first waits is refused (409; a partial unique index holds it when both race),
 * and so is one beyond PENDING_LIMIT requests awaiting a decision (409).
 */
export async function requestBooking(
  db: Database,
  actor: BookingActor,
  input: BookingInput,
  clock: BookingClock,
): Promise<Booking> {
  const past = pastField(input, clock.timeZone, clock.now ?? new Date());
  if (past) throw AppError.badRequest(ROOM_MESSAGES.inPast, { [past]: ROOM_MESSAGES.inPast });
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await auditAs(tx, actor.id);
      // One requester's requests are made one at a time, so two arriving together cannot both pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(${REQUEST_LOCK}, hashtext(${actor.id}))`);
      // Key-share lock: the room cannot be removed before the request is written.
      // It also waits for a retirement of the room under way, then sees it.
      const [room] = await tx
        .select({ id: rooms.id, name: rooms.name, retiredAt: rooms.retiredAt })
        .from(rooms)
        .where(eq(rooms.id, input.roomId))
        .for('key share');
      if (!room)
        throw AppError.badRequest(ROOM_MESSAGES.unknownRoom, { roomId: ROOM_MESSAGES.unknownRoom });
      if (room.retiredAt)
        throw AppError.badRequest(ADMIN_ROOM_MESSAGES.retiredRoom, {
          roomId: ADMIN_ROOM_MESSAGES.retiredRoom,
        });
      const clash = await approvedClash(tx, input);
      if (clash) throw clashError(clash);
      const [waiting] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(roomBookings)
        .where(and(eq(roomBookings.requestedBy, actor.id), awaitingDecision(clock)));
      if (waiting!.n >= PENDING_LIMIT) throw AppError.conflict(ROOM_MESSAGES.tooMany(PENDING_LIMIT));
      const [created] = await tx
        .insert(roomBookings)
        .values({
          roomId: room.id,
          requestedBy: actor.id,
          date: input.date,
          startTime: input.startTime,
          endTime: input.endTime,
          description: input.description,
        })
        .returning({ id: roomBookings.id });
      // The president decides requests; their own request waits in no queue of theirs.
      const presidents = sql`select ${users.id} as user_id from ${users} where ${users.role} = 'PRESIDENT' and ${users.id} <> ${actor.id}`;
      await notifyQueue(
        tx,
        presidents,
        'bookings',
        describeSlot(room.name, input.date, input.startTime, input.endTime),
        '/president-approval?status=Pending',
      );
      return created!.id;
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'room_bookings_pending_once_key')
      throw AppError.conflict(ROOM_MESSAGES.duplicate);
    throw error;
  }
  return (await readBooking(db, id, wallClockOf(clock)))!;
}

/** The actor's own requests, every status, newest day first. */
export async function myBookings(
  db: Database,
  actor: BookingActor,
  page: number,
  pageSize: number,
  clock: BookingClock,
): Promise<MyBookingList> {
  const mine = eq(roomBookings.requestedBy, actor.id);
  const [rows, [counted]] = await Promise.all([
    bookingQuery(db, wallClockOf(clock))
      .where(mine)
      .orderBy(...bookingOrder)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(roomBookings)
      .where(mine),
  ]);
  return { items: rows.map(toBooking), total: counted!.n, overall: counted!.n, page, pageSize };
}

/**
 * Withdraws the actor's own request awaiting a decision in one conditional update, logged in the
 * same transaction. Withdrawing it again changes nothing; a decided request stays decided and an
 * ended one has nothing left to withdraw (409).
 */
export async function withdrawBooking(
  db: Database,
  actor: BookingActor,
  id: string,
  clock: BookingClock,
): Promise<Booking> {
  const own = and(eq(roomBookings.id, id), eq(roomBookings.requestedBy, actor.id));
  await db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    const [row] = await tx
      .update(roomBookings)
      .set({ status: 'Withdrawn' })
      .where(and(own, awaitingDecision(clock)))
      .returning({
        roomId: roomBookings.roomId,
        date: roomBookings.date,
        startTime: roomBookings.startTime,
        endTime: roomBookings.endTime,
      });
    if (!row) return;
    const [room] = await tx.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, row.roomId));
    await logActivity(tx, {
      type: 'approval',
      actorId: actor.id,
      description: `Withdrew the request for ${describeSlot(room!.name, row.date, row.startTime, row.endTime)}`,
      subjectType: 'room_booking',
      subjectId: id,
    });
  });
  const [row] = await bookingQuery(db, wallClockOf(clock)).where(own).limit(1);
  if (!row) throw AppError.notFound(ROOM_MESSAGES.notFound);
  const booking = toBooking(row);
  if (booking.status === 'Expired') throw AppError.conflict(ROOM_MESSAGES.endedWithdrawal);
  if (booking.status !== 'Withdrawn')
    throw AppError.conflict(`This request is already ${booking.status.toLowerCase()}.`);
  return booking;
}
