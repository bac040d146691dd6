import type { EventMessageInput, PostedAnnouncement } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { announceToRegistrants } from '../announcements/announcements.service';
import { managedEvent } from './event-standing.service';
import type { EventActor } from './events.policy';
import { registrantsOf } from './registrations.service';

/** Who: confirmed registrants, the waitlist, or both. */
const STATUSES: Record<EventMessageInput['to'], string[]> = {
  confirmed: ['confirmed'],
  waitlisted: ['waitlisted'],
  all: ['confirmed', 'waitlisted'],
};

/** The organisers' message to the event's registrants, as an announcement to them. */
export async function messageRegistrants(
  db: Database,
  actor: EventActor & { name: string },
  eventId: string,
  input: EventMessageInput,
): Promise<PostedAnnouncement> {
  const { event } = await managedEvent(db, actor, eventId);
  if (event.approval !== 'approved') throw AppError.conflict('This event is not approved yet.');
  return announceToRegistrants(
    db,
    actor,
    { title: input.title, body: input.body },
    { id: event.id, title: event.title },
    registrantsOf(eventId, STATUSES[input.to]),
  );
}
