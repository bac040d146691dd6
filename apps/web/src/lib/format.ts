import {
  DEFAULT_TIME_ZONE,
  instituteDate,
  instituteDateTime,
  instituteMonthYear,
  instituteTime,
  instituteWeekdayDate,
  instituteWeekdayDateTime,
} from '@cosa/contracts';

/*
 * The one place the web app turns dates into text (a lint rule, no-own-date-format, keeps it so).
 * Every date and time is written in one style on the institute's clock (decision 0025):
 * '5 Nov 2026' and '5 Nov 2026, 18:30'. The spec fixes three other formats, each for its own
 * views only: formatPositionDate (position views), formatDayMonthYear (achievements) and
 * formatDateIN (club views).
 */

export type DateInput = Date | string | number | null | undefined;

const MISSING_DATE = 'N/A';

let instituteTimeZone = DEFAULT_TIME_ZONE;

/**
 * The installation's time zone, from its public configuration: the default of every formatter
 * here, so that no page needs to pass it along.
 */
export function setInstituteTimeZone(timeZone: string): void {
  instituteTimeZone = timeZone;
}

/** A calendar date ('2026-11-05') names a day: read in UTC it stays that day everywhere. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date =
    value instanceof Date
      ? value
      : new Date(typeof value === 'string' && CALENDAR_DATE.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const zoneFor = (value: DateInput, timeZone: string | undefined) =>
  typeof value === 'string' && CALENDAR_DATE.test(value) ? 'UTC' : (timeZone ?? instituteTimeZone);

function partsOf(date: Date, timeZone: string): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).formatToParts(date);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/** A date in the portal's style, e.g. '5 Nov 2026'; 'N/A' when missing. */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return (date && instituteDate(date, zoneFor(value, timeZone))) ?? MISSING_DATE;
}

/** The month and year, e.g. 'Nov 2026'; 'N/A' when missing. */
export function formatMonthYear(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return (date && instituteMonthYear(date, zoneFor(value, timeZone))) ?? MISSING_DATE;
}

/** With its weekday, e.g. 'Thu, 5 Nov 2026'. */
export function formatWeekdayDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return (date && instituteWeekdayDate(date, zoneFor(value, timeZone))) ?? MISSING_DATE;
}

/** A date and 24-hour time, e.g. '5 Nov 2026, 18:30'. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return (date && instituteDateTime(date, zoneFor(value, timeZone))) ?? MISSING_DATE;
}

/** A 24-hour time alone, e.g. '18:04'; 'N/A' when missing. */
export function formatTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return (date && instituteTime(date, zoneFor(value, timeZone))) ?? MISSING_DATE;
}

/** With its weekday, e.g. 'Thu, 5 Nov 2026, 18:30'. */
export function formatWeekdayDateTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return (date && instituteWeekdayDateTime(date, zoneFor(value, timeZone))) ?? MISSING_DATE;
}

/** The spec's date of the position views: en-US short, e.g. 'Nov 21, 2026'; 'N/A' when missing. */
export function formatPositionDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return MISSING_DATE;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zoneFor(value, timeZone),
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
}

/** The spec's achievement date: dd MMM yyyy, e.g. '05 Nov 2026'. */
export function formatDayMonthYear(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return MISSING_DATE;
  const parts = partsOf(date, zoneFor(value, timeZone));
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/** en-IN date, e.g. '21/11/2026' (club views). */
export function formatDateIN(
  value: DateInput,
  timeZone?: string,
  options: Intl.DateTimeFormatOptions = {},
): string {
  const date = toDate(value);
  if (!date) return MISSING_DATE;
  return date.toLocaleDateString('en-IN', { timeZone: zoneFor(value, timeZone), ...options });
}

/** The calendar date (yyyy-mm-dd) of an instant in the given time zone. */
export function isoDateIn(value: DateInput, timeZone?: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zoneFor(value, timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Indian rupees with no decimals, e.g. '₹1,23,457'. */
export function formatINR(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  return inr.format(amount === null || amount === undefined || !Number.isFinite(amount) ? 0 : amount);
}

/** The wall-clock fields of an instant in a time zone, 24-hour. */
function wallClockOf(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const wall = wallClockOf(new Date(instant), timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * The instant (ISO 8601, UTC) of a date ('2026-12-01') and time ('18:30') read on the clocks of a
 * time zone; null when either is missing or not a real date or time.
 */
export function zonedDateTimeToIso(
  date: string,
  time: string,
  timeZone: string = instituteTimeZone,
): string | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const timeMatch = TIME_PATTERN.exec(time.trim());
  if (!dateMatch || !timeMatch) return null;
  const [year, month, day] = [Number(dateMatch[1]), Number(dateMatch[2]), Number(dateMatch[3])];
  const wall = Date.UTC(
    year,
    month - 1,
    day,
    Number(timeMatch[1]),
    Number(timeMatch[2]),
    Number(timeMatch[3] ?? 0),
  );
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null;
  // The offset is that of the instant itself: a first guess, then once more in case the guess
  // fell on the other side of a daylight-saving change.
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone)).toISOString();
}

/** The date ('2026-12-01') and time ('18:30') an instant shows on the clocks of a time zone; null when missing. */
export function isoToZonedDateTime(
  value: DateInput,
  timeZone: string = instituteTimeZone,
): { date: string; time: string } | null {
  const date = toDate(value);
  if (!date) return null;
  const wall = wallClockOf(date, timeZone);
  const pad = (number: number, width = 2) => String(number).padStart(width, '0');
  return {
    date: `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`,
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
  };
}

/**
 * From start to end, e.g. '1 Dec 2026, 18:30 – 21:00' on one day or
 * '1 Dec 2026, 18:30 – 2 Dec 2026, 10:00' across days; null without a start.
 */
export function formatDateTimeRange(start: DateInput, end: DateInput, timeZone?: string): string | null {
  const from = toDate(start);
  if (!from) return null;
  const to = toDate(end);
  const zone = timeZone ?? instituteTimeZone;
  if (!to) return formatDateTime(from, zone);
  const sameDay = isoDateIn(from, zone) === isoDateIn(to, zone);
  return `${formatDateTime(from, zone)} – ${sameDay ? instituteTime(to, zone) : formatDateTime(to, zone)}`;
}

/** '230 KB', '1.4 MB': a file's size as people read it. */
export function sizeInWords(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`;
}
