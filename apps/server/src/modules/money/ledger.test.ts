import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { fundedClubLine, moneyCampus, submittedClaim, versionOf } from '../../../test/money-setup';
import { useTestDatabase } from '../../../test/test-db';
import { allocate } from './budgets.service';
import { decideClaim, payClaim } from './claim-decisions.service';
import { unreconciledLines } from './ledger';

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the ledger', () => {
  const ctx = useTestDatabase();

  it('keeps every line equal to the sums of its entries after a random run of allocations, approvals and payments', async () => {
    const campus = await moneyCampus(ctx.db);
    const lineId = await fundedClubLine(ctx.db, campus, 10_000);
    const next = random(20261130);
    // What the line should hold, kept by hand from the operations the portal accepted.
    const model = { allocated: 10_000, committed: 0, paid: 0 };
    const approved: { id: string; amount: number }[] = [];
    for (let step = 0; step < 40; step += 1) {
      const roll = next();
      if (roll < 0.2) {
        const amount = Math.round(next() * 3000);
        const change = next() < 0.6 ? 'add' : 'reduce';
        try {
          await allocate(ctx.db, campus.president, {
            tenureYear: '2026-2027',
            unitId: campus.club.id,
            heading: 'events',
            change,
            amount: Math.max(amount, 1),
            reason: 'Adjusted',
          });
          model.allocated += change === 'add' ? Math.max(amount, 1) : -Math.max(amount, 1);
        } catch (error) {
          expect(change).toBe('reduce');
          expect(String((error as Error).message)).toMatch(/not committed or paid/);
        }
      } else if (roll < 0.75) {
        const amount = Math.max(1, Math.round(next() * 4000));
        const id = await submittedClaim(ctx.db, campus, lineId, amount);
        try {
          await decideClaim(ctx.db, campus.tech, id, {
            decision: 'approve',
            version: await versionOf(ctx.db, campus.tech, id),
          });
          model.committed += amount;
          approved.push({ id, amount });
        } catch (error) {
          expect(String((error as Error).message)).toMatch(/^The line has ₹[\d,]+\.\d\d left\.$/);
        }
      } else if (approved.length > 0) {
        const { id, amount } = approved.shift()!;
        await payClaim(ctx.db, campus.admin, id, {
          reference: `UTR ${step}`,
          version: await versionOf(ctx.db, campus.admin, id),
        });
        model.committed -= amount;
        model.paid += amount;
      }
    }
    const [line] = rowsOf<{ allocated: string; committed: string; paid: string }>(
      await ctx.db.execute(
        sql`select allocated::text, committed::text, paid::text from budget_lines where id = ${lineId}::uuid`,
      ),
    );
    expect({
      allocated: Number(line!.allocated),
      committed: Number(line!.committed),
      paid: Number(line!.paid),
    }).toEqual(model);
    expect(model.allocated - model.committed - model.paid).toBeGreaterThanOrEqual(0);
    expect(await unreconciledLines(ctx.db)).toEqual([]);
  });

  it('refuses in the database any change of an entry and any figure of a line not written by an entry', async () => {
    const campus = await moneyCampus(ctx.db);
    const lineId = await fundedClubLine(ctx.db, campus, 5_000);
    await expect(ctx.db.execute(sql`update budget_entries set amount = 1`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from budget_entries`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate budget_entries cascade`)).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`update budget_lines set allocated = 1000000 where id = ${lineId}::uuid`),
    ).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`insert into budget_lines (tenure_year, unit_id, heading, allocated)
        values ('2027-2028', ${campus.club.id}::uuid, 'travel', 500)`),
    ).rejects.toThrow();
    // An entry that would take the line below nothing fails by the line's own check.
    await expect(
      ctx.db.execute(sql`insert into budget_entries (line_id, kind, amount, actor_id)
        values (${lineId}::uuid, 'reduction', 5000.01, ${campus.admin.id}::uuid)`),
    ).rejects.toThrow();
    expect(await unreconciledLines(ctx.db)).toEqual([]);
  });
});
