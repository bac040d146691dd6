import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  ADMIN_ROOM_MESSAGES,
  type AdminRoom,
  type RoomCreateInput,
  type RoomRetirementResponse,
  type RoomUpdateInput,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { asActor } from '../../db/audit';
import { roomBookings, rooms } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { zonedParts } from '../../lib/wall-clock';
import { logActivity } from '../activity/activity.service';
import { awaitingDecision } from '../rooms/bookings.service';

/** Who is asking: the session's administrator. */
export type RoomActor = { id: string };

/** The institute's time zone, and the instant (now unless a test gives one). */
export type RoomClock = { timeZone: string; now?: Date };

/** Approved and not yet ended on the institute's wall clock (24:00 ends after every minute). */
function upcomingApproved(clock: RoomClock) {
  const { year, month, day, hour, minute } = zonedParts(clock.now ?? new Date(), clock.timeZone);
  const today = `${year}-${month}-${day}`;
  const time = `${hour}:${minute}`;
  return sql`(${roomBookings.status} = 'Approved' and (${roomBookings.date} > ${today}::date or (${roomBookings.date} = ${today}::date and ${roomBookings.endTime} > ${time}::time)))`;
}

/** The outer room's id, qualified: Drizzle leaves columns unqualified in a one-table select, and "id" is also the bookings'. */
const roomId = sql.raw('"rooms"."id"');

function roomQuery(db: Database, clock: RoomClock) {
  const counted = (condition?: ReturnType<typeof sql>) =>
    sql<number>`(select count(*)::int from ${roomBookings} where ${roomBookings.roomId} = ${roomId}${condition ? sql` and ${condition}` : sql``})`;
  return db
    .select({
      room: rooms,
      total: counted(),
      awaiting: counted(awaitingDecision(clock)),
      upcomingApproved: counted(upcomingApproved(clock)),
    })
    .from(rooms);
}

type RoomRow = Awaited<ReturnType<ReturnType<typeof roomQuery>['execute']>>[number];

const toAdminRoom = ({ room, ...bookings }: RoomRow): AdminRoom => ({
  id: room.id,
  name: room.name,
  capacity: room.capacity,
  description: room.description,
  features: room.features,
  retiredAt: room.retiredAt?.toISOString() ?? null,
  createdAt: room.createdAt.toISOString(),
  updatedAt: room.updatedAt.toISOString(),
  bookings,
});

/** /admin/rooms: every room, retired ones included, by name, with its bookings counted. */
export async function listAdminRooms(db: Database, clock: RoomClock): Promise<AdminRoom[]> {
  const rows = await roomQuery(db, clock).orderBy(asc(rooms.name), asc(rooms.id));
  return rows.map(toAdminRoom);
}

async function readRoom(db: Database, id: string, clock: RoomClock): Promise<AdminRoom> {
  const [row] = await roomQuery(db, clock).where(eq(rooms.id, id)).limit(1);
  return toAdminRoom(row!);
}

/**
 * The database holds names unique as typed; whatever the case is checked here. Changes of names
 * take one lock first, so two 'Seminar Hall' and 'seminar hall' sent at once cannot both pass.
 */
async function checkNameFree(tx: Database, name: string, selfId: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rooms_names'))`);
  const [taken] = await tx
    .select({ name: rooms.name, retiredAt: rooms.retiredAt })
    .from(rooms)
    .where(
      and(eq(sql`lower(${rooms.name})`, sql`lower(${name})`), selfId ? ne(rooms.id, selfId) : undefined),
    )
    .limit(1);
  if (!taken) return;
  const message = taken.retiredAt
    ? ADMIN_ROOM_MESSAGES.nameTakenRetired(taken.name)
    : ADMIN_ROOM_MESSAGES.nameTaken;
  throw AppError.conflict(message, { name: message });
}

/** The administrator's change, audited as theirs; a name taken meanwhile is a 409 on the name. */
async function change<T>(
  db: Database,
  actor: RoomActor,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await asActor(db, actor.id, work);
  } catch (error) {
    if (uniqueViolationOf(error) === 'rooms_name_key')
      throw AppError.conflict(ADMIN_ROOM_MESSAGES.nameTaken, { name: ADMIN_ROOM_MESSAGES.nameTaken });
    throw error;
  }
}

