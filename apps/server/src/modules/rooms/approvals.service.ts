import { and, asc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  APPROVAL_MESSAGES,
  ROOM_MESSAGES,
  type ApprovalExportQuery,
  type ApprovalList,
  type ApprovalListQuery,
  type Booking,
  type BookingDecision,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { roomBookings, rooms } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { logActivity } from '../activity/activity.service';
import { notifyPerson } from '../notifications/notify.service';
import {
  awaitingBy,
  bookingOrder,
  bookingQuery,
  readBooking,
  toBooking,
  type ClockValues,
} from './booking-rows';
import { approvedClash, clashError } from './bookings.service';
import {
  describeSlot,
  wallClockOf,
  type BookingActor,
  type BookingClock,
  type WallClock,
} from './rooms.policy';
import { prepared } from '../../db/prepared';
import { sqlStateOf } from '../../lib/db-errors';

/** Requests on the panel: withdrawn ones are the requester's business only. */
const onPanel = inArray(roomBookings.status, ['Pending', 'Approved', 'Rejected']);

/** The booking's room's name or its description matches the pattern, ignoring case; the rooms are searched once, not once a booking. */
function matching(pattern: string | SQLWrapper | undefined): SQL | undefined {
  if (pattern === undefined) return undefined;
  return or(
    inArray(
      roomBookings.roomId,
      sql`(select ${rooms.id} from ${rooms} where ${ilike(rooms.name, pattern)})`,
    ),
    ilike(roomBookings.description, pattern),
  );
}

/** The panel's rows of a tab, searched for a pattern or not, at a wall clock (values, or placeholders of a prepared statement). */
function filtersOf(
  status: ApprovalExportQuery['status'],
  pattern: string | SQLWrapper | undefined,
  wall: ClockValues,
) {
  const awaiting = awaitingBy(wall);
  const search = matching(pattern);
  const tab =
    status === 'all' ? undefined : status === 'Pending' ? awaiting : eq(roomBookings.status, status);
  return { awaiting, search, where: and(onPanel, search, tab) };
}

/**
 * The approval panel's rows at the institute's wall clock (over bookings): the search, what awaits
 * a decision, and the asked tab's rows. The list and its export both read them here.
 */
export function approvalFilters(query: ApprovalExportQuery, wall: WallClock) {
  return filtersOf(query.status, query.q ? containsPattern(query.q) : undefined, wall);
}

const param = {
  wall: { date: sql.placeholder('date'), time: sql.placeholder('time') },
  pattern: sql.placeholder('pattern'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * The statements of one tab of the panel, searched or not, built once and prepared (building the
 * page's statement, with its names and clash checks, cost more than running it). The page's
 * bookings are chosen from the bookings alone (their order needs nothing else), and only those are
 * joined to their names and checked for clashes: not every booking on the panel. The day and start
 * are never null, so 'nulls last' changes nothing but lets a tab of one status read its bookings
 * in order from the (status, date desc nulls last, start_time desc nulls last) index and stop at
 * the page's end instead of sorting all of them.
 */
function listStatements(status: ApprovalExportQuery['status'], searched: boolean) {
  return (db: Database, name: string) => {
    const { awaiting, search, where } = filtersOf(
      status,
      searched ? param.pattern : undefined,
      param.wall,
    );
    const page = db
      .select({ id: roomBookings.id })
      .from(roomBookings)
      .where(where)
      .orderBy(
        sql`${roomBookings.date} desc nulls last`,
        sql`${roomBookings.startTime} desc nulls last`,
        asc(roomBookings.id),
      )
      .limit(param.limit)
      .offset(param.offset);
    return {
      rows: bookingQuery(db, param.wall)
        .where(inArray(roomBookings.id, page))
        .orderBy(...bookingOrder)
        .prepare(`${name}_rows`),
      counts: db
        .select({
          all: sql<number>`count(*)::int`,
          Pending: sql<number>`(count(*) filter (where ${awaiting}))::int`,
          Approved: sql<number>`(count(*) filter (where ${roomBookings.status} = 'Approved'))::int`,
          Rejected: sql<number>`(count(*) filter (where ${roomBookings.status} = 'Rejected'))::int`,
        })
        .from(roomBookings)
        .where(and(onPanel, search))
        .prepare(`${name}_counts`),
    };
  };
}

/**
 * The approval panel: one tab, searched over room and description (case-insensitive), paged, with
 * the counts of every tab. Pending means awaiting a decision: a request whose end has passed
 * (expired) counts in all only.
 */
export async function listApprovals(
  db: Database,
  query: ApprovalListQuery,
  clock: BookingClock,
): Promise<ApprovalList> {
  const wall = wallClockOf(clock);
  const searched = Boolean(query.q);
  const statements = prepared(
    db,
    `approval_list_${query.status}_${searched ? 'searched' : 'all'}`,
    listStatements(query.status, searched),
  );
  const values = {
    date: wall.date,
    time: wall.time,
    pattern: searched ? containsPattern(query.q!) : undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  const [rows, [counted]] = await Promise.all([
    statements.rows.execute(values),
    statements.counts.execute(values),
  ]);
  const counts = counted!;
  return {
    items: rows.map(toBooking),
    total: counts[query.status],
    overall: counts.all,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

/**
 * Two approvals racing over one room could each wait for the other's exclusion check, and
 * PostgreSQL would undo one of them (a deadlock, 40P01) after a second of waiting. Approvals of one
 * room on one day therefore take a lock of that room and day first and land one after the other;
 * the second meets the exclusion constraint at once and hears which booking it clashes with. A
 * deadlock that still happens is tried again.
 */
const DECISION_ATTEMPTS = 3;
const APPROVAL_LOCK = 76_668;

/**
 * The president approves or rejects a request awaiting a decision, in one conditional update logged
 * in the same transaction: a request is decided once, and not after its end has passed (409). Two
 * approvals of overlapping requests of one room cannot both land, also when they race: the
 * database's exclusion constraint refuses the second, which becomes a 409 naming the approved
 * booking it clashes with.
 */
export async function decideBooking(
  db: Database,
  president: BookingActor,
  id: string,
  decision: BookingDecision,
  clock: BookingClock,
): Promise<Booking> {
  const wall = wallClockOf(clock);
  let changed = false;
  for (let attempt = 1; attempt <= DECISION_ATTEMPTS; attempt += 1) {
    try {
      changed = await db.transaction(async (tx) => {
        await auditAs(tx, president.id);
        if (decision.status === 'Approved') {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${APPROVAL_LOCK}, hashtext(${roomBookings.roomId}::text || ${roomBookings.date}::text)) from ${roomBookings} where ${roomBookings.id} = ${id}`,
          );
        }
        const [row] = await tx
          .update(roomBookings)
          .set({
            status: decision.status,
            decidedBy: president.id,
            decidedAt: new Date(),
            decisionNote: decision.note ?? null,
          })
          .where(and(eq(roomBookings.id, id), awaitingBy(wall)))
          .returning({
            roomId: roomBookings.roomId,
            date: roomBookings.date,
            startTime: roomBookings.startTime,
            endTime: roomBookings.endTime,
            requestedBy: roomBookings.requestedBy,
          });
        if (!row) return false;
        const [room] = await tx.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, row.roomId));
        await logActivity(tx, {
          type: 'approval',
          actorId: president.id,
          description: `${decision.status} the booking of ${describeSlot(room!.name, row.date, row.startTime, row.endTime)}`,
          subjectType: 'room_booking',
          subjectId: id,
        });
        // The president deciding their own request needs no notice of it.
        await notifyPerson(tx, row.requestedBy === president.id ? null : row.requestedBy, {
          kind: 'booking',
          outcome: decision.status === 'Approved' ? 'approved' : 'rejected',
          subject: describeSlot(room!.name, row.date, row.startTime, row.endTime),
          detail: decision.note ?? null,
          link: '/roombooking',
        });
        return true;
      });
      break;
    } catch (error) {
      const state = sqlStateOf(error);
      if (state === '40P01' && attempt < DECISION_ATTEMPTS) continue;
      if (state !== '23P01') throw error;
      const [mine] = await db.select().from(roomBookings).where(eq(roomBookings.id, id)).limit(1);
      const clash = mine ? await approvedClash(db, { ...mine, excludeId: id }) : undefined;
      // The clashing approval may itself have been undone meanwhile; the generic message then still says why.
      throw clash
        ? clashError(clash)
        : AppError.conflict('This request overlaps an approved booking of the same room.');
    }
  }
  const booking = await readBooking(db, id, wall);
  if (!booking) throw AppError.notFound(ROOM_MESSAGES.notFound);
  if (booking.status === 'Expired') throw AppError.conflict(ROOM_MESSAGES.endedDecision);
  if (!changed) throw AppError.conflict(APPROVAL_MESSAGES.alreadyDecided(booking.status));
  return booking;
}
