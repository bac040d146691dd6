import { REPORT_OTHER_GROUPS, REPORT_SMALLEST_GROUP } from '@cosa/contracts';

/*
 * The term report's rule for small groups (decision 0044): a count of people from 1 to 4 is never
 * shown, and no breakdown lets one be worked out from the rows shown and the total. Pure functions
 * over the counts the statements read.
 */

/** A count of people as the report shows it: null (fewer than 5) from 1 to 4; zero is no one and shows. */
export const people = (count: number): number | null =>
  count > 0 && count < REPORT_SMALLEST_GROUP ? null : count;

const isSmall = (count: number) => count > 0 && count < REPORT_SMALLEST_GROUP;

/** part / whole, to four places, when both are shown and the whole is not zero; else null. */
export function shareOf(part: number, whole: number): number | null {
  if (people(part) === null || people(whole) === null || whole === 0) return null;
  return Math.round((part / whole) * 10_000) / 10_000;
}

/** Hours to a tenth from a number of hours, when at least 5 items made it; else null. */
export function hoursOf(value: number | null, items: number): number | null {
  if (value === null || items < REPORT_SMALLEST_GROUP) return null;
  return Math.round(value * 10) / 10;
}

/** A row of a breakdown: its group's name and its counts of people (by field). */
export type Counted<K extends string> = { group: string; counts: Record<K, number> };

/**
 * The rows of a breakdown that may be named, and the rest put together in one row named
 * REPORT_OTHER_GROUPS: a row with any small count goes there, and then the smallest named rows join
 * it until none of its counts is small (or every row is in it). So neither a small group's name nor
 * a small count follows from the rows shown and the total. `order` ranks which rows join first
 * (smallest first). Counts are returned raw: the caller shows each through `people`.
 */
export function protectGroups<K extends string>(
  rows: readonly Counted<K>[],
  keys: readonly K[],
  size: (row: Counted<K>) => number,
): Counted<K>[] {
  const named = rows.filter((row) => !keys.some((key) => isSmall(row.counts[key])));
  const others = rows.filter((row) => !named.includes(row));
  if (others.length === 0) return [...rows];
  const joining = [...named].sort((a, b) => size(a) - size(b) || a.group.localeCompare(b.group));
  const sum = (key: K) => others.reduce((total, row) => total + row.counts[key], 0);
  while (joining.length > 0 && keys.some((key) => isSmall(sum(key)))) others.push(joining.shift()!);
  const counts = Object.fromEntries(keys.map((key) => [key, sum(key)])) as Record<K, number>;
  const kept = named.filter((row) => joining.includes(row));
  return [...kept, { group: REPORT_OTHER_GROUPS, counts }];
}

/**
 * Ordered buckets (fewest activities first) where a small bucket joins the next larger one, its
 * label becoming "N or more" at the top end, or a range: the distribution's shape stays, and no
 * small count shows. A small lowest bucket left over joins the one above it.
 */
export function mergeBuckets(
  buckets: readonly { low: number; high: number | null; students: number }[],
): { activities: string; students: number }[] {
  const label = (low: number, high: number | null) =>
    high === null ? `${low} or more` : low === high ? String(low) : `${low}-${high}`;
  const merged: { low: number; high: number | null; students: number }[] = [];
  let carry: { low: number; high: number | null; students: number } | null = null;
  for (const bucket of [...buckets].reverse()) {
    const current: { low: number; high: number | null; students: number } = carry
      ? { low: bucket.low, high: carry.high, students: carry.students + bucket.students }
      : { ...bucket };
    if (isSmall(current.students)) carry = current;
    else {
      merged.unshift(current);
      carry = null;
    }
  }
  if (carry) {
    const above = merged.shift();
    merged.unshift(
      above ? { low: carry.low, high: above.high, students: carry.students + above.students } : carry,
    );
  }
  return merged.map((bucket) => ({
    activities: label(bucket.low, bucket.high),
    students: bucket.students,
  }));
}
