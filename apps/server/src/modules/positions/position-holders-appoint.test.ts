import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, positionHolders } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import {
  admittedYearsAgo,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';
import { positionHolderClientOf } from '../../../test/position-clients';

// Spec section 5, typed by hand.
const USER_REQUIRED = 'User selection is required';
const POSITION_REQUIRED = 'Position selection is required';
const TENURE_REQUIRED = 'Tenure year is required';
const TENURE_INVALID = 'Please choose a tenure year from the list.';
const STATUS_REQUIRED = 'Status is required';
const APPOINTED_BY_REQUIRED = 'Appointed by is required when appointment date is provided';
const EVENTS_NEGATIVE = 'Events organized cannot be negative';
const ONE_SEAT = 'The only seat of this position is filled for this tenure.';

describe('position holders', () => {
  const ctx = useTestApp();

  const { send, as, openPosition, appoint, holdersOf } = positionHolderClientOf(ctx);

  describe('POST /api/position-holders', () => {
    it('appoints a verified holder, applies the payload rules and logs it', async () => {
      const { user: official, cookie } = await as('PRESIDENT');
      const { user: student } = await createStudent(ctx.db, { name: 'Arjun Nair' });
      const unit = await createOrgUnit(ctx.db, { name: 'Athletics Council' });
      const position = await openPosition({ title: 'Sports Captain', unitId: unit.id });
      const response = await send('POST', '/api/position-holders', cookie, {
        ...appoint(student.id, position.id),
        appointment: { appointedById: official.id, date: '2025-07-01' },
        metrics: { eventsOrganized: '', feedback: '  ' },
      });
      expect(response.statusCode).toBe(201);
      const { holder } = response.json();
      expect(holder).toMatchObject({
        porCode: expect.stringMatching(/^POR-\d{5,}$/),
        user: { id: student.id, name: 'Arjun Nair', studentId: student.studentId },
        position: { id: position.id, title: 'Sports Captain', retired: false },
        tenureYear: '2025-2026',
        status: 'active',
        appointment: { appointedBy: { id: official.id, name: 'Meera President' }, date: '2025-07-01' },
        metrics: { eventsOrganized: 0, budgetUtilized: 0, feedback: null },
        verification: 'verified',
      });
      const [log] = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, holder.id));
      expect(log).toMatchObject({
        type: 'cosa',
        actorId: official.id,
        description: `Appointed Arjun Nair (${holder.porCode}) as Sports Captain, Athletics Council, 2025-2026`,
      });
    });

    it('answers each rule with the spec message', async () => {
      const { cookie } = await as('GENSEC_SPORTS');
      const blank = await send('POST', '/api/position-holders', cookie, {
        userId: '',
        positionId: '',
        tenureYear: '',
        status: '',
      });
      expect(blank.json().error.fields).toEqual({
        userId: USER_REQUIRED,
        positionId: POSITION_REQUIRED,
        tenureYear: TENURE_REQUIRED,
        status: STATUS_REQUIRED,
      });
      const { user } = await createStudent(ctx.db);
      const position = await openPosition();
      const rules = await send('POST', '/api/position-holders', cookie, {
        ...appoint(user.id, position.id),
        appointment: { date: '2025-07-01' },
        metrics: { eventsOrganized: -1 },
      });
      expect(rules.statusCode).toBe(400);
      expect(rules.json().error.fields).toEqual({
        'appointment.appointedById': APPOINTED_BY_REQUIRED,
        'metrics.eventsOrganized': EVENTS_NEGATIVE,
      });
      const oldTenure = await send(
        'POST',
        '/api/position-holders',
        cookie,
        appoint(user.id, position.id, { tenureYear: '2010-2011' }),
      );
      expect(oldTenure.json().error.fields).toEqual({ tenureYear: TENURE_INVALID });
      for (const tenureYear of ['2999-3000', '2024-2026', 'last year']) {
        expect(
          (
            await send(
              'POST',
              '/api/position-holders',
              cookie,
              appoint(user.id, position.id, { tenureYear }),
            )
          ).json().error.fields,
          tenureYear,
        ).toEqual({ tenureYear: TENURE_INVALID });
      }
      expect(await holdersOf(position.id)).toEqual([]);
    });

    it('never seats more active holders than the count; ended, self-declared and declined records take no seat', async () => {
      const { cookie } = await as('PRESIDENT');
      const position = await openPosition({ positionCount: 1 });
      await createPositionHolder(ctx.db, {
        positionId: position.id,
        tenureYear: '2025-2026',
        status: 'completed',
      });
      await createPositionHolder(ctx.db, {
        positionId: position.id,
        tenureYear: '2025-2026',
        verification: 'self_declared',
      });
      const first = await send(
        'POST',
        '/api/position-holders',
        cookie,
        appoint((await createUser(ctx.db)).id, position.id),
      );
      expect(first.statusCode).toBe(201);
      const second = await send(
        'POST',
        '/api/position-holders',
        cookie,
        appoint((await createUser(ctx.db)).id, position.id),
      );
      expect(second.statusCode).toBe(409);
      expect(second.json().error.message).toBe(ONE_SEAT);
      const ended = await send(
        'POST',
        '/api/position-holders',
        cookie,
        appoint((await createUser(ctx.db)).id, position.id, { status: 'terminated' }),
      );
      expect(ended.statusCode).toBe(201);
      const nextYear = await send(
        'POST',
        '/api/position-holders',
        cookie,
        appoint((await createUser(ctx.db)).id, position.id, { tenureYear: '2024-2025' }),
      );
      expect(nextYear.statusCode).toBe(201);
    });

    it('seats exactly one of two appointments to a last seat sent at the same moment', async () => {
      const { cookie } = await as('PRESIDENT');
      for (let round = 0; round < 4; round += 1) {
        const position = await openPosition({ positionCount: 1 });
        const [a, b] = [await createUser(ctx.db), await createUser(ctx.db)];
        const answers = await Promise.all([
          send('POST', '/api/position-holders', cookie, appoint(a.id, position.id)),
          send('POST', '/api/position-holders', cookie, appoint(b.id, position.id)),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json().error.message).toBe(ONE_SEAT);
        const active = await ctx.db
          .select()
          .from(positionHolders)
          .where(and(eq(positionHolders.positionId, position.id), eq(positionHolders.status, 'active')));
        expect(active).toHaveLength(1);
      }
    });

    it('shows the shortfall of the requirements and appoints once confirmed, recording it', async () => {
      const { cookie } = await as('PRESIDENT');
      const { user } = await createStudent(
        ctx.db,
        {},
        { instituteCgpa: 6.5, batchYear: admittedYearsAgo(0) },
      );
      await createUserSkill(ctx.db, {
        userId: user.id,
        skillId: (await createSkill(ctx.db, { name: 'Python Shortfall' })).id,
      });
      const position = await createPosition(ctx.db, {
        minCgpa: 7,
        minYear: 2,
        skillsRequired: ['python shortfall', 'Public Speaking'],
      });
      const asked = await send('POST', '/api/position-holders', cookie, appoint(user.id, position.id));
      expect(asked.statusCode).toBe(409);
      expect(asked.json().error).toEqual({
        code: 'REQUIREMENTS_NOT_MET',
        message: 'This person does not meet the requirements of the position.',
        fields: {
          cgpa: "CGPA on the institute's record below the minimum 7.0",
          year: "Year of study by the institute's record below the minimum 2nd",
          skills: 'Missing required skills: Public Speaking',
        },
      });
      expect(await holdersOf(position.id)).toEqual([]);
      const confirmed = await send('POST', '/api/position-holders', cookie, {
        ...appoint(user.id, position.id),
        confirm: true,
      });
      expect(confirmed.statusCode).toBe(201);
      const [log] = await ctx.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.subjectId, confirmed.json().holder.id));
      expect(log!.description).toContain(
        "confirmed despite: CGPA on the institute's record below the minimum 7.0; Year of study by the institute's record below the minimum 2nd; Missing required skills: Public Speaking",
      );
      expect(log!.description).not.toContain('6.5');
    });

    it('takes no holder for a retired position and none twice for one tenure', async () => {
      const { cookie } = await as('PRESIDENT');
      const position = await openPosition({ positionCount: 3 });
      const user = await createUser(ctx.db);
      expect(
        (await send('POST', '/api/position-holders', cookie, appoint(user.id, position.id))).statusCode,
      ).toBe(201);
      const twice = await send(
        'POST',
        '/api/position-holders',
        cookie,
        appoint(user.id, position.id, { status: 'completed' }),
      );
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(
        'This person already holds this position for this tenure.',
      );
      await send('POST', `/api/positions/${position.id}/retirement`, cookie);
      const retired = await send(
        'POST',
        '/api/position-holders',
        cookie,
        appoint((await createUser(ctx.db)).id, position.id),
      );
      expect(retired.statusCode).toBe(409);
      expect(retired.json().error.message).toBe('This position is retired and takes no new holders.');
    });
  });
});
