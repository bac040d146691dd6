import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  fundedClubLine,
  moneyCampus,
  setPresidentAbove,
  submittedClaim,
  versionOf,
} from '../../../test/money-setup';
import { useTestDatabase } from '../../../test/test-db';
import { decideClaim } from './claim-decisions.service';
import { unreconciledLines } from './ledger';

/**
 * Approvals of one line at once on a PostgreSQL server, whose connections run at once (PGlite's
 * one connection runs one transaction at a time, where no race can happen).
 */
describe('approvals of one budget line at once', () => {
  const ctx = useTestDatabase();

  it('50 claims approved together by the secretary and the president never over-commit the line', async () => {
    const campus = await moneyCampus(ctx.db);
    const lineId = await fundedClubLine(ctx.db, campus, 40_000);
    await setPresidentAbove(ctx.db, campus.admin, { presidentAbove: 1500 });
    // 25 of ₹2,000 the secretary approved already (above ₹1,500: the president's now) and 25 of ₹1,000 for the secretary.
    const large = await Promise.all(
      Array.from({ length: 25 }, () => submittedClaim(ctx.db, campus, lineId, 2000)),
    );
    for (const id of large)
      await decideClaim(ctx.db, campus.tech, id, {
        decision: 'approve',
        version: await versionOf(ctx.db, campus.tech, id),
      });
    const small = await Promise.all(
      Array.from({ length: 25 }, () => submittedClaim(ctx.db, campus, lineId, 1000)),
    );
    const versions = new Map<string, string>();
    for (const id of [...large, ...small]) versions.set(id, await versionOf(ctx.db, campus.admin, id));

    const answers = await Promise.allSettled([
      ...large.map((id) =>
        decideClaim(ctx.db, campus.president, id, { decision: 'approve', version: versions.get(id)! }),
      ),
      ...small.map((id) =>
        decideClaim(ctx.db, campus.tech, id, { decision: 'approve', version: versions.get(id)! }),
      ),
    ]);
    const refused = answers.filter((answer) => answer.status === 'rejected');
    for (const refusal of refused)
      expect(String((refusal as PromiseRejectedResult).reason.message)).toMatch(
        /^The line has ₹[\d,]+\.\d\d left\.$/,
      );

    const [line] = rowsOf<{ allocated: string; committed: string; paid: string }>(
      await ctx.db.execute(
        sql`select allocated::text, committed::text, paid::text from budget_lines where id = ${lineId}::uuid`,
      ),
    );
    const [approved] = rowsOf<{ total: string; n: number }>(
      await ctx.db
        .execute(sql`select coalesce(sum(approved_amount), 0)::text as total, count(*)::int as n
        from expense_claims where line_id = ${lineId}::uuid and status = 'approved'`),
    );
    expect(Number(line!.allocated)).toBe(40000);
    expect(Number(line!.committed)).toBeLessThanOrEqual(40000);
    expect(Number(line!.committed)).toBe(Number(approved!.total));
    // 75,000 was asked of 40,000: the line is filled as far as the claims' sizes allow.
    expect(Number(line!.committed)).toBeGreaterThan(38000);
    expect(approved!.n + refused.length).toBe(50);
    expect(await unreconciledLines(ctx.db)).toEqual([]);
  });
});
