import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  admittedYearsAgo,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

const SHORTFALL = 'This person does not meet the requirements of the position.';
const RETIRED = 'This position is retired and takes no new holders.';
const REASON_REQUIRED = 'Please give a reason for declining.';

describe('verifying a position record: requirements, retired positions, the decline body', () => {
  const ctx = useTestApp();
  const post = (url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const secretary = async () => {
    const user = await createUser(ctx.db, { role: 'GENSEC_SCITECH', name: 'Ishita Reddy' });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const stateOf = async (id: string) =>
    (await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, id)))[0]!;

  it('shows the shortfall of the requirements without the values, and verifies once confirmed, recording it', async () => {
    const { cookie } = await secretary();
    const unit = await createOrgUnit(ctx.db, { name: 'Robotics Club Tau' });
    const position = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Build Lead',
      minCgpa: 8,
      minYear: 3,
      skillsRequired: ['Soldering'],
    });
    const { user } = await createStudent(
      ctx.db,
      { name: 'Rohan Mehta' },
      // The institute's record: CGPA 7.35, admitted last academic year (a 2nd year).
      { instituteCgpa: 7.35, batchYear: admittedYearsAgo(1) },
    );
    for (const verification of ['self_declared', 'pending'] as const) {
      const record = await createPositionHolder(ctx.db, {
        userId: user.id,
        positionId: position.id,
        tenureYear: verification === 'pending' ? '2025-2026' : '2024-2025',
        verification,
      });
      const asked = await post(`/api/endorsements/positions/${record.id}/verify`, cookie);
      expect(asked.statusCode).toBe(409);
      expect(asked.json().error).toEqual({
        code: 'REQUIREMENTS_NOT_MET',
        message: SHORTFALL,
        fields: {
          cgpa: "CGPA on the institute's record below the minimum 8.0",
          year: "Year of study by the institute's record below the minimum 3rd",
          skills: 'Missing required skills: Soldering',
        },
      });
      expect(JSON.stringify(asked.json())).not.toContain('7.35');
      expect((await stateOf(record.id)).verification).toBe(verification);

      const confirmed = await post(`/api/endorsements/positions/${record.id}/verify`, cookie, {
        confirm: true,
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await stateOf(record.id)).verification).toBe('verified');
      const [log] = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, record.id));
      expect(log!.description).toContain(
        `Rohan Mehta (${record.porCode}) as Build Lead, Robotics Club Tau`,
      );
      expect(log!.description).toContain(
        "(confirmed despite: CGPA on the institute's record below the minimum 8.0; Year of study by the institute's record below the minimum 3rd; Missing required skills: Soldering)",
      );
    }
  });

  it('never verifies a record of a retired position, whatever its status', async () => {
    const { cookie } = await secretary();
    const position = await createPosition(ctx.db, { skillsRequired: [], retiredAt: new Date() });
    for (const status of ['active', 'completed'] as const) {
      const record = await createPositionHolder(ctx.db, {
        positionId: position.id,
        status,
        verification: 'self_declared',
      });
      const refused = await post(`/api/endorsements/positions/${record.id}/verify`, cookie, {
        confirm: true,
      });
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().error.message).toBe(RETIRED);
      expect((await stateOf(record.id)).verification).toBe('self_declared');
    }
  });

  it('answers a decline without a body with the reason field and its message', async () => {
    const { cookie } = await secretary();
    const record = await createPositionHolder(ctx.db, {
      positionId: (await createPosition(ctx.db)).id,
      verification: 'self_declared',
    });
    const bare = await post(`/api/endorsements/positions/${record.id}/decline`, cookie);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({ reason: REASON_REQUIRED });
    expect((await stateOf(record.id)).verification).toBe('self_declared');
  });

  it('names the person and the position in the decline log', async () => {
    const { cookie } = await secretary();
    const unit = await createOrgUnit(ctx.db, { name: 'Dance Club Tau' });
    const position = await createPosition(ctx.db, { unitId: unit.id, title: 'Choreographer' });
    const { user } = await createStudent(ctx.db, { name: 'Kiran Rao' });
    const record = await createPositionHolder(ctx.db, {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      verification: 'self_declared',
    });
    expect(
      (
        await post(`/api/endorsements/positions/${record.id}/decline`, cookie, {
          reason: 'No such post.',
        })
      ).statusCode,
    ).toBe(200);
    const [log] = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, record.id));
    expect(log!.description).toBe(
      `Declined the position record of Kiran Rao (${record.porCode}) as Choreographer, Dance Club Tau, 2024-2025`,
    );
  });
});
