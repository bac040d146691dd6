import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createPosition, createStudent, createUser } from './factories';

/**
 * A person appointed while they are being renamed: the appointment waits for the rename and the
 * holding is found by the new name. This file runs only with DATABASE_URL (see vitest.config.ts):
 * the rename holds one connection while the request uses another.
 */
describe('a holder renamed while they are appointed', () => {
  const ctx = useTestApp();

  it('finds the holding by the name the person has once both are done', async () => {
    const position = await createPosition(ctx.db, { title: 'Editor Omega', positionCount: 2 });
    const { user: person } = await createStudent(ctx.db, { name: 'Kavya Omega', username: 'kavya.o' });
    const president = await createUser(ctx.db, { role: 'PRESIDENT' });
    const cookie = await signInAs(ctx, president);
    let appointed: Promise<{ statusCode: number }> | undefined;
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'Kavya Menon' }).where(eq(users.id, person.id));
      appointed = ctx.app.inject({
        method: 'POST',
        url: '/api/position-holders',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { userId: person.id, positionId: position.id, tenureYear: '2026-2027', status: 'active', confirm: true },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await appointed!).statusCode).toBe(201);
    const names = async (q: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/position-holders?q=${q}`, headers: { cookie } })).json().items.map((item: { user: { name: string } }) => item.user.name);
    expect(await names('kavya menon')).toEqual(['Kavya Menon']);
    expect(await names('kavya omega')).toEqual([]);
  });
});
