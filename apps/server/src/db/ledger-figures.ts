import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

/*
 * A unit's money in a tenure, read from the ledger (decision 0040): the sums its budget lines of that
 * tenure keep, which the entries' trigger writes and nothing else. Every page that shows a unit's
 * budget, what it spent or what a position holder utilised reads these, so that no two disagree.
 */

/** Rupees from a numeric column, exact to the paisa. */
export const rupeesOf = (value: string | number | null): number =>
  Math.round(Number(value ?? 0) * 100) / 100;

const sumOfLines = (column: 'allocated' | 'paid', unitId: SQLWrapper, tenure: SQLWrapper | string) =>
  sql<number>`(select coalesce(sum(l.${sql.raw(column)}), 0)::text from budget_lines l
    where l.unit_id = ${unitId} and l.tenure_year = ${tenure})`.mapWith(rupeesOf);

/** What the unit's lines of the tenure were allocated (allocations and money passed down, less reductions and what it passed on). */
export const unitAllocated = (unitId: SQLWrapper, tenure: SQLWrapper | string) =>
  sumOfLines('allocated', unitId, tenure);

/** What the unit's lines of the tenure paid: claims paid, and spend carried over from before the ledger. */
export const unitPaid = (unitId: SQLWrapper, tenure: SQLWrapper | string) =>
  sumOfLines('paid', unitId, tenure);

/**
 * Carries money typed before the ledger into it (migration 0050's `money_carry_over_typed`): the
 * units' typed budgets into the tenure given, the positions' typed "budget utilised" into their
 * tenures. Units and tenures with a line already are left alone. Returns how many lines it opened.
 */
export async function carryOverTypedMoney(
  db: Pick<Database, 'execute'>,
  tenureYear: string,
): Promise<number> {
  const [row] = rowsOf<{ opened: number }>(
    await db.execute(sql`select money_carry_over_typed(${tenureYear}) as opened`),
  );
  return Number(row?.opened ?? 0);
}
