import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createPosition, createStudent, createUser } from '../../../test/factories';

/** Council offices: the administrator appoints them, one holder per seat however many ask at once; nobody declares one. */
describe('council offices', () => {
  const ctx = useTestApp();
  const send = (url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie } });
  const presidency = async () => {
    const cosa = await createOrgUnit(ctx.db, {
      name: `COSA ${Math.random()}`,
      type: 'council',
      parentId: null,
    });
    return createPosition(ctx.db, {
      unitId: cosa.id,
      title: 'President, COSA',
      positionCount: 1,
      skillsRequired: [],
    });
  };

  it('a burst of appointments to the presidency by administrators leaves one current holder', async () => {
    const position = await presidency();
    const admins = await Promise.all(
      [1, 2].map(async () => signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }))),
    );
    const candidates = await Promise.all(
      Array.from({ length: 8 }, async () => (await createStudent(ctx.db)).user),
    );
    const answers = await Promise.all(
      candidates.map((candidate, i) =>
        send('/api/position-holders', admins[i % 2]!, {
          userId: candidate.id,
          positionId: position.id,
          tenureYear: currentTenure(),
          status: 'active',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(7).fill(409)]);
    const held = await ctx.db
      .select()
      .from(positionHolders)
      .where(and(eq(positionHolders.positionId, position.id), eq(positionHolders.status, 'active')));
    expect(held).toHaveLength(1);
  });

  it('a student cannot declare a council office: the administrator records it', async () => {
    const position = await presidency();
    const { user } = await createStudent(ctx.db);
    const response = await send('/api/me/positions', await signInAs(ctx, user), {
      positionId: position.id,
      tenureYear: currentTenure(),
      status: 'active',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Council offices are recorded by the institute administrator, not declared: ask the student affairs office to record yours.',
    );
    expect(
      await ctx.db.select().from(positionHolders).where(eq(positionHolders.positionId, position.id)),
    ).toHaveLength(0);
  });
});
