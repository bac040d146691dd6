import { currentYearIn } from './format';

/** The year now on the institute's clock (every page's footer shows it). */
export const currentYear = (timeZone?: string, now: Date = new Date()): number =>
  currentYearIn(timeZone, now);
