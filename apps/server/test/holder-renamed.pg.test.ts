import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positionHolders, users } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createPosition, createPositionHolder, createStudent, createUser } from './factories';

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
        payload: {
          userId: person.id,
          positionId: position.id,
          tenureYear: '2026-2027',
          status: 'active',
          confirm: true,
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await appointed!).statusCode).toBe(201);
    const names = async (q: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/position-holders?q=${q}`, headers: { cookie } }))
        .json()
        .items.map((item: { user: { name: string } }) => item.user.name);
    expect(await names('kavya menon')).toEqual(['Kavya Menon']);
    expect(await names('kavya omega')).toEqual([]);
  });

  it('edits a holding while its holder renames themselves without either waiting on the other in a cycle', async () => {
    const position = await createPosition(ctx.db, { title: 'Archivist Omega' });
    // The institute's facts as the form sends them back unchanged (program, discipline and
    // admission year are the institute's: a different one is refused).
    const { user: person } = await createStudent(
      ctx.db,
      { name: 'Neel Omega', username: 'neel.o' },
      { batchYear: 2023, program: 'B.Tech', branch: 'Mathematics' },
    );
    const holding = await createPositionHolder(ctx.db, { userId: person.id, positionId: position.id });
    const cookie = await signInAs(ctx, person);
    let renamed: Promise<{ statusCode: number }> | undefined;
    // As an edit of the holding does: lock it, then write it with its holder unchanged. The rename
    // arrives between the two and waits for the holding.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${positionHolders} where id = ${holding.id} for update`);
      renamed = ctx.app.inject({
        method: 'PUT',
        url: '/api/me/profile',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: {
          personal: { name: 'Neel Kapoor' },
          contact: {},
          socialLinks: {},
          academic: {
            batchYear: 2023,
            program: 'B.Tech',
            branch: 'Mathematics',
            currentYear: '3rd',
            cgpa: 8.1,
          },
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx
        .update(positionHolders)
        .set({ userId: person.id, eventsOrganized: 3 })
        .where(eq(positionHolders.id, holding.id));
    });
    expect((await renamed!).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, holding.id));
    expect(row).toMatchObject({ eventsOrganized: 3, holderKey: 'neel kapoor' });
  });
});
