import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './rows';
import { useTestDatabase } from '../../test/test-db';

/** A connection lost in the middle of a transaction (a restart, a failover, an administrator ending it). */
describe('a database connection lost while in use', () => {
  const ctx = useTestDatabase();

  it("fails that transaction's caller only; the process and the other connections go on", async () => {
    const transaction = ctx.db.transaction(async (tx) => {
      const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
      await ctx.db.execute(sql`select pg_terminate_backend(${me!.pid}::int)`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    const [answer] = rowsOf<{ one: number }>(await ctx.db.execute(sql`select 1 as one`));
    expect(answer).toEqual({ one: 1 });
  });
});
