import { zonedParts } from '../../lib/wall-clock';

// Month names are spelled out here rather than by Intl, whose en-GB "Sept" differs between Node builds.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Printed where a detail is missing. */
export const MISSING = '—';

const dayMonthYear = (year: string, month: string, day: string): string =>
  `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;

/** A calendar date (YYYY-MM-DD) as "12 Mar 2025"; it names a day, so no time zone applies. */
export function formatCalendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? dayMonthYear(match[1] ?? '', match[2] ?? '', match[3] ?? '') : value;
}

/** The day an instant falls on in the institute's time zone, as "12 Mar 2025". */
export function formatDayIn(instant: Date | string, timeZone: string): string {
  const { year, month, day } = zonedParts(new Date(instant), timeZone);
  return dayMonthYear(year, month, day);
}

/** An instant as "12 Mar 2025, 14:05 UTC+05:30": the offset keeps a printed time unambiguous. */
export function formatDateTimeIn(instant: Date, timeZone: string): string {
  const { year, month, day, hour, minute, offset } = zonedParts(instant, timeZone);
  return `${dayMonthYear(year, month, day)}, ${hour}:${minute} ${offset}`;
}

/** An enum value such as "technical" as a label. */
export const capitalize = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

/** "Verified by Dr Rao on 12 Mar 2025", leaving out whichever half is unknown. */
export function attestation(
  verb: string,
  by: string | null,
  at: string | null,
  timeZone: string,
): string | null {
  if (!by && !at) return null;
  return [verb, by ? `by ${by}` : null, at ? `on ${formatDayIn(at, timeZone)}` : null]
    .filter(Boolean)
    .join(' ');
}
