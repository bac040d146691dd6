import { DEFAULT_TIME_ZONE } from '@cosa/contracts';

/** The year now, in the given time zone (apart from format.ts: every page's footer shows it). */
export function currentYear(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
}
