import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

/**
 * Money on a unit's line of a tenure, written as the ledger writes it (entries; the trigger keeps
 * the line's sums): an allocation, and what was spent as spend carried over from before the ledger,
 * which needs no claim. Returns the line's id.
 */
export async function ledgerMoney(
  db: Database,
  line: {
    unitId: string;
    tenureYear: string;
    heading?: string | null;
    allocated: number;
    paid?: number;
  },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into budget_lines (tenure_year, unit_id, heading)
      values (${line.tenureYear}, ${line.unitId}::uuid, ${line.heading ?? null})
      on conflict (tenure_year, unit_id, (coalesce(heading, ''))) do update set tenure_year = excluded.tenure_year
      returning id`),
  );
  const lineId = row!.id;
  await db.execute(sql`
    insert into budget_entries (line_id, kind, amount, reason)
    values (${lineId}::uuid, 'allocation', ${line.allocated.toFixed(2)}::numeric, 'test allocation')`);
  if (line.paid)
    await db.execute(sql`
      insert into budget_entries (line_id, kind, amount, reason)
      values (${lineId}::uuid, 'carried_paid', ${line.paid.toFixed(2)}::numeric, 'test spend')`);
  return lineId;
}
