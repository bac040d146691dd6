import { DEFAULT_TIME_ZONE } from '@cosa/contracts';

export type DateInput = Date | string | number | null | undefined;

const MISSING_DATE = 'N/A';

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function partsOf(date: Date, timeZone: string): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, day: '2-digit', month: 'short', year: 'numeric' }).formatToParts(date);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/** en-US short date, e.g. 'Nov 21, 2026'; 'N/A' when missing. */
export function formatDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return MISSING_DATE;
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** en-US short date and time, e.g. 'Nov 21, 2026, 3:30 PM'. */
export function formatDateTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return MISSING_DATE;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** dd MMM yyyy, e.g. '05 Nov 2026' (achievement dates). */
export function formatDayMonthYear(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return MISSING_DATE;
  const parts = partsOf(date, timeZone);
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/** en-IN date, e.g. '21/11/2026' (club views). */
export function formatDateIN(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE, options: Intl.DateTimeFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING_DATE;
  return date.toLocaleDateString('en-IN', { timeZone, ...options });
}

/** The calendar date (yyyy-mm-dd) of an instant in the given time zone. */
export function isoDateIn(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const date = toDate(value);
  if (!date) return null;
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Indian rupees with no decimals, e.g. '₹1,23,457'. */
export function formatINR(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  return inr.format(amount === null || amount === undefined || !Number.isFinite(amount) ? 0 : amount);
}

/** The year now, in the given time zone. */
export function currentYear(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
}
