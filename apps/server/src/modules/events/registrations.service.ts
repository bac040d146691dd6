import { and, eq, sql } from 'drizzle-orm';
import { EVENT_MESSAGES, REGISTRATION_MESSAGES, type MyRegistration } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { eventRegistrations, type EventRecord } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { sqlStateOf } from '../../lib/db-errors';
import { takenTogether } from '../../lib/taken-together';
import { notifyMany } from '../notifications/notify.service';
import { visibleEvent } from './event-standing.service';
import { ineligibility, registrationRefusal, type EventActor } from './events.policy';
import { attendanceOf } from './registrations.read';

/*
 * Registering, the waitlist and freed seats. Every change of an event's seats runs with the
 * event's row locked (FOR UPDATE), so registrations of one event are settled one after another:
 * the count of confirmed seats read under the lock is the count the insert relies on.
 */

type Executor = Pick<Database, 'execute'>;

/** The people of an event's live registrations (confirmed, or also waitlisted), as a query of user_id. */
export const registrantsOf = (
  eventId: string,
  statuses: readonly string[] = ['confirmed', 'waitlisted'],
) =>
  sql`select user_id from event_registrations where event_id = ${eventId}::uuid
    and status in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )})`;

/**
 * Gives freed seats to the first people on the waitlist, in arrival order, and tells each. Runs
 * under the event's lock (a cancellation, a larger capacity); none once the event has started or
 * was cancelled, nor for an event that is not approved. Resolves to the number promoted.
 */
