import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rooms } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';

/**
 * The database holds room names unique only as typed; two names differing in case sent at once
 * must still not both land. This file runs only with DATABASE_URL, where requests truly overlap.
 */
describe('administration: two rooms of one name at once', () => {
  const ctx = useTestApp();

  it('adds one of two rooms whose names differ only in case and answers the other 409', async () => {
    const cookie = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    for (let round = 0; round < 5; round += 1) {
      const add = (name: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/rooms',
          payload: { name, capacity: 40 },
          headers: { origin: TEST_ORIGIN, cookie },
        });
      const answers = await Promise.all([add(`Studio ${round}`), add(`STUDIO ${round}`)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const [counted] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(rooms)
        .where(sql`lower(${rooms.name}) = ${`studio ${round}`}`);
      expect(counted!.n).toBe(1);
    }
  });
});
