import { sql } from 'drizzle-orm';
import type { BudgetHeading, EntryKind, LineFigures } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rupeesOf } from '../../db/ledger-figures';
import { rowsOf } from '../../db/rows';
import { orgUnits } from '../../db/schema/index';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import type { MoneyUnit } from './money.policy';

/*
 * The ledger's writes and the facts its rules read (decision 0040). An entry is written only with
 * its line's row locked, after the check that the line can bear it, in the caller's transaction;
 * the trigger of migration 0049 adds it to the line's sums and the line's checks refuse what the
 * code's check missed.
 */

export type Executor = Pick<Database, 'execute'>;

type LineRow = {
  id: string;
  tenure_year: string;
  unit_id: string;
  heading: BudgetHeading | null;
  allocated: string;
  committed: string;
  paid: string;
};

export type LockedLine = LineFigures & {
  id: string;
  tenureYear: string;
  unitId: string;
  heading: BudgetHeading | null;
};

/** Rupees from a numeric column, exact to the paisa. */
export const rupees: (value: string | number) => number = rupeesOf;

/** A line's figures from its numeric columns, what it has left derived from them. */
export function figuresOf(row: { allocated: string; committed: string; paid: string }): LineFigures {
  const allocated = rupees(row.allocated);
  const committed = rupees(row.committed);
  const paid = rupees(row.paid);
  return { allocated, committed, paid, available: rupees(allocated - committed - paid) };
}

function lineOf(row: LineRow): LockedLine {
  return {
    id: row.id,
    tenureYear: row.tenure_year,
    unitId: row.unit_id,
    heading: row.heading,
    ...figuresOf(row),
  };
}

const lineColumns = sql`id, tenure_year, unit_id, heading, allocated::text, committed::text, paid::text`;

/**
 * The line, its row locked until the transaction ends (other writers of its money wait) unless
 * `lock` is false (a read); undefined when none.
 */
export async function lockLine(
  tx: Executor,
  lineId: string,
  lock = true,
): Promise<LockedLine | undefined> {
  const [row] = rowsOf<LineRow>(
    await tx.execute(
      sql`select ${lineColumns} from budget_lines where id = ${lineId}::uuid ${lock ? sql`for no key update` : sql``}`,
    ),
  );
  return row && lineOf(row);
}

/** The unit's line for the tenure and heading, made (at nothing) when new, and locked. */
export async function lockLineOf(
  tx: Executor,
  tenureYear: string,
  unitId: string,
  heading: BudgetHeading | null,
): Promise<LockedLine> {
  await tx.execute(sql`
    insert into budget_lines (tenure_year, unit_id, heading)
    values (${tenureYear}, ${unitId}::uuid, ${heading})
    on conflict (tenure_year, unit_id, (coalesce(heading, ''))) do nothing`);
  const [row] = rowsOf<LineRow>(
    await tx.execute(sql`
      select ${lineColumns} from budget_lines
      where tenure_year = ${tenureYear} and unit_id = ${unitId}::uuid
        and coalesce(heading, '') = ${heading ?? ''}
      for no key update`),
  );
  return lineOf(row!);
}

export type Entry = {
  lineId: string;
  kind: EntryKind;
  amount: number;
  actorId: string;
  reason?: string | null;
  reference?: string | null;
  claimId?: string | null;
  transferId?: string | null;
};

/** Writes entries (their line locked by the caller, its room checked); the trigger keeps the sums. */
export async function addEntries(tx: Executor, entries: readonly Entry[]): Promise<void> {
  for (const entry of entries)
    await tx.execute(sql`
      insert into budget_entries (line_id, kind, amount, actor_id, reason, reference, claim_id, transfer_id)
      values (${entry.lineId}::uuid, ${entry.kind}, ${entry.amount.toFixed(2)}::numeric, ${entry.actorId}::uuid,
        ${entry.reason ?? null}, ${entry.reference ?? null}, ${entry.claimId ?? null}::uuid,
        ${entry.transferId ?? null}::uuid)`);
}

/** A unit as the money rules see it (its type, its council), and whether it is retired; undefined when none. */
export async function moneyUnitOf(
  db: Executor,
  unitId: string,
): Promise<(MoneyUnit & { name: string; retired: boolean }) | undefined> {
  const [row] = rowsOf<{
    id: string;
    name: string;
    type: string;
    council: string | null;
    retired: boolean;
  }>(
    await db.execute(sql`
      select u.id, u.name, u.type, ${councilCategoryOf(sql`u.id`)} as council,
        u.retired_at is not null as retired
      from ${orgUnits} u where u.id = ${unitId}::uuid`),
  );
  return row;
}

/** Which units an actor sees the money of, shared with every page that shows a unit's money (db/ledger-figures). */
export { unitsOfCouncil, unitsSeenBy } from '../../db/ledger-figures';

/** Lines whose sums differ from the sums of their entries: none, unless something wrote past the ledger. */
export async function unreconciledLines(
  db: Executor,
): Promise<{ id: string; allocated: number; committed: number; paid: number }[]> {
  const rows = rowsOf<{ id: string; allocated: string; committed: string; paid: string }>(
    await db.execute(sql`
      with sums as (
        select line_id,
          sum(case when kind in ('allocation', 'transfer_in') then amount
                   when kind in ('reduction', 'transfer_out') then -amount else 0 end) as allocated,
          sum(case when kind = 'commitment' then amount
                   when kind in ('release', 'payment') then -amount else 0 end) as committed,
          sum(case when kind in ('payment', 'carried_paid') then amount else 0 end) as paid
        from budget_entries group by line_id
      )
      select l.id, coalesce(s.allocated, 0)::text as allocated, coalesce(s.committed, 0)::text as committed,
        coalesce(s.paid, 0)::text as paid
      from budget_lines l left join sums s on s.line_id = l.id
      where (l.allocated, l.committed, l.paid)
        is distinct from (coalesce(s.allocated, 0), coalesce(s.committed, 0), coalesce(s.paid, 0))`),
  );
  return rows.map((row) => ({
    id: row.id,
    allocated: rupees(row.allocated),
    committed: rupees(row.committed),
    paid: rupees(row.paid),
  }));
}
