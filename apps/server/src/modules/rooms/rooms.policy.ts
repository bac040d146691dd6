import { instituteDate, type Role } from '@cosa/contracts';
import { zonedParts } from '../../lib/wall-clock';

/** Who is asking: the session's user. */
export type BookingActor = { id: string; role: Role; name: string };

/** Most future requests one official may have waiting for the president at once. */
export const PENDING_LIMIT = 30;

/** The institute's wall clock at an instant: the date ('2026-11-24') and the time ('09:30'). */
export type WallClock = { date: string; time: string };

/** The institute's wall clock at an instant. */
function wallClockIn(timeZone: string, now: Date): WallClock {
  const { year, month, day, hour, minute } = zonedParts(now, timeZone);
  return { date: `${year}-${month}-${day}`, time: `${hour}:${minute}` };
}

/** Where the institute's clock stands: its time zone, and the instant (now unless a test gives one). */
export type BookingClock = { timeZone: string; now?: Date };

/** The institute's wall clock of a BookingClock. */
export const wallClockOf = (clock: BookingClock): WallClock =>
  wallClockIn(clock.timeZone, clock.now ?? new Date());

/**
 * Which field of a booking lies in the past on the institute's clock: the date when the day is
 * over, the start time when it starts today at or before this minute; null when it is ahead.
 */
export function pastField(
  booking: { date: string; startTime: string },
  timeZone: string,
  now: Date,
): 'date' | 'startTime' | null {
  const today = wallClockIn(timeZone, now);
  if (booking.date < today.date) return 'date';
  if (booking.date === today.date && booking.startTime <= today.time) return 'startTime';
  return null;
}

/** '10:00:00' from the database as '10:00'. */
export const hhmm = (time: string): string => time.slice(0, 5);

/** The text naming a booking's room, day and times, e.g. 'Room A on 25 Nov 2026 from 10:00 to 11:00'. */
export function describeSlot(room: string, date: string, startTime: string, endTime: string): string {
  // A calendar date names its day whatever the zone; in the portal's one date style, as pages show it.
  const day = instituteDate(date, 'UTC') ?? date;
  return `${room} on ${day} from ${hhmm(startTime)} to ${hhmm(endTime)}`;
}
