import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  CHECK_IN_OUTCOMES,
  REGISTRATION_MESSAGES,
  type CheckInOutcome,
  type CheckInRequest,
  type CheckInResult,
  type CheckInScan,
  type SessionUser,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { eventCheckInScans, eventRegistrations, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { managedEvent } from './event-standing.service';
import { answerOf, type Answer } from './check-in.read';
import { registrationOfTicket } from './tickets.service';

/*
 * Check-in at the door. Each scan carries the id its device gave it; the scan is stored under that
 * id in the same transaction as what it did, so a scan sent again (a retry after a dropped
 * connection, a queue replayed) finds its id taken and answers what it came to the first time. A
 * registration is checked in by a conditional update (only while not checked in), so two devices
 * scanning one ticket at the same moment check it in once: the second hears "already".
 */

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a scan names, once read: a registration of this event, a walk-in, or an outcome already known. */
type Target =
  | { kind: 'registration'; registrationId: string }
  | { kind: 'walk_in'; userId: string }
  | { kind: 'settled'; outcome: CheckInOutcome };

/** Thrown inside a scan's transaction when its id was stored meanwhile: undo what it did. */
class ScanTaken extends Error {}

const isOutcome = (value: string): value is CheckInOutcome =>
  (CHECK_IN_OUTCOMES as readonly string[]).includes(value);

/** Checks in a batch of scans for an event its organisers or officials run; answers each, in order. */
export async function checkIn(
  db: Database,
  actor: SessionUser,
  eventId: string,
  request: CheckInRequest,
  now = new Date(),
): Promise<CheckInResult> {
  const { event } = await managedEvent(db, actor, eventId);
  if (event.status === 'cancelled') throw AppError.conflict(REGISTRATION_MESSAGES.eventCancelled);
  if (event.approval !== 'approved') throw AppError.conflict(REGISTRATION_MESSAGES.notApproved);
  const door = doorOf(event, now);

  const stored = await storedScans(
    db,
    request.scans.map((scan) => scan.scanId),
  );
  const fresh = request.scans.filter((scan) => !stored.has(scan.scanId));
  const targets = await targetsOf(db, event.id, event.walkIns, fresh, actor.id);
  const answers: Answer[] = [];
  for (const scan of request.scans) {
    const earlier = stored.get(scan.scanId);
    if (earlier) {
      answers.push(replayOf(scan.scanId, earlier, event.id));
      continue;
    }
    // The device's time (a scan queued offline reaches the server later), within the door's hours
    // and never in the future: a device's clock cannot date attendance before the door opened.
    const at = scan.scannedAt
      ? new Date(Math.max(door.opens, Math.min(Date.parse(scan.scannedAt), now.getTime())))
      : now;
    const answer = await applyScan(db, event.id, actor.id, scan.scanId, targets.get(scan)!, at);
    answers.push(answer);
    // A scan id used twice in one batch answers the same the second time.
    stored.set(scan.scanId, { eventId: event.id, ...answer });
  }
  return answerOf(db, event.id, answers);
}

/** The door opens this long before the start, and takes late syncs of offline scans this long after the end. */
const DOOR_OPENS_BEFORE_MS = 3 * 3_600_000;
const SYNC_AFTER_END_MS = 7 * 86_400_000;

/**
 * When the door is open: from 3 hours before the start; scans (also queued ones reaching the
 * server late) are taken until a week after the end. 409 outside, and for an event with no date.
 */
function doorOf(event: { scheduleStart: Date | null; scheduleEnd: Date | null }, now: Date) {
  if (!event.scheduleStart) throw AppError.conflict(REGISTRATION_MESSAGES.checkInNoDate);
  const opens = event.scheduleStart.getTime() - DOOR_OPENS_BEFORE_MS;
  const ends = (event.scheduleEnd ?? event.scheduleStart).getTime();
  if (now.getTime() < opens) throw AppError.conflict(REGISTRATION_MESSAGES.checkInTooEarly);
  if (now.getTime() > ends + SYNC_AFTER_END_MS)
    throw AppError.conflict(REGISTRATION_MESSAGES.checkInClosed);
  return { opens };
}

type StoredScan = { eventId: string; outcome: string; registrationId: string | null };

async function storedScans(db: Database, scanIds: string[]): Promise<Map<string, StoredScan>> {
  const rows = await db
    .select({
      scanId: eventCheckInScans.scanId,
      eventId: eventCheckInScans.eventId,
      outcome: eventCheckInScans.outcome,
      registrationId: eventCheckInScans.registrationId,
    })
    .from(eventCheckInScans)
    .where(inArray(eventCheckInScans.scanId, [...new Set(scanIds)]));
  return new Map(rows.map(({ scanId, ...row }) => [scanId, row]));
}

/** What a scan stored earlier came to; a scan id of another event's door is not this event's. */
function replayOf(scanId: string, earlier: StoredScan, eventId: string): Answer {
  if (earlier.eventId !== eventId || !isOutcome(earlier.outcome))
    return { scanId, outcome: 'invalid', registrationId: null };
  return { scanId, outcome: earlier.outcome, registrationId: earlier.registrationId };
}

/** Reads what each new scan names, with one query for the registrations and one for the walk-ins. */
async function targetsOf(
  db: Database,
  eventId: string,
  walkIns: boolean,
  scans: CheckInScan[],
  actorId: string,
): Promise<Map<CheckInScan, Target>> {
  const named = new Map<CheckInScan, string | null>();
  for (const scan of scans) {
    if (scan.ticket !== undefined) named.set(scan, await registrationOfTicket(db, scan.ticket));
    else if (scan.registrationId !== undefined) named.set(scan, scan.registrationId);
  }
  const ids = [...new Set([...named.values()].filter((id): id is string => id !== null))];
  const eventOf = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({
              id: eventRegistrations.id,
              eventId: eventRegistrations.eventId,
              userId: eventRegistrations.userId,
            })
            .from(eventRegistrations)
            .where(inArray(eventRegistrations.id, ids))
        ).map((row) => [row.id, row]),
  );
  const studentIds = [
    ...new Set(scans.flatMap((scan) => (scan.walkInStudentId ? [scan.walkInStudentId] : []))),
  ];
  const students = new Map(
    !walkIns || studentIds.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, studentId: users.studentId })
            .from(users)
            .where(and(inArray(users.studentId, studentIds), isNull(users.deactivatedAt)))
        ).map((row) => [row.studentId!, row.id]),
  );
  const targets = new Map<CheckInScan, Target>();
  for (const scan of scans) {
    if (scan.walkInStudentId !== undefined) {
      const userId = students.get(scan.walkInStudentId);
      targets.set(
        scan,
        !walkIns
          ? { kind: 'settled', outcome: 'walk_ins_closed' }
          : userId === actorId
            ? { kind: 'settled', outcome: 'self' }
            : userId
              ? { kind: 'walk_in', userId }
              : { kind: 'settled', outcome: 'unknown_student' },
      );
      continue;
    }
    const id = named.get(scan) ?? null;
    const found = id === null ? undefined : eventOf.get(id);
    const owner = found?.eventId;
    // Whoever runs the door cannot make their own attendance (and with it, a rating and a transcript line).
    if (id !== null && owner === eventId && found?.userId === actorId)
      targets.set(scan, { kind: 'settled', outcome: 'self' });
    else if (id !== null && owner === eventId)
      targets.set(scan, { kind: 'registration', registrationId: id });
    // A genuine ticket of another event is told apart; a picked registration of another is only wrong.
    else if (id !== null && owner !== undefined && scan.ticket !== undefined)
      targets.set(scan, { kind: 'settled', outcome: 'other_event' });
    else targets.set(scan, { kind: 'settled', outcome: 'invalid' });
  }
  return targets;
}

