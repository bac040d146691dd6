import { and, eq, sql } from 'drizzle-orm';
import { EVENT_MESSAGES, REGISTRATION_MESSAGES, type EventInput } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { eventRegistrations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { zonedParts } from '../../lib/wall-clock';
import { requestBooking } from '../rooms/bookings.service';
import type { EventActor } from './events.policy';

/* What creating and editing an event checks and asks on the side: the room, the seats, the changes registrants hear of. */

const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Who acts, with the name a room request is made under. */
export type EventAuthor = EventActor & { name: string };

/**
 * Asks for the room for the event's time, in the room-booking flow (the president decides it):
 * the event must start and end on the same day of the institute's clock.
 */
export async function requestRoom(
  tx: Database,
  actor: EventAuthor,
  input: EventInput,
  timeZone: string,
): Promise<string> {
  const start = input.start ? zonedParts(new Date(input.start), timeZone) : null;
  const end = input.end ? zonedParts(new Date(input.end), timeZone) : null;
  const sameDay =
    start &&
    end &&
    `${start.year}-${start.month}-${start.day}` === `${end.year}-${end.month}-${end.day}`;
  if (!start || !end || !sameDay)
    throw AppError.badRequest(EVENT_MESSAGES.roomNeedsOneDay, {
      roomId: EVENT_MESSAGES.roomNeedsOneDay,
    });
  const booking = await requestBooking(
    tx,
    actor,
    {
      roomId: input.roomId!,
      date: `${start.year}-${start.month}-${start.day}`,
      startTime: `${start.hour}:${start.minute}`,
      endTime: `${end.hour}:${end.minute}`,
      description: `For the event "${input.title}"`,
    },
    { timeZone },
  );
  return booking.id;
}

/** A smaller capacity may not drop people who hold a seat: 400 on maxParticipants, naming how many. */
export async function keepConfirmedSeats(
  tx: Database,
  eventId: string,
  input: EventInput,
): Promise<void> {
  if (input.maxParticipants === null) return;
  const [row] = await tx
    .select({ confirmed: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'confirmed')));
  const confirmed = row?.confirmed ?? 0;
  if (input.maxParticipants < confirmed) {
    const message = `${REGISTRATION_MESSAGES.belowConfirmed} ${confirmed} hold a seat.`;
    throw AppError.badRequest(message, { maxParticipants: message });
  }
}

/** What registrants are told changed: the time, the venue or the mode. */
export function changesFor(
  before: {
    scheduleStart: Date | null;
    scheduleEnd: Date | null;
    venue: string | null;
    mode: string | null;
  },
  input: EventInput,
): string[] {
  const time = (value: Date | null) => value?.getTime() ?? null;
  const changed: string[] = [];
  if (
    time(before.scheduleStart) !== time(dateOf(input.start)) ||
    time(before.scheduleEnd) !== time(dateOf(input.end))
  )
    changed.push('time');
  if ((before.venue ?? null) !== (input.venue ?? null)) changed.push('venue');
  if ((before.mode ?? null) !== (input.mode ?? null)) changed.push('mode');
  return changed;
}
