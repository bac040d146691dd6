import type { REGISTRATION_MESSAGES } from '@cosa/contracts';
import { councilOf, OFFICIAL_ROLES, type Role } from '@cosa/contracts';
import { limitsNotMet, type RecordFacts, type RecordLimits } from '../../lib/record-limits';

/** Who is asking: the session's user. */
export type EventActor = { id: string; role: Role };

/** The facts about an event that decide who may change it; a coordinator's hold is on their club's events. */
export type EventOwnership = {
  createdBy: string | null;
  status: string;
  approval?: string;
  clubCoordinator?: boolean;
};

const isOfficial = (actor: EventActor) => (OFFICIAL_ROLES as readonly Role[]).includes(actor.role);

/** Officials (the four general secretaries and the president) create events; a club coordinator those of their club (deviation 56). */
export function canCreateEvents(actor: EventActor): boolean {
  return isOfficial(actor) || actor.role === 'CLUB_COORDINATOR';
}

/**
 * Its creator or the president may change an event, while they are officials: a creator who has
 * since lost the role keeps no hold over what they made.
 */
export function mayChangeEvent(actor: EventActor, event: EventOwnership): boolean {
  // A club coordinator edits and cancels the events of their own club (canEditEvent: not once rejected).
  if (actor.role === 'CLUB_COORDINATOR') return event.clubCoordinator === true;
  if (!isOfficial(actor)) return false;
  return actor.role === 'PRESIDENT' || (event.createdBy !== null && event.createdBy === actor.id);
}

/** The edit and cancel controls show only when they would succeed: a cancelled event is final. */
export function canEditEvent(actor: EventActor, event: EventOwnership): boolean {
  return mayChangeEvent(actor, event) && event.status !== 'cancelled' && event.approval !== 'rejected';
}

/** When an event is over: its end, or its start when it has no end; null while it has no date. */
type EventSchedule = { scheduleStart: Date | null; scheduleEnd: Date | null };

/** An event took place once it is completed or its time has passed. */
export function hasTakenPlace(
  event: Pick<EventOwnership, 'status'> & EventSchedule,
  now: Date,
): boolean {
  const over = event.scheduleEnd ?? event.scheduleStart;
  return event.status === 'completed' || (over !== null && over.getTime() < now.getTime());
}

/** An event that took place can still be corrected, not called off. */
export function canCancelEvent(
  actor: EventActor,
  event: EventOwnership & EventSchedule,
  now: Date,
): boolean {
  return canEditEvent(actor, event) && !hasTakenPlace(event, now);
}

/**
 * What decides who may see, manage and decide on an event, read fresh for the acting user:
 * its approval, its creator, whether the actor organises it, and whether the actor coordinates
 * its club or is the general secretary of its council.
 */
export type EventStanding = EventOwnership & {
  approval: string;
  /** The actor is one of its organisers. */
  organizer: boolean;
  /** The actor is the coordinator of the club that organises it. */
  clubCoordinator: boolean;
  /** The council (councilOf's category) the organising unit sits in; null when none. */
  council: string | null;
};

const isGensecOf = (actor: EventActor, council: string | null) =>
  council !== null && councilOf(actor.role) === council;

/** Approved events are public to everyone signed in; a proposal only to those who made, run or decide it. */
export function canSeeEvent(actor: EventActor, event: EventStanding): boolean {
  if (event.approval === 'approved') return true;
  return (
    isOfficial(actor) ||
    actor.role === 'ADMIN' ||
    event.createdBy === actor.id ||
    event.organizer ||
    event.clubCoordinator
  );
}

/** Its registrations, check-in and messages: the officials, its creator, its organisers and its club's coordinator. */
export function canManageEvent(actor: EventActor, event: EventStanding): boolean {
  if (actor.role === 'ADMIN') return false;
  return (
    isOfficial(actor) ||
    (event.createdBy !== null && event.createdBy === actor.id) ||
    event.organizer ||
    event.clubCoordinator
  );
}

/** A club's proposal waiting for a decision: the general secretary of the club's council, or the president. */
export function canDecideEvent(actor: EventActor, event: EventStanding): boolean {
  if (event.approval !== 'proposed' || event.status === 'cancelled') return false;
  return actor.role === 'PRESIDENT' || isGensecOf(actor, event.council);
}

/** The event's facts registration is judged by. */
export type RegistrationRules = {
  approval: string;
  status: string;
  registrationRequired: boolean;
  registrationStart: Date | null;
  registrationEnd: Date | null;
  scheduleStart: Date | null;
  scheduleEnd: Date | null;
};

/**
 * Why registering is refused now, or null: the event takes registrations, is approved and not
 * cancelled, its window is open (no opening means open from the start; no closing means open until
 * the event starts) and it has not started.
 */
export function registrationRefusal(
  event: RegistrationRules,
  now: Date,
): keyof typeof REGISTRATION_MESSAGES | null {
  if (event.approval !== 'approved') return 'notApproved';
  if (event.status === 'cancelled') return 'eventCancelled';
  if (!event.registrationRequired) return 'notRequired';
  const at = now.getTime();
  if (event.registrationStart && event.registrationStart.getTime() > at) return 'notOpenYet';
  const closes = event.registrationEnd ?? event.scheduleStart;
  if ((closes && closes.getTime() <= at) || hasTakenPlace(event, now)) return 'closed';
  return null;
}

/** Who may register: limits read against the institute's record of the person. */
export type Eligibility = RecordLimits;

/**
 * Why the institute's record of the person (decision 0015) keeps them out, in words naming the
 * limit and what the record holds; null when every limit is met (an empty list is no limit).
 */
export function ineligibility(rules: Eligibility, facts: RecordFacts): string | null {
  const reasons = limitsNotMet(rules, facts);
  if (reasons.length === 0) return null;
  return `This event is open only to ${reasons.join('; ')}. If the institute's record is wrong, ask for a correction on your profile.`;
}
