import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as S from '../../db/schema/index';
import { signedInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';

/** Requests truly at once on the PostgreSQL server (this file runs only with DATABASE_URL). */
describe('two requests to erase one account at once', () => {
  const ctx = useTestApp();

  it('schedule one erasure: one answer 201, the others 409', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const { cookie: admin } = await signedInAs(ctx, 'ADMIN');
    const answers = await Promise.all([
      ...[1, 2, 3].map(() =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/me/erasure',
          headers: { origin: TEST_ORIGIN, cookie },
        }),
      ),
      ...[1, 2, 3].map(() =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/users/${user.id}/erasure`,
          headers: { origin: TEST_ORIGIN, cookie: admin },
          payload: { reason: 'Asked in writing' },
        }),
      ),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await ctx.db
      .select()
      .from(S.erasureRequests)
      .where(eq(S.erasureRequests.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});
