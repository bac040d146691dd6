import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orgUnits } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createUser } from '../../../test/factories';

/**
 * Crossing moves of the unit tree, fired truly at once on the PostgreSQL server (this file runs
 * only with DATABASE_URL): at most one lands, and the tree never holds a cycle.
 */
describe('administration: crossing moves of two units', () => {
  const ctx = useTestApp();
  let apexOnce: Promise<{ id: string }> | undefined;
  const twoClubs = async (prefix: string) => {
    const apex = await (apexOnce ??= createOrgUnit(ctx.db, {
      name: 'Race Apex Council',
      type: 'council',
    }));
    const a = await createOrgUnit(ctx.db, { name: `${prefix} Club A`, parentId: apex.id });
    const b = await createOrgUnit(ctx.db, { name: `${prefix} Club B`, parentId: apex.id });
    return { apex, a, b };
  };
  const parentsOf = async (...ids: string[]) =>
    Object.fromEntries(
      (
        await ctx.db
          .select({ id: orgUnits.id, parentId: orgUnits.parentId })
          .from(orgUnits)
          .where(inArray(orgUnits.id, ids))
      ).map((row) => [row.id, row.parentId]),
    );

  it('lets one of two requests moving A under B and B under A land, and answers the other 409', async () => {
    const admin = await createUser(ctx.db, { role: 'ADMIN' });
    const cookie = await signInAs(ctx, admin);
    for (let round = 0; round < 5; round += 1) {
      const { apex, a, b } = await twoClubs(`Round ${round}`);
      const move = (id: string, parentId: string) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/admin/units/${id}`,
          payload: { parentId },
          headers: { origin: TEST_ORIGIN, cookie },
        });
      const answers = await Promise.all([move(a.id, b.id), move(b.id, a.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json().error.message).toBe(
        'A unit cannot sit under itself or under one of its own units.',
      );
      const parents = await parentsOf(a.id, b.id);
      const aUnderB = parents[a.id] === b.id && parents[b.id] === apex.id;
      const bUnderA = parents[b.id] === a.id && parents[a.id] === apex.id;
      expect(aUnderB || bUnderA).toBe(true);
    }
  });

  it('creates one of two apex councils sent at once', async () => {
    const cookie = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    await apexOnce;
    await ctx.db.update(orgUnits).set({ retiredAt: new Date() }).where(eq(orgUnits.type, 'council'));
    const add = (name: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/units',
        payload: { name, type: 'council' },
        headers: { origin: TEST_ORIGIN, cookie },
      });
    const answers = await Promise.all([add('Twin Apex One'), add('Twin Apex Two')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const apexes = await ctx.db
      .select({ name: orgUnits.name })
      .from(orgUnits)
      .where(and(eq(orgUnits.type, 'council'), isNull(orgUnits.retiredAt)));
    expect(apexes).toHaveLength(1);
  });

  it('has the database refuse the second of two crossing updates written past the service', async () => {
    const { apex, a, b } = await twoClubs('Direct');
    let second: Promise<unknown> | undefined;
    await ctx.db.transaction(async (tx) => {
      await tx.update(orgUnits).set({ parentId: b.id }).where(eq(orgUnits.id, a.id));
      // The other connection's update waits on the tree lock the first one holds, then sees its move.
      second = ctx.db
        .transaction(async (other) => {
          await other.update(orgUnits).set({ parentId: a.id }).where(eq(orgUnits.id, b.id));
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const refusal = (await second) as { cause?: { code?: string; constraint?: string } } | null;
    expect(refusal?.cause).toMatchObject({ code: '23514', constraint: 'org_units_no_cycle' });
    expect(await parentsOf(a.id, b.id)).toEqual({ [a.id]: b.id, [b.id]: apex.id });
  });
});