/** One scan in a transaction of its own: what it did and the stored scan commit together. */
async function applyScan(
  db: Database,
  eventId: string,
  actorId: string,
  scanId: string,
  target: Target,
  at: Date,
): Promise<Answer> {
  try {
    return await db.transaction(async (tx) => {
      let outcome: CheckInOutcome;
      let registrationId: string | null = null;
      if (target.kind === 'settled') outcome = target.outcome;
      else if (target.kind === 'registration') {
        registrationId = target.registrationId;
        outcome = await checkInRegistration(tx, registrationId, actorId, at);
      } else
        ({ outcome, registrationId } = await checkInWalkIn(tx, eventId, target.userId, actorId, at));
      const [kept] = await tx
        .insert(eventCheckInScans)
        .values({ scanId, eventId, registrationId, scannedBy: actorId, scannedAt: at, outcome })
        .onConflictDoNothing({ target: eventCheckInScans.scanId })
        .returning({ scanId: eventCheckInScans.scanId });
      if (!kept) throw new ScanTaken();
      return { scanId, outcome, registrationId };
    });
  } catch (error) {
    if (!(error instanceof ScanTaken)) throw error;
    // The same scan, sent at the same moment by another request, was stored first: answer as it did.
    const earlier = (await storedScans(db, [scanId])).get(scanId)!;
    return replayOf(scanId, earlier, eventId);
  }
}