export async function fillSeats(
  tx: Executor,
  event: EventRecord,
  now: Date = new Date(),
): Promise<number> {
  if (event.status === 'cancelled' || event.approval !== 'approved') return 0;
  if (event.scheduleStart && event.scheduleStart.getTime() <= now.getTime()) return 0;
  const capacity = event.maxParticipants;
  const promoted = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      with free as (
        ${
          capacity === null
            ? sql`select null::bigint as seats`
            : sql`select greatest(${capacity}::int - count(*), 0) as seats
                from event_registrations where event_id = ${event.id}::uuid and status = 'confirmed'`
        }
      ),
      next as (
        select id from event_registrations
        where event_id = ${event.id}::uuid and status = 'waitlisted'
        order by seq
        limit (select seats from free)
      )
      update event_registrations r
      set status = 'confirmed', confirmed_at = now(), promoted_at = now(), updated_at = now()
      -- Still waiting once its row is ours: one who walked in at the door meanwhile has their seat.
      from next where r.id = next.id and r.status = 'waitlisted'
      returning r.user_id`),
  );
  if (promoted.length > 0) {
    await notifyMany(
      tx,
      sql`select unnest(${`{${promoted.map((row) => row.user_id).join(',')}}`}::uuid[]) as user_id`,
      {
        kind: 'event',
        outcome: 'promoted',
        subject: event.title,
        detail: 'Your ticket is ready. If you cannot come, cancel so the next person gets the seat.',
        link: `/events/${event.id}`,
        subjectId: event.id,
      },
    );
  }
  return promoted.length;
}

/** What event_register_together (migration 0044) answers for each person. */
type Taken = {
  ord: number;
  outcome: string;
  registration_id: string | null;
  place: number | null;
  at: Date | string;
};

/**
 * Registrations of one event taken together at most, in one call. Within a server process they are
 * taken in arrival order; between processes, a call goes as a whole, so the fewer in a call, the
 * closer the seats follow the arrivals of all processes (a rush of a thousand takes about forty).
 */
const MOST_TAKEN_TOGETHER = 25;
/** How long registrations wait behind a call that has not come back before they go without it. */
const PATIENCE_MS = 5_000;
/** A call the database cancelled to break a deadlock, or could not serialise, changed nothing: it goes again. */
const TRIED_AGAIN = new Set(['40P01', '40001']);
const MOST_TRIES = 3;

/** Each database's registrations, one call at a time per event, those arriving meanwhile taken together. */
const registrationDesks = new WeakMap<Database, (eventId: string, userId: string) => Promise<Taken>>();

/** One call of event_register_together; again when the database cancelled it and nothing was written. */
async function takeTogether(db: Database, eventId: string, userIds: readonly string[]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return rowsOf<Taken>(
        await db.execute(
          sql`select * from event_register_together(${eventId}::uuid, ${`{${userIds.join(',')}}`}::uuid[])`,
        ),
      );
    } catch (error) {
      if (attempt === MOST_TRIES || !TRIED_AGAIN.has(sqlStateOf(error) ?? '')) throw error;
    }
  }
}

function registrationDeskOf(db: Database): (eventId: string, userId: string) => Promise<Taken> {
  let desk = registrationDesks.get(db);
  if (!desk) {
    desk = takenTogether<string, Taken>({
      most: MOST_TAKEN_TOGETHER,
      patienceMs: PATIENCE_MS,
      run: async (eventId, userIds) => {
        const byOrder = new Map(
          (await takeTogether(db, eventId, userIds)).map((row) => [Number(row.ord), row]),
        );
        return userIds.map((_, index) => byOrder.get(index + 1)!);
      },
    });
    registrationDesks.set(db, desk);
  }
  return desk;
}

/**
 * Why the actor may not register, read from the event as they see it: 404 when they may not see
 * it, 403 for the administrator or a record outside the event's limits, 409 outside the window or
 * when registered already. Returns only when nothing stands in the way.
 */
async function explainRefusal(db: Database, actor: EventActor, eventId: string): Promise<void> {
  const { event, facts } = await visibleEvent(db, actor, eventId, { facts: true });
  // After the look-up: an event that does not exist is 404 to everyone.
  if (actor.role === 'ADMIN') throw AppError.forbidden(REGISTRATION_MESSAGES.administrator);
  const refusal = registrationRefusal(event, new Date());
  if (refusal) throw AppError.conflict(REGISTRATION_MESSAGES[refusal]);
  if (facts?.registered) throw AppError.conflict(REGISTRATION_MESSAGES.alreadyRegistered);
  const reason = ineligibility(
    {
      batchYears: event.eligibleBatchYears,
      programs: event.eligiblePrograms,
      disciplines: event.eligibleDisciplines,
    },
    facts ?? { batchYear: null, program: null, discipline: null },
  );
  if (reason) throw AppError.forbidden(reason);
}

/**
 * Registers the actor for the event: a confirmed seat while seats remain, else the next place on
 * the waitlist. Refused (409) outside the window, for an event not approved or cancelled, twice;
 * (403) when the institute's record of the person is outside the event's limits. One database call
 * (event_register_together) makes the checks and takes the seats with the event's row locked only
 * while it works; registrations of the event that arrive while one call is in flight go together
 * in the next, in arrival order, so a rush is settled in a few commits. When it refuses, the event
 * is read again to say why in the policy's words (events.policy).
 */
export async function register(
  db: Database,
  actor: EventActor,
  eventId: string,
): Promise<MyRegistration> {
  const row = actor.role === 'ADMIN' ? undefined : await registrationDeskOf(db)(eventId, actor.id);
  if (!row || !row.registration_id || (row.outcome !== 'confirmed' && row.outcome !== 'waitlisted')) {
    await explainRefusal(db, actor, eventId);
    // The event read again stands in no one's way: it changed between the two reads.
    if (row?.outcome === 'not_found') throw AppError.notFound(EVENT_MESSAGES.notFound);
    throw AppError.conflict(REGISTRATION_MESSAGES.changedMeanwhile);
  }
  const at = new Date(row.at).toISOString();
  const confirmed = row.outcome === 'confirmed';
  return {
    id: row.registration_id,
    status: confirmed ? 'confirmed' : 'waitlisted',
    waitlistPlace: confirmed ? null : row.place,
    confirmedAt: confirmed ? at : null,
    promotedAt: null,
    checkedInAt: null,
    paid: false,
  };
}

/**
 * Cancels the actor's registration or leaves the waitlist (also declining a seat the waitlist
 * gave them), until the event starts; a freed seat goes at once to the first person waiting.
 */
export async function unregister(
  db: Database,
  actor: EventActor,
  eventId: string,
): Promise<MyRegistration> {
  await db.transaction(async (tx) => {
    const { event } = await visibleEvent(tx, actor, eventId, { lock: true });
    const [live] = await tx
      .select({
        id: eventRegistrations.id,
        status: eventRegistrations.status,
        checkedInAt: eventRegistrations.checkedInAt,
      })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.userId, actor.id),
          sql`${eventRegistrations.status} in ('confirmed', 'waitlisted')`,
        ),
      )
      .limit(1)
      // Read as the door left it: a scan or walk-in of this registration under way commits first.
      .for('update');
    if (!live) throw AppError.conflict(REGISTRATION_MESSAGES.notRegistered);
    if (live.checkedInAt) throw AppError.conflict(REGISTRATION_MESSAGES.checkedIn);
    if (event.scheduleStart && event.scheduleStart.getTime() <= Date.now())
      throw AppError.conflict(REGISTRATION_MESSAGES.closed);
    await tx
      .update(eventRegistrations)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(eventRegistrations.id, live.id));
    if (live.status === 'confirmed') await fillSeats(tx, event);
  });
  return (await attendanceOf(db, actor.id, eventId)).mine!;
}
