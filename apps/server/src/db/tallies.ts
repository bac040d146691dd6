import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { tallies } from './schema/index';
import { rowsOf } from './rows';

/** The tally of skill claims of a skill type awaiting review. */
export const claimsTally = (type: string) => `claims.${type}`;
/** The tally of achievements of a type awaiting verification. */
export const achievementsTally = (type: string) => `achievements.${type}`;
/** The tally of feedback of a type, resolved or not. */
export const feedbackTally = (type: string, resolved: boolean) =>
  `feedback.${type}.${resolved ? 'resolved' : 'unresolved'}`;

/**
 * The tallies of the position holdings (migration 'bulk_reads_and_writes'): every holding, those not
 * declined, by tenure and by status; the tally a holder-list filter of tenure and status counts.
 */
export const holdingsTally = (filter: { tenureYear?: string; status?: string } = {}) =>
  filter.tenureYear && filter.status
    ? `holdings.tenure.${filter.tenureYear}.status.${filter.status}`
    : filter.tenureYear
      ? `holdings.tenure.${filter.tenureYear}`
      : filter.status
        ? `holdings.status.${filter.status}`
        : 'holdings';
export const keptHoldingsTally = 'holdings.kept';
/** The tally of the accounts of a role in a state (migration 'account_tallies'), states as the administrator's list tells them. */
export const accountsTally = (role: string, state: string) => `accounts.${role}.${state}`;
/** The key of one position's filled seats in a tenure, built in SQL from the position's id. */
export const heldTallyKey = (tenure: string, positionId: SQL | AnyColumn): SQL =>
  sql`('held.' || ${tenure}::text || '.' || ${positionId})`;

/** The sum of some tallies (schema/tallies.ts), as a scalar subquery: a few rows read instead of a count over a whole queue. */
export function tallyOf(keys: readonly string[]): SQL<number> {
  if (keys.length === 0) return sql<number>`0`;
  return sql<number>`(select coalesce(sum(${tallies.n}), 0) from ${tallies} where ${inArray(tallies.key, [...keys])})::int`;
}

/** One number of the database: a count, a sum of tallies, or arithmetic on them. */
export async function numberOf(db: Database, value: SQL<number>): Promise<number> {
  const result = await db.execute(sql`select ${value} as n`);
  return Number(rowsOf<{ n: number | string }>(result)[0]!.n);
}
