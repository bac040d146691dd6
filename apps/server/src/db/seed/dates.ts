export const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MINUTES = 330;

/** 'YYYY-MM-DD' of a moment, in the institute's time zone (India has no daylight saving). */
export function isoDate(date: Date): string {
  return new Date(date.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The moment `days` from today at hh:mm Indian time. */
export function istAt(now: Date, days: number, hours: number, minutes = 0): Date {
  const [year, month, day] = isoDate(new Date(now.getTime() + days * DAY_MS))
    .split('-')
    .map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hours, minutes) - IST_OFFSET_MINUTES * 60_000);
}

export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The first calendar year of the academic year (July to June) that `now` falls in. */
export function academicYearStart(now: Date): number {
  const [year, month] = isoDate(now).split('-').map(Number) as [number, number];
  return month >= 7 ? year : year - 1;
}

/** A tenure such as '2025-2026', `offset` academic years from the current one. */
export function tenureYear(now: Date, offset = 0): string {
  const start = academicYearStart(now) + offset;
  return `${start}-${start + 1}`;
}

/** The study year of a student admitted in `batchYear` ('1st' to '5th', or 'Alumni'). */
export function currentYearOf(
  now: Date,
  batchYear: number,
  programYears: number,
): '1st' | '2nd' | '3rd' | '4th' | '5th' | 'Alumni' {
  const year = academicYearStart(now) - batchYear + 1;
  if (year > programYears) return 'Alumni';
  return (['1st', '2nd', '3rd', '4th', '5th'] as const)[Math.max(0, Math.min(4, year - 1))] ?? '1st';
}
