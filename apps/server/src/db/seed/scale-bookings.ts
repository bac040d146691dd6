import { randomUUID } from 'node:crypto';
import { and, gte, inArray, lte } from 'drizzle-orm';
import { roomBookings, rooms, type NewActivity, type NewRoomBooking } from '../schema/index';
import { describeSlot } from '../../modules/rooms/bookings.service';
import { insertInBatches } from './batch';
import { DAY_MS, isoDate } from './dates';
import { anyOfficial, type ScaleContext } from './scale-context';
import { BOOKING_PURPOSES } from './scale-text';

/** About one booking per 50 students over four months; approved ones never overlap, including earlier ones. */
export async function insertBookings(context: ScaleContext, activity: NewActivity[]): Promise<void> {
  const { random, now } = context;
  const roomList = await context.db.select({ id: rooms.id, name: rooms.name }).from(rooms);
  if (roomList.length === 0) return;
  const [from, to] = [
    isoDate(new Date(now.getTime() - 60 * DAY_MS)),
    isoDate(new Date(now.getTime() + 60 * DAY_MS)),
  ];
  const earlier = await context.db
    .select({
      roomId: roomBookings.roomId,
      requestedBy: roomBookings.requestedBy,
      status: roomBookings.status,
      date: roomBookings.date,
      start: roomBookings.startTime,
      end: roomBookings.endTime,
    })
    .from(roomBookings)
    .where(
      and(
        inArray(roomBookings.status, ['Approved', 'Pending']),
        gte(roomBookings.date, from),
        lte(roomBookings.date, to),
      ),
    );
  const approved = earlier.filter((row) => row.status === 'Approved');
  const busy = new Set<string>();
  const hoursOf = (start: string, end: string) => {
    const [first, last] = [
      Number(start.slice(0, 2)),
      Math.ceil(Number(end.slice(0, 2)) + Number(end.slice(3, 5)) / 60),
    ];
    return Array.from({ length: Math.max(1, last - first) }, (_, i) => first + i);
  };
  for (const row of approved)
    for (const hour of hoursOf(row.start, row.end)) busy.add(`${row.roomId}|${row.date}|${hour}`);

  const count = Math.max(1, Math.round(context.students.length / 50));
  const rows: NewRoomBooking[] = [];
  // One requester never has the same request waiting twice (a unique index holds it), this run's or an earlier one's.
  const waiting = new Set(
    earlier
      .filter((row) => row.status === 'Pending')
      .map(
        (row) =>
          `${row.requestedBy}|${row.roomId}|${row.date}|${row.start.slice(0, 5)}|${row.end.slice(0, 5)}`,
      ),
  );
  for (let index = 0; index < count; index += 1) {
    const room = random.pick(roomList);
    const day = random.int(-60, 60);
    const date = isoDate(new Date(now.getTime() + day * DAY_MS));
    const hour = random.int(8, 19);
    const length = random.int(1, 2);
    const [start, end] = [
      `${String(hour).padStart(2, '0')}:00`,
      `${String(hour + length).padStart(2, '0')}:00`,
    ];
    let status = random.weighted([
      ['Approved', 45],
      ['Rejected', 20],
      ['Pending', day < 0 ? 0 : 35],
    ] as const);
    const slots = hoursOf(start, end).map((h) => `${room.id}|${date}|${h}`);
    if (status === 'Approved' && slots.some((slot) => busy.has(slot)))
      status = day < 0 ? 'Rejected' : 'Pending';
    if (status === 'Approved') for (const slot of slots) busy.add(slot);
    const requester = anyOfficial(context) ?? random.pick(context.students).id;
    const once = `${requester}|${room.id}|${date}|${start}|${end}`;
    if (status === 'Pending' && waiting.has(once)) status = 'Rejected';
    if (status === 'Pending') waiting.add(once);
    const decider = status === 'Pending' ? null : anyOfficial(context);
    const createdAt = new Date(
      Math.min(now.getTime() - DAY_MS, now.getTime() + (day - random.int(2, 10)) * DAY_MS),
    );
    const decidedAt = decider ? new Date(Math.min(now.getTime(), createdAt.getTime() + DAY_MS)) : null;
    const purpose = `${random.pick(BOOKING_PURPOSES)}, ${random.pick(context.clubs).name}`;
    const id = randomUUID();
    rows.push({
      id,
      roomId: room.id,
      requestedBy: requester,
      date,
      startTime: start,
      endTime: end,
      description: purpose,
      status,
      decidedBy: decider,
      decidedAt,
      createdAt,
    });
    if (decidedAt) {
      activity.push({
        type: 'approval',
        actorId: decider,
        description: `${status} the booking of ${describeSlot(room.name, date, start, end)}`,
        subjectType: 'room_booking',
        subjectId: id,
        createdAt: decidedAt,
      });
    }
  }
  await insertInBatches(context.db, roomBookings, rows, { size: context.batchSize });
  context.counts.roomBookings = rows.length;
  context.progress('room bookings', rows.length, rows.length);
}