/** Adds a room officials can book. */
export async function createRoom(
  db: Database,
  actor: RoomActor,
  input: RoomCreateInput,
  clock: RoomClock,
): Promise<AdminRoom> {
  return change(db, actor, async (tx) => {
    await checkNameFree(tx, input.name, null);
    const [created] = await tx
      .insert(rooms)
      .values({
        name: input.name,
        capacity: input.capacity,
        description: input.description ?? null,
        features: input.features,
      })
      .returning({ id: rooms.id });
    return readRoom(tx, created!.id, clock);
  });
}

/** Locks a room for a change; 404 when there is none. */
async function lockRoom(tx: Database, id: string) {
  const [room] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
  if (!room) throw AppError.notFound(ADMIN_ROOM_MESSAGES.notFound);
  return room;
}

/** Renames a room or changes its capacity, description or features; a retired room is not changed (409). */
export async function updateRoom(
  db: Database,
  actor: RoomActor,
  id: string,
  input: RoomUpdateInput,
  clock: RoomClock,
): Promise<AdminRoom> {
  return change(db, actor, async (tx) => {
    const room = await lockRoom(tx, id);
    if (room.retiredAt) throw AppError.conflict(ADMIN_ROOM_MESSAGES.isRetired);
    if (input.name !== undefined && input.name !== room.name) await checkNameFree(tx, input.name, id);
    await tx
      .update(rooms)
      .set({
        name: input.name,
        capacity: input.capacity,
        description: input.description,
        features: input.features,
      })
      .where(eq(rooms.id, id));
    return readRoom(tx, id, clock);
  });
}

/**
 * Retires a room: it keeps its bookings and leaves the officials' list; approved bookings still
 * ahead stay approved (they were promised), and the requests still waiting for the president are
 * rejected with a note saying why, so no requester waits on a room nobody can approve. The row
 * lock makes a request for the room arriving meanwhile wait, then see it retired.
 */
export async function retireRoom(
  db: Database,
  actor: RoomActor,
  id: string,
  clock: RoomClock,
): Promise<RoomRetirementResponse> {
  return change(db, actor, async (tx) => {
    const room = await lockRoom(tx, id);
    if (room.retiredAt) throw AppError.conflict(ADMIN_ROOM_MESSAGES.alreadyRetired);
    const now = clock.now ?? new Date();
    await tx.update(rooms).set({ retiredAt: now }).where(eq(rooms.id, id));
    const rejected = await tx
      .update(roomBookings)
      .set({
        status: 'Rejected',
        decidedBy: actor.id,
        decidedAt: now,
        decisionNote: ADMIN_ROOM_MESSAGES.retiredNote,
      })
      .where(and(eq(roomBookings.roomId, id), awaitingDecision(clock)))
      .returning({ id: roomBookings.id });
    if (rejected.length > 0) {
      const count = rejected.length === 1 ? '1 waiting request' : `${rejected.length} waiting requests`;
      await logActivity(tx, {
        type: 'approval',
        actorId: actor.id,
        description: `${room.name} retired: ${count} rejected`,
        subjectType: 'room',
        subjectId: id,
      });
    }
    return { room: await readRoom(tx, id, clock), rejectedRequests: rejected.length };
  });
}

/** Puts a retired room back on the officials' list; the requests rejected with its retirement stay rejected. */
export async function reinstateRoom(
  db: Database,
  actor: RoomActor,
  id: string,
  clock: RoomClock,
): Promise<AdminRoom> {
  return change(db, actor, async (tx) => {
    const room = await lockRoom(tx, id);
    if (!room.retiredAt) throw AppError.conflict(ADMIN_ROOM_MESSAGES.notRetired);
    await tx
      .update(rooms)
      .set({ retiredAt: null })
      .where(and(eq(rooms.id, id), sql`${rooms.retiredAt} is not null`));
    return readRoom(tx, id, clock);
  });
}
