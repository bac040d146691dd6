import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

const OWN_HOLDING =
  'You cannot appoint yourself or change your own holding: another official does that.';
const NOT_OFFICIAL = 'Please choose a general secretary, the president or a club coordinator.';
const SELF_APPOINTED = 'The person appointed cannot be the one who appointed them.';
const RETIRED = 'This position is retired and takes no new holders.';
const DUPLICATE = 'This person already holds this position for this tenure.';
const ROUNDS = 6;

describe('position holders: who, when and in what order', () => {
  const ctx = useTestApp();
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const appoint = (userId: string, positionId: string, overrides: object = {}) => ({
    userId,
    positionId,
    tenureYear: '2025-2026',
    status: 'active',
    ...overrides,
  });
  const official = async (
    role: 'PRESIDENT' | 'GENSEC_SCITECH' | 'CLUB_COORDINATOR' = 'PRESIDENT',
    clubUnitId?: string,
  ) => {
    const user = await createUser(ctx.db, { role, ...(clubUnitId ? { clubUnitId } : {}) });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const openPosition = (overrides: Parameters<typeof createPosition>[1] = {}) =>
    createPosition(ctx.db, { skillsRequired: [], ...overrides });

  it('refuses anyone appointing themself or changing or deleting their own holding', async () => {
    const club = await createOrgUnit(ctx.db);
    const position = await openPosition({ unitId: club.id, positionCount: 5 });
    const president = await official('PRESIDENT');
    const self = await send(
      'POST',
      '/api/position-holders',
      president.cookie,
      appoint(president.user.id, position.id),
    );
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe(OWN_HOLDING);

    const coordinator = await official('CLUB_COORDINATOR', club.id);
    const own = await createPositionHolder(ctx.db, {
      userId: coordinator.user.id,
      positionId: position.id,
      tenureYear: '2025-2026',
    });
    const other = await createPositionHolder(ctx.db, {
      positionId: position.id,
      tenureYear: '2025-2026',
    });
    for (const answer of [
      await send(
        'PUT',
        `/api/position-holders/${own.id}`,
        coordinator.cookie,
        appoint(coordinator.user.id, position.id, { status: 'completed' }),
      ),
      await send('DELETE', `/api/position-holders/${own.id}`, coordinator.cookie),
      await send(
        'PUT',
        `/api/position-holders/${other.id}`,
        coordinator.cookie,
        appoint(coordinator.user.id, position.id, { tenureYear: '2024-2025' }),
      ),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.message).toBe(OWN_HOLDING);
    }
    const rows = await ctx.db
      .select()
      .from(positionHolders)
      .where(eq(positionHolders.positionId, position.id));
    expect(rows.map((row) => [row.id, row.userId, row.status]).sort()).toEqual(
      [
        [own.id, coordinator.user.id, 'active'],
        [other.id, other.userId, 'active'],
      ].sort(),
    );
  });

  it('takes as appointing official only a general secretary, the president or a club coordinator, never the person appointed', async () => {
    const { cookie } = await official('GENSEC_SCITECH');
    const position = await openPosition({ positionCount: 5 });
    const { user: student } = await createStudent(ctx.db);
    const { user: classmate } = await createStudent(ctx.db);
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR' });
    const withAppointer = (appointedById: string) =>
      appoint(student.id, position.id, { appointment: { appointedById, date: '2025-07-01' } });
    for (const [appointedById, message] of [
      [classmate.id, NOT_OFFICIAL],
      [student.id, SELF_APPOINTED],
    ] as const) {
      const refused = await send('POST', '/api/position-holders', cookie, withAppointer(appointedById));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ 'appointment.appointedById': message });
    }
    expect(
      (await send('POST', '/api/position-holders', cookie, withAppointer(coordinator.id))).statusCode,
    ).toBe(201);
  });

  it('takes an appointment date from 1 January 2016 to today, with the message under the field', async () => {
    const { user, cookie } = await official('PRESIDENT');
    const position = await openPosition({ positionCount: 5 });
    const { user: student } = await createStudent(ctx.db);
    const dated = (date: string) =>
      send(
        'POST',
        '/api/position-holders',
        cookie,
        appoint(student.id, position.id, { appointment: { appointedById: user.id, date } }),
      );
    expect((await dated('2015-12-31')).json().error.fields).toEqual({
      'appointment.date': 'The appointment date cannot be before 1 January 2016.',
    });
    const later = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect((await dated(later)).json().error.fields).toEqual({
      'appointment.date': 'The appointment date cannot be in the future.',
    });
    expect((await dated('2016-01-01')).statusCode).toBe(201);
  });

  it('refuses to move a holding of a retired position to another person or tenure, and still takes its metrics', async () => {
    const { cookie } = await official('PRESIDENT');
    const position = await openPosition({ positionCount: 5 });
    const holder = await createPositionHolder(ctx.db, {
      positionId: position.id,
      tenureYear: '2024-2025',
      status: 'completed',
    });
    expect((await send('POST', `/api/positions/${position.id}/retirement`, cookie)).statusCode).toBe(
      200,
    );
    const { user: newcomer } = await createStudent(ctx.db);
    for (const change of [{ tenureYear: '2025-2026' }, { userId: newcomer.id }]) {
      const refused = await send(
        'PUT',
        `/api/position-holders/${holder.id}`,
        cookie,
        appoint(holder.userId, position.id, { tenureYear: '2024-2025', status: 'completed', ...change }),
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(RETIRED);
    }
    const metrics = await send(
      'PUT',
      `/api/position-holders/${holder.id}`,
      cookie,
      appoint(holder.userId, position.id, {
        tenureYear: '2024-2025',
        status: 'completed',
        metrics: { eventsOrganized: 2 },
      }),
    );
    expect(metrics.statusCode).toBe(200);
    expect(metrics.json().holder.metrics.eventsOrganized).toBe(2);
  });

  it('says the person already holds the position before speaking of seats or requirements', async () => {
    const { cookie } = await official('PRESIDENT');
    const position = await createPosition(ctx.db, {
      positionCount: 1,
      minCgpa: 9.5,
      skillsRequired: ['Welding'],
    });
    const { user: student } = await createStudent(ctx.db, {}, { cgpa: 6 });
    expect(
      (
        await send('POST', '/api/position-holders', cookie, {
          ...appoint(student.id, position.id),
          confirm: true,
        })
      ).statusCode,
    ).toBe(201);
    const again = await send('POST', '/api/position-holders', cookie, appoint(student.id, position.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CONFLICT',
      message: DUPLICATE,
      fields: { userId: DUPLICATE },
    });

    const other = await createPositionHolder(ctx.db, {
      positionId: position.id,
      tenureYear: '2024-2025',
      status: 'completed',
    });
    const clash = await send(
      'PUT',
      `/api/position-holders/${other.id}`,
      cookie,
      appoint(student.id, position.id, { status: 'completed', confirm: true }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(DUPLICATE);
  });

  it('an edit and a verification of one record at the same moment both land, neither waiting on the other for good', async () => {
    const secretary = await official('GENSEC_SCITECH');
    const president = await official('PRESIDENT');
    for (let round = 0; round < ROUNDS; round += 1) {
      const position = await openPosition({ positionCount: 3 });
      const record = await createPositionHolder(ctx.db, {
        positionId: position.id,
        tenureYear: '2025-2026',
        status: 'active',
        verification: 'self_declared',
      });
      const [edited, verified] = await Promise.all([
        send(
          'PUT',
          `/api/position-holders/${record.id}`,
          secretary.cookie,
          appoint(record.userId, position.id, { metrics: { eventsOrganized: 7 } }),
        ),
        send('POST', `/api/endorsements/positions/${record.id}/verify`, president.cookie),
      ]);
      expect(
        [edited.statusCode, verified.statusCode],
        `round ${round}: ${edited.body} ${verified.body}`,
      ).toEqual([200, 200]);
      const [row] = await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, record.id));
      expect(row).toMatchObject({ verification: 'verified', eventsOrganized: 7 });
    }
  });
});
