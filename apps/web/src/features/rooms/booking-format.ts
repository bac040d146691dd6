import { formatWeekdayDate, formatWeekdayDateTime } from '../../lib/format';

/** A booking's day, e.g. 'Tue, 25 Nov 2026' (the date is the institute's calendar day, so no zone shifts it). */
export const formatBookingDate = (date: string): string => formatWeekdayDate(date);

/** An instant on the institute's clock in the same style, e.g. 'Sun, 22 Nov 2026, 17:06'. */
export const formatBookingInstant = (iso: string, timeZone?: string): string =>
  formatWeekdayDateTime(iso, timeZone);

/** '10:00 – 11:30'; a booking until the end of the day reads '22:00 – 24:00'. */
export const formatTimeRange = (startTime: string, endTime: string): string =>
  `${startTime} – ${endTime}`;

/** The characters of a text as the server counts them (code points, so an emoji is one). */
export const characterCount = (text: string): number => Array.from(text).length;
