import { and, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { CLUB_MESSAGES, EVENT_MESSAGES, type EventDetail, type EventInput } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { eventOrganizers, events, orgUnits, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { coordinatorClubId } from '../clubs/club-scope.service';
import { notifyMany } from '../notifications/notify.service';
import { standingOf } from './event-standing.service';
import { deciders } from './event-decisions.service';
import { hasTakenPlace, mayChangeEvent, type EventActor } from './events.policy';
import { readEvent } from './events.read';
import { fillSeats, registrantsOf } from './registrations.service';
import { changesFor, keepConfirmedSeats, requestRoom, type EventAuthor } from './event-edit-checks';

/* Creating, editing and cancelling events; the list and the detail are read in events.read. */

const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null);

/**
 * The organizing unit and the organizers must exist. An organizer is someone the people picker
 * offers: a proven, active account that is not the institute administrator (who is not a
 * student); an edit may keep an organizer the event already has, deactivated since or not. The
 * rows are key-share locked so they cannot vanish before the transaction commits. Returns the
 * organizers without repeats.
 */
async function checkReferences(
  tx: Database,
  input: EventInput,
  current?: { id: string; unitId: string | null },
): Promise<string[]> {
  const currentUnitId = current?.unitId;
  const organizerIds = [...new Set(input.organizerIds.map((id) => id.toLowerCase()))];
  const pickable = and(isNull(users.deactivatedAt), ne(users.role, 'ADMIN'));
  const organizing = current
    ? or(
        pickable,
        inArray(
          users.id,
          tx
            .select({ userId: eventOrganizers.userId })
            .from(eventOrganizers)
            .where(eq(eventOrganizers.eventId, current.id)),
        ),
      )
    : pickable;
  const [units, people] = await Promise.all([
    // A retired unit organizes nothing new; an edit may keep the unit the event has.
    tx
      .select({ id: orgUnits.id })
      .from(orgUnits)
      .where(
        and(
          eq(orgUnits.id, input.organizingUnitId),
          or(isNull(orgUnits.retiredAt), currentUnitId ? eq(orgUnits.id, currentUnitId) : undefined),
        ),
      )
      .for('key share'),
    organizerIds.length === 0
      ? Promise.resolve([])
      : tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, organizerIds), isNotNull(users.emailVerifiedAt), organizing))
          .for('key share'),
  ]);
  const fields: Record<string, string> = {};
  if (units.length === 0) fields.organizingUnitId = EVENT_MESSAGES.unitInvalid;
  if (people.length !== organizerIds.length) fields.organizerIds = EVENT_MESSAGES.organizersInvalid;
  const messages = Object.values(fields);
  if (messages.length > 0) throw AppError.badRequest(messages[0]!, fields);
  return organizerIds;
}

function columnsOf(input: EventInput) {
  return {
    title: input.title,
    description: input.description ?? null,
    category: input.category,
    type: input.type ?? null,
    organizingUnitId: input.organizingUnitId,
    scheduleStart: dateOf(input.start),
    scheduleEnd: dateOf(input.end),
    venue: input.venue ?? null,
    mode: input.mode ?? null,
    registrationRequired: input.registrationRequired,
    registrationStart: dateOf(input.registrationStart),
    registrationEnd: dateOf(input.registrationEnd),
    registrationFees: input.registrationFees,
    maxParticipants: input.maxParticipants,
    budgetAllocated: input.budgetAllocated,
    sponsors: input.sponsors,
    eligibleBatchYears: input.eligibleBatchYears,
    eligiblePrograms: input.eligiblePrograms,
    eligibleDisciplines: input.eligibleDisciplines,
    walkIns: input.walkIns,
  };
}

async function addOrganizers(tx: Database, eventId: string, organizerIds: string[]): Promise<void> {
  if (organizerIds.length > 0)
    await tx.insert(eventOrganizers).values(organizerIds.map((userId) => ({ eventId, userId })));
}

/** The event the actor wants to change, locked, or the reason they may not: 404, then 403. */
async function eventToChange(tx: Database, actor: EventActor, id: string) {
  const found = await standingOf(tx, actor, id, { lock: true });
  if (!found) throw AppError.notFound(EVENT_MESSAGES.notFound);
  if (!mayChangeEvent(actor, found.standing)) throw AppError.forbidden(EVENT_MESSAGES.notAllowed);
  // A rejected proposal is final for everyone: a new one is proposed afresh.
  if (found.standing.approval === 'rejected')
    throw AppError.conflict(EVENT_MESSAGES.rejectedCannotChange);
  return found.event;
}

/**
 * Creates an event by the actor (never anyone the request names), its organizers, its activity line
 * and the room asked for, all or nothing. An official's event is approved as made; a club
 * coordinator's is a proposal for the general secretary of the club's council, who is told.
 */