/** Checks in a confirmed registration once; otherwise says why not. */
async function checkInRegistration(
  tx: Transaction,
  registrationId: string,
  actorId: string,
  at: Date,
): Promise<CheckInOutcome> {
  const [done] = await tx
    .update(eventRegistrations)
    .set({ checkedInAt: at, checkedInBy: actorId })
    .where(
      and(
        eq(eventRegistrations.id, registrationId),
        eq(eventRegistrations.status, 'confirmed'),
        isNull(eventRegistrations.checkedInAt),
      ),
    )
    .returning({ id: eventRegistrations.id });
  if (done) return 'checked_in';
  // Read after the update: had another transaction just checked it in, its change is committed now.
  const [row] = await tx
    .select({ status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  if (!row) return 'invalid';
  return row.status === 'confirmed' ? 'already' : row.status;
}

/**
 * A walk-in: their live registration is checked in (a waitlisted one becomes a confirmed walk-in,
 * since they are at the door), or a confirmed walk-in registration is made, checked in at once.
 */
async function checkInWalkIn(
  tx: Transaction,
  eventId: string,
  userId: string,
  actorId: string,
  at: Date,
): Promise<{ outcome: CheckInOutcome; registrationId: string }> {
  // A registration made by another request between the read and the insert is read the next time.
  for (let attempt = 0; ; attempt += 1) {
    if (attempt === 3) throw new Error('the walk-in registration kept changing under the check-in');
    const [live] = await tx
      .select({ id: eventRegistrations.id, status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.userId, userId),
          inArray(eventRegistrations.status, ['confirmed', 'waitlisted']),
        ),
      )
      .for('update');
    if (live?.status === 'waitlisted') {
      await tx
        .update(eventRegistrations)
        .set({
          status: 'confirmed',
          confirmedAt: at,
          walkIn: true,
          checkedInAt: at,
          checkedInBy: actorId,
        })
        .where(eq(eventRegistrations.id, live.id));
      return { outcome: 'checked_in', registrationId: live.id };
    }
    if (live)
      return { outcome: await checkInRegistration(tx, live.id, actorId, at), registrationId: live.id };
    const [made] = await tx
      .insert(eventRegistrations)
      .values({
        eventId,
        userId,
        status: 'confirmed',
        confirmedAt: at,
        walkIn: true,
        checkedInAt: at,
        checkedInBy: actorId,
      })
      .onConflictDoNothing()
      .returning({ id: eventRegistrations.id });
    if (made) return { outcome: 'checked_in', registrationId: made.id };
  }
}
