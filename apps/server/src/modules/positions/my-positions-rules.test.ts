import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createPosition, createStudent, createUser } from '../../../test/factories';

/** A student's own record: its appointment date, its feedback and its position are checked like an official's. */
describe('POST /api/me/positions: dates, plain text and retired positions', () => {
  const ctx = useTestApp();
  const post = (payload: object, cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/me/positions',
      payload,
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowsOf = (userId: string) =>
    ctx.db.select().from(positionHolders).where(eq(positionHolders.userId, userId));

  it('takes an appointment date from 1 January 2016 to today on the institute clock', async () => {
    const { user, cookie } = await signedInStudent();
    const official = await createUser(ctx.db, { role: 'GENSEC_CULTURAL' });
    const position = await createPosition(ctx.db);
    const dated = (date: string, tenureYear = '2016-2017') =>
      post(
        {
          positionId: position.id,
          tenureYear,
          status: 'completed',
          appointment: { appointedById: official.id, date },
        },
        cookie,
      );
    const early = await dated('2015-12-31');
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toEqual({
      'appointment.date': 'The appointment date cannot be before 1 January 2016.',
    });
    const tomorrow = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const future = await dated(tomorrow);
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({
      'appointment.date': 'The appointment date cannot be in the future.',
    });
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await dated('2016-01-01')).statusCode).toBe(201);
  });

  it('refuses feedback with hidden characters, as every text of the record', async () => {
    const { user, cookie } = await signedInStudent();
    const position = await createPosition(ctx.db);
    const response = await post(
      {
        positionId: position.id,
        tenureYear: '2024-2025',
        status: 'active',
        metrics: { feedback: 'Ran the fest\u202e.tsil gnitov' },
      },
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'metrics.feedback': 'Please use plain text.' });
    expect(await rowsOf(user.id)).toEqual([]);
    const lines = await post(
      {
        positionId: position.id,
        tenureYear: '2024-2025',
        status: 'active',
        metrics: { feedback: 'Ran the fest.\nTwo lines are fine.' },
      },
      cookie,
    );
    expect(lines.statusCode).toBe(201);
  });

  it('takes no record of a retired position', async () => {
    const { user, cookie } = await signedInStudent();
    const position = await createPosition(ctx.db, { retiredAt: new Date() });
    const response = await post(
      { positionId: position.id, tenureYear: '2024-2025', status: 'completed' },
      cookie,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      message: 'This position is retired and takes no new holders.',
      fields: { positionId: 'This position is retired and takes no new holders.' },
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });
});