export async function addEvent(
  db: Database,
  actor: EventAuthor,
  input: EventInput,
  timeZone: string,
): Promise<EventDetail> {
  const proposal = actor.role === 'CLUB_COORDINATOR';
  if (proposal) {
    // A coordinator organizes for the club their account is linked to, never another unit.
    const clubId = await coordinatorClubId(db, actor.id);
    if (!clubId || clubId !== input.organizingUnitId.toLowerCase())
      throw AppError.forbidden(CLUB_MESSAGES.eventForOtherUnit);
  }
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    const organizerIds = await checkReferences(tx, input);
    const roomBookingId = input.roomId ? await requestRoom(tx, actor, input, timeZone) : null;
    const [created] = await tx
      .insert(events)
      .values({
        ...columnsOf(input),
        createdBy: actor.id,
        approval: proposal ? 'proposed' : 'approved',
        roomBookingId,
      })
      .returning({ id: events.id });
    const id = created!.id;
    await addOrganizers(tx, id, organizerIds);
    if (proposal) await tellDeciders(tx, id, input.title);
    await logActivity(tx, {
      type: 'event',
      actorId: actor.id,
      description: `${proposal ? 'Event proposed' : 'New event'}: ${input.title}`,
      subjectType: 'event',
      subjectId: id,
    });
    return (await readEvent(tx, actor, id))!;
  });
}

/** Tells the general secretary of the club's council (and the president) that a proposal waits. */
async function tellDeciders(tx: Database, eventId: string, title: string): Promise<void> {
  await notifyMany(tx, deciders(eventId), {
    kind: 'event',
    outcome: 'proposed',
    subject: title,
    link: `/events/${eventId}`,
    subjectId: eventId,
  });
}

/**
 * Replaces an event's details and organizers (its creator, the president, or its club's
 * coordinator). The row stays locked from the check to the write, so an edit cannot land on an
 * event cancelled meanwhile. A proposal sent back for changes goes back to the council; the live
 * registrants are told of a new time, venue or mode; a larger capacity fills seats from the waitlist.
 */
export async function updateEvent(
  db: Database,
  actor: EventActor,
  id: string,
  input: EventInput,
): Promise<EventDetail> {
  if (input.roomId)
    throw AppError.badRequest(EVENT_MESSAGES.roomOnCreateOnly, {
      roomId: EVENT_MESSAGES.roomOnCreateOnly,
    });
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    const event = await eventToChange(tx, actor, id);
    if (event.status === 'cancelled') throw AppError.conflict(EVENT_MESSAGES.alreadyCancelled);
    // A coordinator's event stays their club's: moving it would speak for another club.
    if (
      actor.role === 'CLUB_COORDINATOR' &&
      input.organizingUnitId.toLowerCase() !== event.organizingUnitId
    )
      throw AppError.forbidden(CLUB_MESSAGES.eventForOtherUnit);
    await keepConfirmedSeats(tx, id, input);
    const organizerIds = await checkReferences(tx, input, { id, unitId: event.organizingUnitId });
    const resubmitted = event.approval === 'changes_requested' && actor.role === 'CLUB_COORDINATOR';
    const [updated] = await tx
      .update(events)
      .set({ ...columnsOf(input), ...(resubmitted ? { approval: 'proposed' as const } : {}) })
      .where(eq(events.id, id))
      .returning();
    await tx.delete(eventOrganizers).where(eq(eventOrganizers.eventId, id));
    await addOrganizers(tx, id, organizerIds);
    if (resubmitted) await tellDeciders(tx, id, input.title);
    const changed = changesFor(event, input);
    if (changed.length > 0 && event.approval === 'approved') {
      await notifyMany(tx, registrantsOf(id), {
        kind: 'event',
        outcome: 'changed',
        subject: input.title,
        detail: `The ${changed.join(', ')} changed. Check the event's page.`,
        link: `/events/${id}`,
        subjectId: id,
      });
    }
    await fillSeats(tx, updated!);
    await logActivity(tx, {
      type: 'event',
      actorId: actor.id,
      description: `Event updated: ${input.title}`,
      subjectType: 'event',
      subjectId: id,
    });
    return (await readEvent(tx, actor, id))!;
  });
}

/**
 * Cancels an event (its creator or the president). Cancelling a cancelled event changes nothing
 * and logs nothing, also when two requests cancel it at the same moment: only the update that
 * finds it still open logs the cancellation.
 */
export async function cancelEvent(db: Database, actor: EventActor, id: string): Promise<EventDetail> {
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    await eventToChange(tx, actor, id);
    const now = new Date();
    // An event that took place (completed, or its time has passed) cannot be called off any more.
    const [cancelled] = await tx
      .update(events)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(events.id, id),
          notInArray(events.status, ['cancelled', 'completed']),
          sql`coalesce(${events.scheduleEnd}, ${events.scheduleStart}, ${now.toISOString()}::timestamptz) >= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ title: events.title });
    if (!cancelled) {
      const [current] = await tx
        .select({
          status: events.status,
          scheduleStart: events.scheduleStart,
          scheduleEnd: events.scheduleEnd,
        })
        .from(events)
        .where(eq(events.id, id))
        .limit(1);
      if (current && current.status !== 'cancelled' && hasTakenPlace(current, now))
        throw AppError.conflict(EVENT_MESSAGES.completedCannotBeCancelled);
    }
    if (cancelled) {
      await notifyMany(tx, registrantsOf(id), {
        kind: 'event',
        outcome: 'cancelled',
        subject: cancelled.title,
        link: `/events/${id}`,
        subjectId: id,
      });
      await logActivity(tx, {
        type: 'event',
        actorId: actor.id,
        description: `Event cancelled: ${cancelled.title}`,
        subjectType: 'event',
        subjectId: id,
      });
    }
    return (await readEvent(tx, actor, id))!;
  });
}
