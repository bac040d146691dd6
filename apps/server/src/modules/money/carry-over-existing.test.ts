import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createOrgUnit } from '../../../test/factories';
import { ledgerMoney } from '../../../test/ledger-money';
import { useTestDatabase } from '../../../test/test-db';
import { unreconciledLines } from './ledger';

// Migration 0050's carry-over where the ledger already holds money, and where a council's typed
// figures held its clubs': money typed before the ledger is counted once and cannot be spent
// again. Expected figures are typed by hand from the data set up here.
describe('the carry-over of typed money beside the ledger', () => {
  const ctx = useTestDatabase();
  const TENURE = '2026-2027';

  const carryOver = async () =>
    rowsOf<{ n: number }>(await ctx.db.execute(sql`select money_carry_over_typed(${TENURE}) as n`))[0]!
      .n;

  /** The unit's lines of the tenure: heading, allocated, paid and what is left. */
  const linesOf = async (unitId: string) =>
    rowsOf<{ heading: string | null; allocated: string; paid: string; available: string }>(
      await ctx.db.execute(sql`select heading, allocated::text, paid::text,
          (allocated - committed - paid)::text as available
        from budget_lines where unit_id = ${unitId}::uuid and tenure_year = ${TENURE}
        order by heading nulls first`),
    );

  it("pays the typed spend from what the ledger's lines have left, and allocates only the rest", async () => {
    // The administrator allocated ₹2,50,000 to the club's events line in the ledger; ₹1,42,500 had
    // been typed as spent before. Another club had ₹10,000 on its travel line and ₹25,000 typed spent.
    const coding = await createOrgUnit(ctx.db, { budgetAllocated: 300_000, budgetSpent: 142_500 });
    await ledgerMoney(ctx.db, {
      unitId: coding.id,
      tenureYear: TENURE,
      heading: 'events',
      allocated: 250_000,
    });
    const drones = await createOrgUnit(ctx.db, { budgetAllocated: 30_000, budgetSpent: 25_000 });
    await ledgerMoney(ctx.db, {
      unitId: drones.id,
      tenureYear: TENURE,
      heading: 'travel',
      allocated: 10_000,
    });

    expect(await carryOver()).toBe(2);
    expect(await linesOf(coding.id)).toEqual([
      { heading: 'events', allocated: '250000.00', paid: '142500.00', available: '107500.00' },
    ]);
    expect(await linesOf(drones.id)).toEqual([
      { heading: null, allocated: '15000.00', paid: '15000.00', available: '0.00' },
      { heading: 'travel', allocated: '10000.00', paid: '10000.00', available: '0.00' },
    ]);
    expect(await unreconciledLines(ctx.db)).toEqual([]);
    // Carried once: a second run adds nothing.
    expect(await carryOver()).toBe(0);
    expect(await linesOf(coding.id)).toEqual([
      { heading: 'events', allocated: '250000.00', paid: '142500.00', available: '107500.00' },
    ]);
  });

  it("carries a council's own part of its typed figures, its clubs' parts once, on their lines", async () => {
    // The council's typed ₹5,00,000 (₹1,00,000 spent) held its two clubs' ₹1,50,000 (₹40,000) and
    // ₹1,00,000 (₹20,000): its own part is ₹2,50,000 (₹40,000).
    const council = await createOrgUnit(ctx.db, {
      type: 'committee',
      category: 'sports',
      parentId: null,
      budgetAllocated: 500_000,
      budgetSpent: 100_000,
    });
    const cricket = await createOrgUnit(ctx.db, {
      parentId: council.id,
      budgetAllocated: 150_000,
      budgetSpent: 40_000,
    });
    const chess = await createOrgUnit(ctx.db, {
      parentId: council.id,
      budgetAllocated: 100_000,
      budgetSpent: 20_000,
    });
    await carryOver();
    expect(await linesOf(council.id)).toEqual([
      { heading: null, allocated: '250000.00', paid: '40000.00', available: '210000.00' },
    ]);
    expect(await linesOf(cricket.id)).toEqual([
      { heading: null, allocated: '150000.00', paid: '40000.00', available: '110000.00' },
    ]);
    expect(await linesOf(chess.id)).toEqual([
      { heading: null, allocated: '100000.00', paid: '20000.00', available: '80000.00' },
    ]);
  });
});
