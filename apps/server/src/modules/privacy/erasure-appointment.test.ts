import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createStudent, createUser } from '../../../test/factories';
import { eraseAccount } from './erasure.service';

// An account whose erasure is scheduled stays a student's: the administrator cancels the erasure
// before giving it an office, and an account that holds one is never erased.
describe('an erasure and an appointment', () => {
  const ctx = useTestApp();
  const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object = {}) =>
    ctx.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie } });

  it('refuses a role to an account scheduled for erasure until the erasure is cancelled', async () => {
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const club = await createOrgUnit(ctx.db, { name: 'Quiz Club' });
    const { user } = await createStudent(ctx.db);
    expect((await send('POST', '/api/me/erasure', await signInAs(ctx, user))).statusCode).toBe(201);
    const role = { role: 'CLUB_COORDINATOR', clubId: club.id };
    const refused = await send('PUT', `/api/admin/users/${user.id}/role`, admin, role);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This account is scheduled to be erased. Cancel the erasure before giving it another role.',
    );
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/erasure`,
      headers: { origin: TEST_ORIGIN, cookie: admin },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await send('PUT', `/api/admin/users/${user.id}/role`, admin, role)).statusCode).toBe(200);
  });

  it('does not erase an account that holds an office', async () => {
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR' });
    expect(await eraseAccount(ctx.db, coordinator.id)).toBe(false);
  });
});
