import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, positionHolders, positions } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createUser,
} from '../../../test/factories';

const HAS_HOLDERS =
  'This position has holders, so it cannot be deleted. Retire it instead: it keeps its history and takes no new holders.';
const CUSTOM_TYPE_REQUIRED = 'Please specify the position type';

/** The academic year (July to June) of today, worked out here rather than asked of the code under test. */
function thisTenure(): string {
  const now = new Date();
  const start = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return `${start}-${start + 1}`;
}

describe('position rules', () => {
  const ctx = useTestApp();

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const president = async () => signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
  const valid = (unitId: string, requirements: object = {}, overrides: object = {}) => ({
    title: 'Design Lead',
    unitId,
    positionType: 'Team Lead',
    responsibilities: ['Make posters'],
    requirements: { minCgpa: '7.5', minYear: '2', skillsRequired: [], ...requirements },
    ...overrides,
  });

  it('counts as filled the active, verified holders of the current tenure only, and says which tenure', async () => {
    const cookie = await president();
    const position = await createPosition(ctx.db, { positionCount: 3 });
    const [start] = thisTenure().split('-').map(Number) as [number];
    await createPositionHolder(ctx.db, { positionId: position.id, tenureYear: thisTenure() });
    await createPositionHolder(ctx.db, { positionId: position.id, tenureYear: `${start - 1}-${start}` });
    await createPositionHolder(ctx.db, {
      positionId: position.id,
      tenureYear: `${start - 2}-${start - 1}`,
    });
    await createPositionHolder(ctx.db, {
      positionId: position.id,
      tenureYear: thisTenure(),
      verification: 'pending',
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/positions/${position.id}`,
      headers: { cookie },
    });
    expect(response.json().position).toMatchObject({
      activeHolders: 1,
      tenure: thisTenure(),
      holders: 4,
    });
  });

  it('deletes a position whose only records are declined claims, removing them with it and saying so in the log', async () => {
    const cookie = await president();
    const position = await createPosition(ctx.db, { title: 'Stage Manager Rho' });
    const declined = {
      verification: 'declined' as const,
      declinedAt: new Date(),
      declineReason: 'Not held.',
    };
    await createPositionHolder(ctx.db, { positionId: position.id, ...declined });
    await createPositionHolder(ctx.db, {
      positionId: position.id,
      ...declined,
      tenureYear: '2020-2021',
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/positions/${position.id}`,
      headers: { cookie },
    });
    expect(listed.json().position.holders).toBe(0);
    expect((await send('DELETE', `/api/positions/${position.id}`, cookie)).statusCode).toBe(204);
    expect(await ctx.db.select().from(positions).where(eq(positions.id, position.id))).toEqual([]);
    expect(
      await ctx.db.select().from(positionHolders).where(eq(positionHolders.positionId, position.id)),
    ).toEqual([]);
    const log = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, position.id));
    expect(log.map((line) => line.description)).toEqual([
      'Position deleted: Stage Manager Rho (with 2 declined claims)',
    ]);
  });

  it.each(['verified', 'pending', 'self_declared'] as const)(
    'keeps a position with a %s record from being deleted',
    async (verification) => {
      const cookie = await president();
      const position = await createPosition(ctx.db);
      await createPositionHolder(ctx.db, { positionId: position.id, verification, status: 'completed' });
      await createPositionHolder(ctx.db, {
        positionId: position.id,
        verification: 'declined',
        declinedAt: new Date(),
        declineReason: 'Not held.',
        tenureYear: '2020-2021',
      });
      const refused = await send('DELETE', `/api/positions/${position.id}`, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(HAS_HOLDERS);
      expect(
        await ctx.db.select().from(positionHolders).where(eq(positionHolders.positionId, position.id)),
      ).toHaveLength(2);
    },
  );

  it('refuses a minimum CGPA with more than two decimals and keeps two', async () => {
    const cookie = await president();
    const unit = await createOrgUnit(ctx.db);
    const refused = await send('POST', '/api/positions', cookie, valid(unit.id, { minCgpa: '7.255' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'requirements.minCgpa': 'CGPA can have at most two decimals',
    });
    const created = await send('POST', '/api/positions', cookie, valid(unit.id, { minCgpa: '7.25' }));
    expect(created.json().position.requirements.minCgpa).toBe(7.25);
  });

  it('keeps the first spelling of a required skill named twice in any case', async () => {
    const cookie = await president();
    const unit = await createOrgUnit(ctx.db);
    const created = await send(
      'POST',
      '/api/positions',
      cookie,
      valid(unit.id, { skillsRequired: ['Figma', 'python', 'FIGMA', ' Python ', 'Typography'] }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().position.requirements.skillsRequired).toEqual([
      'Figma',
      'python',
      'Typography',
    ]);
  });

  it("asks for the position type when the custom type is 'Other' in any case", async () => {
    const cookie = await president();
    const unit = await createOrgUnit(ctx.db);
    for (const customPositionType of ['Other', 'other', ' OTHER ']) {
      const refused = await send(
        'POST',
        '/api/positions',
        cookie,
        valid(unit.id, {}, { positionType: 'Other', customPositionType }),
      );
      expect(refused.statusCode, customPositionType).toBe(400);
      expect(refused.json().error.fields).toEqual({ customPositionType: CUSTOM_TYPE_REQUIRED });
    }
    const asType = await send(
      'POST',
      '/api/positions',
      cookie,
      valid(unit.id, {}, { positionType: 'other' }),
    );
    expect(asType.json().error.fields).toEqual({ positionType: CUSTOM_TYPE_REQUIRED });
    expect(await ctx.db.select().from(positions).where(eq(positions.unitId, unit.id))).toEqual([]);
  });
});
