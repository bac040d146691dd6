import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, positionHolders, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

// Spec section 5, typed by hand.
const USER_REQUIRED = 'User selection is required';
const POSITION_REQUIRED = 'Position selection is required';
const TENURE_REQUIRED = 'Tenure year is required';
const TENURE_INVALID = 'Please choose a tenure year from the list.';
const STATUS_REQUIRED = 'Status is required';
const APPOINTED_BY_REQUIRED = 'Appointed by is required when appointment date is provided';
const EVENTS_NEGATIVE = 'Events organized cannot be negative';
const BUDGET_NEGATIVE = 'Budget utilized cannot be negative';
const NOT_YOUR_CLUB = 'You can manage the positions of your own club only.';
const ONE_SEAT = 'The only seat of this position is filled for this tenure.';

type Role = 'GENSEC_SPORTS' | 'PRESIDENT' | 'CLUB_COORDINATOR';

describe('position holders', () => {
  const ctx = useTestApp();

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const as = async (role: Role, clubUnitId?: string) => {
    const user = await createUser(ctx.db, {
      role,
      name: role === 'PRESIDENT' ? 'Meera President' : 'Ravi Official',
      ...(clubUnitId ? { clubUnitId } : {}),
    });
    return { user, cookie: await signInAs(ctx, user) };
  };
  /** A position anyone meets (no CGPA, year or skill needed). */
  const openPosition = (overrides: Parameters<typeof createPosition>[1] = {}) =>
    createPosition(ctx.db, { skillsRequired: [], ...overrides });
  const appoint = (userId: string, positionId: string, overrides: object = {}) => ({
    userId,
    positionId,
    tenureYear: '2025-2026',
    status: 'active',
    ...overrides,
  });
  const holdersOf = (positionId: string) =>
    ctx.db.select().from(positionHolders).where(eq(positionHolders.positionId, positionId));

  describe('access', () => {
    it('asks a signed-out visitor to sign in, refuses a student, and keeps a coordinator to their club', async () => {
      const club = await createOrgUnit(ctx.db);
      const other = await createOrgUnit(ctx.db);
      const mine = await openPosition({ unitId: club.id });
      const theirs = await openPosition({ unitId: other.id });
      const theirHolder = await createPositionHolder(ctx.db, { positionId: theirs.id });
      const myHolder = await createPositionHolder(ctx.db, { positionId: mine.id });
      const { user: student } = await createStudent(ctx.db);
      const studentCookie = await signInAs(ctx, student);

      expect((await get('/api/position-holders')).statusCode).toBe(401);
      expect(
        (await send('POST', '/api/position-holders', undefined, appoint(student.id, mine.id)))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await send(
            'PUT',
            `/api/position-holders/${myHolder.id}`,
            undefined,
            appoint(student.id, mine.id),
          )
        ).statusCode,
      ).toBe(401);
      expect((await send('DELETE', `/api/position-holders/${myHolder.id}`)).statusCode).toBe(401);
      for (const answer of await Promise.all([
        get('/api/position-holders', studentCookie),
        get(`/api/position-holders/${myHolder.id}`, studentCookie),
        send('POST', '/api/position-holders', studentCookie, appoint(student.id, mine.id)),
        send('PUT', `/api/position-holders/${myHolder.id}`, studentCookie, appoint(student.id, mine.id)),
        send('DELETE', `/api/position-holders/${myHolder.id}`, studentCookie),
      ])) {
        expect(answer.statusCode).toBe(403);
      }

      const { cookie } = await as('CLUB_COORDINATOR', club.id);
      const list = (await get('/api/position-holders', cookie)).json();
      expect(list.items.map((item: { id: string }) => item.id)).toEqual([myHolder.id]);
      for (const answer of await Promise.all([
        get(`/api/position-holders/${theirHolder.id}`, cookie),
        send('POST', '/api/position-holders', cookie, appoint(student.id, theirs.id)),
        send(
          'PUT',
          `/api/position-holders/${theirHolder.id}`,
          cookie,
          appoint(theirHolder.userId, theirs.id, { tenureYear: theirHolder.tenureYear }),
        ),
        send(
          'PUT',
          `/api/position-holders/${myHolder.id}`,
          cookie,
          appoint(myHolder.userId, theirs.id, { tenureYear: myHolder.tenureYear }),
        ),
        send('DELETE', `/api/position-holders/${theirHolder.id}`, cookie),
      ])) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error.message).toBe(NOT_YOUR_CLUB);
      }
      expect(await holdersOf(theirs.id)).toHaveLength(1);
      expect((await holdersOf(mine.id))[0]!.positionId).toBe(mine.id);
      expect(
        (await send('POST', '/api/position-holders', cookie, appoint(student.id, mine.id))).statusCode,
      ).toBe(201);
    });
  });

  describe('POST /api/position-holders', () => {
    it('appoints a verified holder, applies the payload rules and logs it', async () => {
      const { user: official, cookie } = await as('PRESIDENT');
      const { user: student } = await createStudent(ctx.db, { name: 'Arjun Nair' });
      const unit = await createOrgUnit(ctx.db, { name: 'Athletics Council' });
      const position = await openPosition({ title: 'Sports Captain', unitId: unit.id });
      const response = await send('POST', '/api/position-holders', cookie, {
        ...appoint(student.id, position.id),
        appointment: { appointedById: official.id, date: '2025-07-01' },
        metrics: { eventsOrganized: '', budgetUtilized: '', feedback: '  ' },
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
        metrics: { eventsOrganized: -1, budgetUtilized: '-5' },
      });
      expect(rules.statusCode).toBe(400);
      expect(rules.json().error.fields).toEqual({
        'appointment.appointedById': APPOINTED_BY_REQUIRED,
        'metrics.eventsOrganized': EVENTS_NEGATIVE,
        'metrics.budgetUtilized': BUDGET_NEGATIVE,
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
      const { user } = await createStudent(ctx.db, {}, { cgpa: 6.5, currentYear: '1st' });
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
          cgpa: 'CGPA below the minimum 7.0',
          year: 'Year of study below the minimum 2nd',
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
        'confirmed despite: CGPA below the minimum 7.0; Year of study below the minimum 2nd; Missing required skills: Public Speaking',
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

  describe('GET /api/position-holders', () => {
    it('searches name, e-mail, student id, position title and POR id, filters and counts', async () => {
      const unit = await createOrgUnit(ctx.db, { name: 'Athletics Club Delta' });
      const sprint = await openPosition({ unitId: unit.id, title: 'Sprint Captain Delta' });
      const relay = await openPosition({ title: 'Relay Lead Delta' });
      const { user: zara } = await createStudent(ctx.db, {
        name: 'Zara Qureshi',
        email: 'zara.delta@iitbhilai.ac.in',
        studentId: '98765001',
      });
      const { user: omar } = await createStudent(ctx.db, { name: 'Omar Delta' });
      const first = await createPositionHolder(ctx.db, {
        userId: zara.id,
        positionId: sprint.id,
        tenureYear: '2024-2025',
        status: 'completed',
        createdAt: new Date('2024-08-01T00:00:00Z'),
      });
      await createPositionHolder(ctx.db, {
        userId: omar.id,
        positionId: relay.id,
        tenureYear: '2025-2026',
        verification: 'self_declared',
        createdAt: new Date('2025-08-01T00:00:00Z'),
      });
      const { cookie } = await as('GENSEC_SPORTS');
      const names = async (query: string) => {
        const response = await get(`/api/position-holders${query}`, cookie);
        expect(response.statusCode, query).toBe(200);
        return [
          response.json().items.map((item: { user: { name: string } }) => item.user.name),
          response.json().total,
        ];
      };
      expect(await names('?q=zara q')).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=ZARA.DELTA@')).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=98765')).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=relay lead delta')).toEqual([['Omar Delta'], 1]);
      expect(await names(`?q=${first.porCode}`)).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=delta')).toEqual([['Omar Delta', 'Zara Qureshi'], 2]);
      expect(await names('?q=delta&status=completed')).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=delta&tenureYear=2025-2026')).toEqual([['Omar Delta'], 1]);
      expect(await names(`?q=delta&unitId=${unit.id}`)).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=100%25')).toEqual([[], 0]);
      // A page past the end lists nothing and still counts the matches.
      expect(await names('?q=delta&page=3')).toEqual([[], 2]);
      const body = (await get('/api/position-holders?q=omar delta', cookie)).json();
      expect(body.items[0]).toMatchObject({
        verification: 'self_declared',
        appointment: null,
        declineReason: null,
      });
      expect(body.tenureYears[0]).toBe(`${new Date().getFullYear()}-${new Date().getFullYear() + 1}`);
      expect((await get('/api/position-holders?status=retired', cookie)).statusCode).toBe(400);
    });

    it('finds a holder by the name and e-mail they have now', async () => {
      const position = await openPosition({ title: 'Debate Lead Sigma' });
      const { user: holder } = await createStudent(ctx.db, {
        name: 'Rohan Sigma',
        email: 'rohan.sigma@iitbhilai.ac.in',
      });
      await createPositionHolder(ctx.db, { userId: holder.id, positionId: position.id });
      const { cookie } = await as('GENSEC_SPORTS');
      const names = async (q: string) =>
        (await get(`/api/position-holders?q=${q}`, cookie))
          .json()
          .items.map((item: { user: { name: string } }) => item.user.name);
      expect(await names('rohan sigma')).toEqual(['Rohan Sigma']);
      await ctx.db
        .update(users)
        .set({ name: 'Rohan Varma', email: 'rohan.varma@iitbhilai.ac.in' })
        .where(eq(users.id, holder.id));
      expect(await names('rohan varma')).toEqual(['Rohan Varma']);
      expect(await names('ROHAN.VARMA@')).toEqual(['Rohan Varma']);
      expect(await names('rohan sigma')).toEqual([]);
      expect(await names('rohan.sigma@')).toEqual([]);
      // Any part of the student id; never across two fields.
      const { user: other } = await createStudent(ctx.db, {
        name: 'Esha Tau',
        email: 'esha.tau@iitbhilai.ac.in',
        studentId: '31415926',
      });
      await createPositionHolder(ctx.db, { userId: other.id, positionId: position.id });
      expect(await names('41592')).toEqual(['Esha Tau']);
      expect(await names('tau esha')).toEqual([]);
      expect(await names('esha tau esha')).toEqual([]);
    });
  });

  describe('edit and delete', () => {
    it('moves an active holding to completed, never back, and logs each change', async () => {
      const { cookie } = await as('PRESIDENT');
      const unit = await createOrgUnit(ctx.db, { name: 'Quiz Club' });
      const position = await openPosition({ title: 'Quiz Master', unitId: unit.id });
      const { user: person } = await createStudent(ctx.db, { name: 'Diya Iyer' });
      const holder = await createPositionHolder(ctx.db, {
        userId: person.id,
        positionId: position.id,
        tenureYear: '2025-2026',
      });
      const base = appoint(holder.userId, position.id);
      const invalid = await send('PUT', `/api/position-holders/${holder.id}`, cookie, {
        ...base,
        status: '',
      });
      expect(invalid.json().error.fields).toEqual({ status: STATUS_REQUIRED });
      const done = await send('PUT', `/api/position-holders/${holder.id}`, cookie, {
        ...base,
        status: 'completed',
        metrics: { eventsOrganized: 3, budgetUtilized: '1500.5' },
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().holder).toMatchObject({
        status: 'completed',
        metrics: { eventsOrganized: 3, budgetUtilized: 1500.5 },
      });
      const back = await send('PUT', `/api/position-holders/${holder.id}`, cookie, {
        ...base,
        status: 'active',
      });
      expect(back.statusCode).toBe(409);
      expect(back.json().error.message).toBe(
        'Completed and terminated are final: an ended holding keeps its status.',
      );
      const other = await send('PUT', `/api/position-holders/${holder.id}`, cookie, {
        ...base,
        status: 'terminated',
      });
      expect(other.statusCode).toBe(409);
      expect(other.json().error.fields).toEqual({
        status: 'Completed and terminated are final: an ended holding keeps its status.',
      });
      const logs = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, holder.id));
      expect(logs.map((line) => line.description)).toEqual([
        `Updated Diya Iyer (${holder.porCode}) as Quiz Master, Quiz Club, 2025-2026 (completed)`,
      ]);
    });

    it('deletes a holding after which the position can be deleted', async () => {
      const { cookie } = await as('PRESIDENT');
      const unit = await createOrgUnit(ctx.db, { name: 'Film Club' });
      const position = await openPosition({ title: 'Screening Lead', unitId: unit.id });
      const { user: person } = await createStudent(ctx.db, { name: 'Kabir Das' });
      const holder = await createPositionHolder(ctx.db, {
        userId: person.id,
        positionId: position.id,
        tenureYear: '2025-2026',
      });
      expect((await send('DELETE', `/api/position-holders/${holder.id}`, cookie)).statusCode).toBe(204);
      expect((await send('DELETE', `/api/position-holders/${holder.id}`, cookie)).statusCode).toBe(404);
      const logs = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, holder.id));
      expect(logs.map((line) => line.description)).toEqual([
        `Deleted the holding of Kabir Das (${holder.porCode}) as Screening Lead, Film Club, 2025-2026`,
      ]);
      expect((await send('DELETE', `/api/positions/${position.id}`, cookie)).statusCode).toBe(204);
    });
  });
});
