import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { councilOf } from '@cosa/contracts';
import type { Database } from './client';
import { rowsOf } from './rows';
import { orgUnits } from './schema/index';

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

/** Who reads a unit's money: their role and, for a club coordinator, the club their account is linked to. */
export type MoneyReader = { role: string; clubId: string | null };

/** The units of a council (by its type) and every unit below it, as a query of id. */
export const unitsOfCouncil = (council: string): SQL => sql`with recursive down(id) as (
    select id from ${orgUnits} where type = 'committee' and lower(trim(category)) = ${council}
    union
    select o.id from ${orgUnits} o join down on o.parent_id = down.id
  ) select id from down`;

/**
 * The units whose money the reader sees, as a condition on a unit id: every unit for the president
 * and the administrator, a general secretary's council and everything below it, a coordinator's club.
 */
export function unitsSeenBy(reader: MoneyReader, unitId: SQLWrapper): SQL {
  if (reader.role === 'PRESIDENT' || reader.role === 'ADMIN') return sql`true`;
  const council = councilOf(reader.role);
  if (council !== null) return sql`${unitId} in (${unitsOfCouncil(council)})`;
  if (reader.role === 'CLUB_COORDINATOR' && reader.clubId)
    return sql`${unitId} = ${reader.clubId}::uuid`;
  return sql`false`;
}

/**
 * What the unit's lines of the tenure paid (unitPaid), for a row whose condition holds (the reader
 * may see the unit's money, or more); null for any other row, decided by the database row by row.
 */
export const unitPaidWhen = (shown: SQL, unitId: SQLWrapper, tenure: SQLWrapper | string) =>
  sql<number | null>`(case when ${shown} then ${unitPaid(unitId, tenure)} end)`.mapWith(
    (value: string | null) => (value === null ? null : rupeesOf(value)),
  );

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
