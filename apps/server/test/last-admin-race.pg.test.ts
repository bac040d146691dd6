import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createUser } from './factories';

const ROUNDS = 6;

/**
 * Two administrators removing each other at the same moment (demoting, deactivating, or one of
 * each) must leave one active administrator: exactly one of the two requests succeeds. This file
 * runs only with DATABASE_URL (see vitest.config.ts): PGlite runs one request at a time.
 */
describe('the last active administrator under concurrent changes', () => {
  const ctx = useTestApp();
  const send = (method: 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const demote = (id: string, cookie: string) =>
    send('PUT', `/api/admin/users/${id}/role`, cookie, { role: 'STUDENT' });
  const deactivate = (id: string, cookie: string) =>
    send('POST', `/api/admin/users/${id}/deactivation`, cookie);
  const activeAdmins = async () =>
    (
      await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'ADMIN'), isNull(users.deactivatedAt)))
    ).length;

  const scenarios = {
    'demote each other': [demote, demote],
    'deactivate each other': [deactivate, deactivate],
    'one demotes while the other deactivates': [demote, deactivate],
  } as const;

  for (const [name, [first, second]] of Object.entries(scenarios)) {
    it(`${name}: one succeeds, one administrator remains`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        // Only these two are active administrators.
        await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.role, 'ADMIN'));
        const a = await createUser(ctx.db, { role: 'ADMIN' });
        const b = await createUser(ctx.db, { role: 'ADMIN' });
        const [cookieA, cookieB] = [await signInAs(ctx, a), await signInAs(ctx, b)];
        const answers = await Promise.all([first(b.id, cookieA), second(a.id, cookieB)]);
        // The loser hears 409 when it ran beside the winner; 401 or 403 when the winner had already ended its session or role.
        const codes = answers.map((answer) => answer.statusCode);
        expect(codes.filter((code) => code === 200)).toHaveLength(1);
        expect(
          codes.filter((code) => code !== 200).every((code) => [401, 403, 409].includes(code)),
        ).toBe(true);
        expect(await activeAdmins()).toBe(1);
      }
    });
  }
});
