import { formatINR } from '../../lib/format';

/*
 * How the report writes its figures (decision 0044). A count of people the server hid (1 to 4) is
 * null and reads "fewer than 5"; a share, a time or a cost built on such a count, or on nothing,
 * is null too and reads as a dash, which NOT_SHOWN_NOTE explains on the page.
 */

/** A hidden count of people, as the page and the CSV files write it. */
export const FEWER_THAN_5 = 'fewer than 5';
/** A share, time or cost not shown. */
const NOT_SHOWN = '—';
/** The page's one line on both marks. */
export const NOT_SHOWN_NOTE =
  '“fewer than 5” stands for a group of 1 to 4 people, kept private; “—” marks a share, time or cost that is not shown because it would rest on such a group, or on nothing.';

/** A count of people: '1,980', or 'fewer than 5'. */
export function formatCount(value: number | null): string {
  return value === null ? FEWER_THAN_5 : value.toLocaleString('en-IN');
}

/** A share from 0 to 1 as a whole percentage: '21%', or '—'. */
export function formatShare(value: number | null): string {
  return value === null ? NOT_SHOWN : `${Math.round(value * 100)}%`;
}

const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/** Hours as people say them: '36 h' up to two days, then '2.5 days'; or '—'. */
export function formatHours(value: number | null): string {
  if (value === null) return NOT_SHOWN;
  if (value < 48) return `${oneDecimal(value)} h`;
  return `${oneDecimal(value / 24)} days`;
}

/** Rupees without paise: '₹1,20,000', or '—'. */
export function formatMoney(value: number | null): string {
  return value === null ? NOT_SHOWN : formatINR(value);
}

/** A count at the start of a sentence: 'Fewer than 5' rather than 'fewer than 5'. */
export function countToStart(value: number | null): string {
  return value === null ? 'Fewer than 5' : formatCount(value);
}

/** '1 event' or '12 events'; a hidden count takes the plural. */
export function plural(value: number | null, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}
