import { DEFAULT_TIME_ZONE } from '@cosa/contracts';

/** A booking's day, e.g. 'Tue, 25 Nov 2026' (the date is the institute's calendar day, so no zone shifts it). */
export function formatBookingDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** An instant on the institute's clock in the same style, e.g. 'Sun, 22 Nov 2026, 17:06'. */
export function formatBookingInstant(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** '10:00 – 11:30'; a booking until the end of the day reads '22:00 – 24:00'. */
export const formatTimeRange = (startTime: string, endTime: string): string =>
  `${startTime} – ${endTime}`;

/** The characters of a text as the server counts them (code points, so an emoji is one). */
export const characterCount = (text: string): number => Array.from(text).length;
