import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';

/** One president and one general secretary of each council at a time, whoever asks and however fast. */
describe('single-seat offices', () => {
  const ctx = useTestApp();
  const setRole = (cookie: string, userId: string, role: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${userId}/role`,
      payload: { role },
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const holdersOf = async (role: 'PRESIDENT' | 'GENSEC_SPORTS') =>
    (await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, role))).map((u) => u.id);

  it('refuses a second president with the name of the one in office, and changes nothing', async () => {
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const president = await createUser(ctx.db, { role: 'PRESIDENT', name: 'Meera Rao' });
    const next = (await createStudent(ctx.db)).user;
    const refused = await setRole(admin, next.id, 'PRESIDENT');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Meera Rao is already the President; one person holds it at a time. Change Meera Rao's role first.",
    );
    expect(await holdersOf('PRESIDENT')).toEqual([president.id]);
    // Once the office is free, the next president takes it.
    expect((await setRole(admin, president.id, 'STUDENT')).statusCode).toBe(200);
    expect((await setRole(admin, next.id, 'PRESIDENT')).statusCode).toBe(200);
    expect(await holdersOf('PRESIDENT')).toEqual([next.id]);
    // Keeping one's office is no second holder.
    expect((await setRole(admin, next.id, 'PRESIDENT')).statusCode).toBe(200);
  });

  it('a burst of appointments to one office leaves exactly one holder', async () => {
    const admins = await Promise.all(
      [1, 2, 3].map(async () => signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }))),
    );
    const candidates = await Promise.all(
      Array.from({ length: 12 }, async () => (await createStudent(ctx.db)).user),
    );
    const answers = await Promise.all(
      candidates.map((candidate, i) =>
        setRole(admins[i % admins.length]!, candidate.id, 'GENSEC_SPORTS'),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(11).fill(409)]);
    const [winner] = await holdersOf('GENSEC_SPORTS');
    expect(await holdersOf('GENSEC_SPORTS')).toEqual([winner]);
    expect(candidates.map((c) => c.id)).toContain(winner);
  });

  it('the database itself refuses a second holder, whatever path writes it', async () => {
    await createUser(ctx.db, { role: 'PRESIDENT' });
    const other = (await createStudent(ctx.db)).user;
    await expect(
      ctx.db.update(users).set({ role: 'PRESIDENT' }).where(eq(users.id, other.id)),
    ).rejects.toThrow();
    expect(await holdersOf('PRESIDENT')).toHaveLength(1);
  });
});
