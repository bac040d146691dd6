import { DEFAULT_TIME_ZONE } from '@cosa/contracts';

/**
 * The year now, in the given time zone. Apart from format.ts: every page's footer shows it, the
 * sign-in pages' too, which stay without the formatters' code.
 */
export function currentYear(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): number {
  // eslint-disable-next-line cosa/no-own-date-format -- a year, not a date shown (see above)
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
}
