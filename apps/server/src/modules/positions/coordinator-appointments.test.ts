import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

const COUNCIL_VERIFIES =
  "An appointment by a club's coordinator is verified by a general secretary or the president.";
const FULL = 'This position is full for that tenure: every seat has an active holder.';

/** The academic year (July to June) under way, worked out here: membership counts this tenure's holdings. */
function thisTenure(): string {
  const now = new Date();
  const start = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return `${start}-${start + 1}`;
}

/** A club coordinator's appointments wait for the council: they take no seat and make nobody a member until verified. */
describe("a club coordinator's appointments", () => {
  const ctx = useTestApp();
  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const appoint = (userId: string, positionId: string, overrides: object = {}) => ({
    userId,
    positionId,
    tenureYear: thisTenure(),
    status: 'active',
    ...overrides,
  });

  /** A club with a one-seat position, its coordinator, the president, and a student of another part of campus. */
  const setUp = async (clubName: string) => {
    const club = await createOrgUnit(ctx.db, { name: clubName });
    const position = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Design Lead',
      positionCount: 1,
      skillsRequired: [],
    });
    const coordinator = await createUser(ctx.db, {
      role: 'CLUB_COORDINATOR',
      name: 'Neha Kapoor',
      clubUnitId: club.id,
    });
    const president = await createUser(ctx.db, { role: 'PRESIDENT' });
    const { user: student } = await createStudent(ctx.db, { name: 'Asha Verma' });
    return {
      club,
      position,
      coordinator,
      coordinatorCookie: await signInAs(ctx, coordinator),
      president,
      presidentCookie: await signInAs(ctx, president),
      student,
    };
  };

  it('are stored pending, take no seat, and make nobody a member until the council verifies them', async () => {
    const { position, coordinator, coordinatorCookie, presidentCookie, student } =
      await setUp('Coding Club Sigma');
    const achievement = await createAchievement(ctx.db, { userId: student.id });
    const created = await send(
      'POST',
      '/api/position-holders',
      coordinatorCookie,
      appoint(student.id, position.id),
    );
    expect(created.statusCode).toBe(201);
    const { holder } = created.json();
    expect(holder).toMatchObject({ verification: 'pending', status: 'active' });
    const [row] = await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, holder.id));
    expect(row).toMatchObject({
      verification: 'pending',
      verifiedBy: null,
      verifiedAt: null,
      proposedBy: coordinator.id,
    });
    const [log] = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, holder.id));
    expect(log!.description).toBe(
      `Appointed Asha Verma (${holder.porCode}) as Design Lead, Coding Club Sigma, ${thisTenure()}, awaiting verification by the council`,
    );

    // Not a member: the coordinator neither sees nor verifies the student's achievement.
    expect((await get('/api/endorsements/achievements', coordinatorCookie)).json().items).toEqual([]);
    expect(
      (await send('POST', `/api/endorsements/achievements/${achievement.id}/verify`, coordinatorCookie))
        .statusCode,
    ).toBe(403);

    // No seat taken: the president can still fill the one seat.
    const other = (await createStudent(ctx.db)).user;
    expect(
      (await send('POST', '/api/position-holders', presidentCookie, appoint(other.id, position.id)))
        .statusCode,
    ).toBe(201);
    const full = await send('POST', `/api/endorsements/positions/${holder.id}/verify`, presidentCookie);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(FULL);
  });

  it("reach the officials' Positions tab marked as the coordinator's, never the coordinator's own queue, and only officials verify them", async () => {
    const { position, coordinatorCookie, presidentCookie, student } = await setUp('Quiz Club Sigma');
    const { holder } = (
      await send('POST', '/api/position-holders', coordinatorCookie, appoint(student.id, position.id))
    ).json();

    const officials = (await get('/api/endorsements/positions', presidentCookie)).json();
    expect(officials.items).toContainEqual(
      expect.objectContaining({
        id: holder.id,
        verification: 'pending',
        proposedBy: { name: 'Neha Kapoor' },
        student: expect.objectContaining({ name: 'Asha Verma' }),
      }),
    );
    expect((await get('/api/endorsements/positions', coordinatorCookie)).json()).toMatchObject({
      items: [],
      total: 0,
    });
    for (const [action, payload] of [
      ['verify', undefined],
      ['decline', { reason: 'Mine to refuse.' }],
    ] as const) {
      const refused = await send(
        'POST',
        `/api/endorsements/positions/${holder.id}/${action}`,
        coordinatorCookie,
        payload,
      );
      expect(refused.statusCode, action).toBe(403);
      expect(refused.json().error.message).toBe(COUNCIL_VERIFIES);
    }
    const mine = (await get('/api/me/positions', await signInAs(ctx, student))).json();
    expect(mine.items[0]).toMatchObject({ verification: 'pending' });

    expect(
      (await send('POST', `/api/endorsements/positions/${holder.id}/verify`, presidentCookie))
        .statusCode,
    ).toBe(200);
    // A member now, but their achievement tied to nothing of the club is still the council's to verify.
    const achievement = await createAchievement(ctx.db, { userId: student.id, level: 'national' });
    expect((await get('/api/endorsements/achievements', coordinatorCookie)).json().total).toBe(0);
    expect(
      (await send('POST', `/api/endorsements/achievements/${achievement.id}/verify`, coordinatorCookie))
        .statusCode,
    ).toBe(403);
  });

  it('become pending again when the coordinator changes who holds what, and stay verified when only the metrics change', async () => {
    const { position, coordinatorCookie, president, student } = await setUp('Film Club Sigma');
    const verified = await createPositionHolder(ctx.db, {
      userId: student.id,
      positionId: position.id,
      tenureYear: thisTenure(),
      verifiedBy: president.id,
      verifiedAt: new Date(),
    });
    const metrics = await send(
      'PUT',
      `/api/position-holders/${verified.id}`,
      coordinatorCookie,
      appoint(student.id, position.id, { metrics: { eventsOrganized: 4 } }),
    );
    expect(metrics.json().holder).toMatchObject({
      verification: 'verified',
      metrics: { eventsOrganized: 4 },
    });

    const someoneElse = (await createStudent(ctx.db)).user;
    const moved = await send(
      'PUT',
      `/api/position-holders/${verified.id}`,
      coordinatorCookie,
      appoint(someoneElse.id, position.id),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().holder).toMatchObject({ verification: 'pending', user: { id: someoneElse.id } });
    const [row] = await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, verified.id));
    expect(row).toMatchObject({ verifiedBy: null, verifiedAt: null });

    const other = await createPositionHolder(ctx.db, {
      positionId: position.id,
      tenureYear: '2024-2025',
      status: 'completed',
    });
    const retenured = await send(
      'PUT',
      `/api/position-holders/${other.id}`,
      coordinatorCookie,
      appoint(other.userId, position.id, { tenureYear: '2023-2024', status: 'completed' }),
    );
    expect(retenured.json().holder.verification).toBe('pending');
  });

  it('of a general secretary make them no member either: the appointment waits like any other', async () => {
    const { position, coordinatorCookie } = await setUp('Chess Club Sigma');
    const secretary = await createUser(ctx.db, { role: 'GENSEC_CULTURAL' });
    const achievement = await createAchievement(ctx.db, { userId: secretary.id });
    const created = await send(
      'POST',
      '/api/position-holders',
      coordinatorCookie,
      appoint(secretary.id, position.id),
    );
    expect(created.json().holder.verification).toBe('pending');
    expect(
      (await send('POST', `/api/endorsements/achievements/${achievement.id}/verify`, coordinatorCookie))
        .statusCode,
    ).toBe(403);
  });
});
