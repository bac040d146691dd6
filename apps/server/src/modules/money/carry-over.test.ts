import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createOrgUnit, createPosition, createPositionHolder } from '../../../test/factories';
import { ledgerMoney } from '../../../test/ledger-money';
import { useTestDatabase } from '../../../test/test-db';

type Line = { unit: string; tenure: string; heading: string | null; allocated: string; paid: string };
type Entry = { unit: string; tenure: string; kind: string; amount: string; reason: string };

// Migration 0050's money_carry_over_typed(tenure): the budgets typed before the ledger become its
// opening entries (decision 0040). Expected figures are typed by hand from the data set up here.
describe('the carry-over of money typed before the ledger', () => {
  const ctx = useTestDatabase();
  const units = { robotics: '', dance: '', quiz: '', music: '' };

  const carryOver = async (tenure: string) =>
    rowsOf<{ opened: number }>(
      await ctx.db.execute(sql`select money_carry_over_typed(${tenure}) as opened`),
    )[0]!.opened;

  const mine = (alias: string) => sql.raw(`${alias}.unit_id in ('${Object.values(units).join("','")}')`);
  const nameOf = (id: string) => Object.entries(units).find(([, unit]) => unit === id)![0];

  const lines = async () =>
    rowsOf<Line>(
      await ctx.db.execute(sql`select l.unit_id as unit, l.tenure_year as tenure, l.heading,
          l.allocated::text as allocated, l.paid::text as paid
        from budget_lines l where ${mine('l')} order by l.tenure_year, l.unit_id`),
    ).map((line) => ({ ...line, unit: nameOf(line.unit) }));

  const entries = async () =>
    rowsOf<Entry>(
      await ctx.db.execute(sql`select l.unit_id as unit, l.tenure_year as tenure, e.kind,
          e.amount::text as amount, coalesce(e.reason, '') as reason
        from budget_entries e join budget_lines l on l.id = e.line_id
        where ${mine('l')} order by e.seq`),
    ).map((entry) => ({ ...entry, unit: nameOf(entry.unit) }));

  beforeAll(async () => {
    // Robotics: two holders of 2025-2026 typed 300 and 700, one of 2024-2025 typed 120.
    // Dance: its own typed budget (2,000 allocated, 100 spent) and a holder of 2025-2026 typed 450.25.
    // Quiz: a holder typed 999, but the ledger already has a line for it in 2025-2026 (its events).
    // Music: holders who typed nothing.
    units.robotics = (await createOrgUnit(ctx.db, { budgetAllocated: 0 })).id;
    units.dance = (
      await createOrgUnit(ctx.db, { category: 'cultural', budgetAllocated: 2000, budgetSpent: 100 })
    ).id;
    units.quiz = (await createOrgUnit(ctx.db, { budgetAllocated: 0 })).id;
    units.music = (await createOrgUnit(ctx.db, { category: 'cultural', budgetAllocated: 0 })).id;
    const holding = async (unitId: string, tenureYear: string, budgetUtilized: number) =>
      createPositionHolder(ctx.db, {
        positionId: (await createPosition(ctx.db, { unitId })).id,
        tenureYear,
        status: tenureYear === '2025-2026' ? 'active' : 'completed',
        budgetUtilized,
      });
    await holding(units.robotics, '2025-2026', 300);
    await holding(units.robotics, '2025-2026', 700);
    await holding(units.robotics, '2024-2025', 120);
    await holding(units.dance, '2025-2026', 450.25);
    await holding(units.quiz, '2025-2026', 999);
    await holding(units.music, '2025-2026', 0);
    await holding(units.music, '2024-2025', 0);
    await ledgerMoney(ctx.db, {
      unitId: units.quiz,
      tenureYear: '2025-2026',
      heading: 'events',
      allocated: 80,
      paid: 80,
    });
  });

  it("opens a line per unit and tenure with the largest spend its holders typed, and the unit's own typed budget in the tenure given", async () => {
    expect(await carryOver('2025-2026')).toBe(3);
    expect(await lines()).toEqual(
      expect.arrayContaining([
        { unit: 'robotics', tenure: '2024-2025', heading: null, allocated: '120.00', paid: '120.00' },
        { unit: 'robotics', tenure: '2025-2026', heading: null, allocated: '700.00', paid: '700.00' },
        { unit: 'dance', tenure: '2025-2026', heading: null, allocated: '2000.00', paid: '450.25' },
        { unit: 'quiz', tenure: '2025-2026', heading: 'events', allocated: '80.00', paid: '80.00' },
      ]),
    );
    expect(await lines()).toHaveLength(4);
    const allocation = 'Carried over from the budget typed before the ledger';
    const spend = 'Carried over from the spend typed before the ledger';
    const byLine = (unit: string, tenure: string) =>
      entries().then((all) =>
        all
          .filter((entry) => entry.unit === unit && entry.tenure === tenure)
          .map(({ kind, amount, reason }) => ({ kind, amount, reason })),
      );
    expect(await byLine('robotics', '2025-2026')).toEqual([
      { kind: 'allocation', amount: '700.00', reason: allocation },
      { kind: 'carried_paid', amount: '700.00', reason: spend },
    ]);
    expect(await byLine('robotics', '2024-2025')).toEqual([
      { kind: 'allocation', amount: '120.00', reason: allocation },
      { kind: 'carried_paid', amount: '120.00', reason: spend },
    ]);
    expect(await byLine('dance', '2025-2026')).toEqual([
      { kind: 'allocation', amount: '2000.00', reason: allocation },
      { kind: 'carried_paid', amount: '450.25', reason: spend },
    ]);
    // The line the ledger already held is left as it was.
    expect(await byLine('quiz', '2025-2026')).toEqual([
      { kind: 'allocation', amount: '80.00', reason: 'test allocation' },
      { kind: 'carried_paid', amount: '80.00', reason: 'test spend' },
    ]);
    expect(await byLine('music', '2025-2026')).toEqual([]);
  });

  it('adds nothing when run again', async () => {
    const before = { lines: await lines(), entries: await entries() };
    expect(await carryOver('2025-2026')).toBe(0);
    expect({ lines: await lines(), entries: await entries() }).toEqual(before);
  });
});
