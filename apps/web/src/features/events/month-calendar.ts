import type { EventSummary } from '@cosa/contracts';
import { isoDateIn, isoToZonedDateTime } from '../../lib/format';

/* The month view's arithmetic: calendar dates only (read in UTC, where a date stays its day), weeks
 * from Monday; events placed on the day they start on the institute's clock. */

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The earliest and latest months the server accepts. */
export const FIRST_MONTH = '2000-01';
export const LAST_MONTH = '2100-12';

const pad = (value: number) => String(value).padStart(2, '0');

function parts(month: string): { year: number; month: number } {
  const [year, number] = month.split('-').map(Number);
  return { year: year!, month: number! };
}

/** Today's calendar date ('2026-12-01') on the institute's clock. */
export const todayIn = (timeZone?: string): string => isoDateIn(new Date(), timeZone) ?? '';

/** This month ('2026-12') on the institute's clock. */
export const thisMonth = (timeZone?: string): string => todayIn(timeZone).slice(0, 7);

/** The month `by` months after (or before) `month`. */
export function shiftMonth(month: string, by: number): string {
  const { year, month: number } = parts(month);
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** 'December 2026'. */
export function monthTitle(month: string): string {
  const { year, month: number } = parts(month);
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

/**
 * The month's weeks, Monday first: each a list of seven calendar dates ('2026-12-01'), null for a
 * day of the month before or after.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const { year, month: number } = parts(month);
  const days = new Date(Date.UTC(year, number, 0)).getUTCDate();
  // getUTCDay counts from Sunday (0); the week here starts on Monday.
  const lead = (new Date(Date.UTC(year, number - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, index) => `${month}-${pad(index + 1)}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The events of each day they start on (the institute's clock), in the order given. */
export function eventsByDay(
  events: readonly EventSummary[],
  timeZone?: string,
): Map<string, EventSummary[]> {
  const days = new Map<string, EventSummary[]>();
  for (const event of events) {
    const day = isoDateIn(event.start, timeZone);
    if (!day) continue;
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  return days;
}

/** The time an event starts on the institute's clock, '18:30'. */
export const startTime = (event: EventSummary, timeZone?: string): string =>
  isoToZonedDateTime(event.start, timeZone)?.time ?? '';
