import { OFFICIAL_ROLES, type Role } from '@cosa/contracts';

/** Who is asking: the session's user. */
export type EventActor = { id: string; role: Role };

/** The facts about an event that decide who may change it. */
export type EventOwnership = { createdBy: string | null; status: string };

/** Officials (the four general secretaries and the president) create events. */
export function canCreateEvents(actor: EventActor): boolean {
  return (OFFICIAL_ROLES as readonly Role[]).includes(actor.role);
}

/**
 * Its creator or the president may change an event, while they are officials: a creator who has
 * since lost the role keeps no hold over what they made.
 */
export function mayChangeEvent(actor: EventActor, event: EventOwnership): boolean {
  if (!canCreateEvents(actor)) return false;
  return actor.role === 'PRESIDENT' || (event.createdBy !== null && event.createdBy === actor.id);
}

/** The edit and cancel controls show only when they would succeed: a cancelled event is final. */
export function canEditEvent(actor: EventActor, event: EventOwnership): boolean {
  return mayChangeEvent(actor, event) && event.status !== 'cancelled';
}

/** A completed event took place: it can still be corrected, not called off. */
export function canCancelEvent(actor: EventActor, event: EventOwnership): boolean {
  return canEditEvent(actor, event) && event.status !== 'completed';
}
