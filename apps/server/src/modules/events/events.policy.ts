import { OFFICIAL_ROLES, type Role } from '@cosa/contracts';

/** Who is asking: the session's user. */
export type EventActor = { id: string; role: Role };

/** The facts about an event that decide who may change it. */
export type EventOwnership = { createdBy: string | null; status: string };

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
  // A club coordinator creates events but edits and cancels none: that stays with the officials.
  if (!isOfficial(actor)) return false;
  return actor.role === 'PRESIDENT' || (event.createdBy !== null && event.createdBy === actor.id);
}

/** The edit and cancel controls show only when they would succeed: a cancelled event is final. */
export function canEditEvent(actor: EventActor, event: EventOwnership): boolean {
  return mayChangeEvent(actor, event) && event.status !== 'cancelled';
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
