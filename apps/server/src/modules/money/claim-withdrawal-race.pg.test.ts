import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { fundedClubLine, moneyCampus, submittedClaim, versionOf } from '../../../test/money-setup';
import { useTestDatabase } from '../../../test/test-db';
import { decideClaim, payClaim, withdrawClaim } from './claim-decisions.service';
import { unreconciledLines } from './ledger';

/**
 * A payment and a withdrawal of the same approved claim at once, on a PostgreSQL server whose
 * connections run at once (PGlite's one connection runs one transaction at a time).
 */
describe('paying and withdrawing one claim at once', () => {
  const ctx = useTestDatabase();

  it('ends each of 20 claims paid or withdrawn, never both, and the line reconciles', async () => {
    const campus = await moneyCampus(ctx.db);
    const lineId = await fundedClubLine(ctx.db, campus, 40_000);
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => submittedClaim(ctx.db, campus, lineId, 1500)),
    );
    for (const id of claims)
      await decideClaim(ctx.db, campus.tech, id, {
        decision: 'approve',
        version: await versionOf(ctx.db, campus.tech, id),
      });
    const versions = new Map<string, string>();
    for (const id of claims) versions.set(id, await versionOf(ctx.db, campus.admin, id));

    const pay = (id: string) =>
      payClaim(ctx.db, campus.admin, id, {
        reference: `UTR ${id.slice(0, 6)}`,
        version: versions.get(id)!,
      });
    const withdraw = (id: string) =>
      withdrawClaim(ctx.db, campus.admin, id, {
        reason: 'The vendor refunded the advance',
        version: versions.get(id)!,
      });
    // Half the claims start with the payment, half with the withdrawal.
    const answers = await Promise.all(
      claims.map((id, index) =>
        Promise.allSettled(index % 2 === 0 ? [pay(id), withdraw(id)] : [withdraw(id), pay(id)]),
      ),
    );
    for (const pair of answers) {
      expect(pair.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
      const [refusal] = pair.filter((answer) => answer.status === 'rejected');
      // The second finds the claim no longer approved (its row waited for the first).
      expect(String((refusal as PromiseRejectedResult).reason.message)).toMatch(
        /^(Only an approved claim can be marked paid\.|This claim is paid already: its approval can no longer be withdrawn\.)$/,
      );
    }

    const byClaim = rowsOf<{ id: string; status: string; payments: number; releases: number }>(
      await ctx.db.execute(sql`
        select c.id, c.status,
          count(*) filter (where e.kind = 'payment')::int as payments,
          count(*) filter (where e.kind = 'release')::int as releases
        from expense_claims c left join budget_entries e on e.claim_id = c.id
        where c.line_id = ${lineId}::uuid group by c.id, c.status`),
    );
    expect(byClaim).toHaveLength(20);
    for (const claim of byClaim) {
      expect(['paid', 'cancelled']).toContain(claim.status);
      expect([claim.payments, claim.releases]).toEqual(claim.status === 'paid' ? [1, 0] : [0, 1]);
    }
    const paid = byClaim.filter((claim) => claim.status === 'paid').length;
    const [line] = rowsOf<{ allocated: string; committed: string; paid: string }>(
      await ctx.db.execute(
        sql`select allocated::text, committed::text, paid::text from budget_lines where id = ${lineId}::uuid`,
      ),
    );
    expect(Number(line!.allocated)).toBe(40000);
    expect(Number(line!.committed)).toBe(0);
    expect(Number(line!.paid)).toBe(1500 * paid);
    expect(await unreconciledLines(ctx.db)).toEqual([]);
  });
});
