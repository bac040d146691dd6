import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';

/**
 * The pool gives up on a connection that takes over 5 seconds to be ready and drops it. A thread
 * busy for longer than that while connections open (a long computation) once left a dropped
 * connection without an error listener, and its error ended the process. Runs only with DATABASE_URL.
 */
describe('a connection the pool gives up on', () => {
  it('fails the waiting queries and leaves the process running', async () => {
    const handle = await openPostgres(process.env.DATABASE_URL!);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // Past the pool's 10-second idle timeout every connection has closed: each query opens a new one.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      const answers = Array.from({ length: 5 }, () =>
        handle.db.execute(sql`select 1 as one`).then(
          () => 'answered',
          () => 'failed',
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 3));
      const until = Date.now() + 6_000;
      while (Date.now() < until) {
        // The thread is busy past the pool's 5-second connection timeout.
      }
      const outcomes = await Promise.all(answers);
      expect(outcomes).toContain('answered');
      // The pool still works afterwards.
      expect(
        ((await handle.db.execute(sql`select 2 as two`)) as unknown as { rows: { two: number }[] })
          .rows[0]!.two,
      ).toBe(2);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await handle.close();
    }
  }, 40_000);
});
