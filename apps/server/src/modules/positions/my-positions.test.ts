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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const POR_CODE = /^POR-\d{5,}$/;
const POSITION_CODE = /^POS-\d{5,}$/;

const POSITION_REQUIRED = 'Position selection is required';
const TENURE_REQUIRED = 'Tenure year is required';
const TENURE_INVALID = 'Please choose a tenure year from the list.';
const STATUS_REQUIRED = 'Status is required';
const APPOINTED_BY_REQUIRED = 'Appointed by is required when appointment date is provided';
const EVENTS_NEGATIVE = 'Events organized cannot be negative';
const BUDGET_NEGATIVE = 'Budget utilized cannot be negative';
const DUPLICATE = 'You already hold this position for this tenure.';

const THIS_YEAR = new Date().getFullYear();

describe('my positions', () => {
  const ctx = useTestApp();

  const post = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/me/positions',
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const list = (cookie: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/me/positions${query}`, headers: { cookie } });
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowsOf = (userId: string) =>
    ctx.db.select().from(positionHolders).where(eq(positionHolders.userId, userId));

  describe('access', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const position = await createPosition(ctx.db);
      const declared = await post({
        positionId: position.id,
        tenureYear: '2024-2025',
        status: 'active',
      });
      expect(declared.statusCode).toBe(401);
      expect(declared.json().error.code).toBe('UNAUTHENTICATED');
      const listed = await ctx.app.inject({ method: 'GET', url: '/api/me/positions' });
      expect(listed.statusCode).toBe(401);
      expect(listed.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('sends a student who has not finished onboarding to registration and records nothing', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: false });
      const cookie = await signInAs(ctx, user);
      const position = await createPosition(ctx.db);
      const declared = await post(
        { positionId: position.id, tenureYear: '2024-2025', status: 'active' },
        cookie,
      );
      expect(declared.statusCode).toBe(403);
      expect(declared.json().error.code).toBe('ONBOARDING_REQUIRED');
      const listed = await list(cookie);
      expect(listed.statusCode).toBe(403);
      expect(listed.json().error.code).toBe('ONBOARDING_REQUIRED');
      expect(await rowsOf(user.id)).toEqual([]);
    });
  });

  describe('POST /api/me/positions', () => {
    it('records a self-declared position of the signed-in student, whoever the body names', async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const official = await createUser(ctx.db, { role: 'GENSEC_CULTURAL', name: 'Kavya Menon' });
      const unit = await createOrgUnit(ctx.db, { name: 'Dramatics Society', category: 'cultural' });
      const position = await createPosition(ctx.db, { title: 'Stage Manager', unitId: unit.id });

      const response = await post(
        {
          positionId: position.id,
          tenureYear: '2024-2025',
          status: 'completed',
          appointment: { appointedById: official.id, date: '2024-07-15' },
          metrics: {
            eventsOrganized: '4',
            budgetUtilized: '12500.50',
            feedback: '  Ran three plays.  ',
          },
          userId: other.id,
          user_id: other.id,
          verification: 'verified',
        },
        cookie,
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        position: {
          id: expect.stringMatching(UUID),
          porCode: expect.stringMatching(POR_CODE),
          position: {
            id: position.id,
            positionCode: expect.stringMatching(POSITION_CODE),
            title: 'Stage Manager',
            unit: { id: unit.id, name: 'Dramatics Society', category: 'cultural' },
          },
          tenureYear: '2024-2025',
          status: 'completed',
          appointment: { appointedBy: { id: official.id, name: 'Kavya Menon' }, date: '2024-07-15' },
          metrics: { eventsOrganized: 4, budgetUtilized: 12500.5, feedback: 'Ran three plays.' },
          verification: 'self_declared',
          declineReason: null,
          createdAt: expect.stringMatching(ISO_TIME),
          updatedAt: expect.stringMatching(ISO_TIME),
        },
      });
      const rows = await rowsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        positionId: position.id,
        verification: 'self_declared',
        verifiedBy: null,
        appointedBy: official.id,
      });
      expect(await rowsOf(other.id)).toEqual([]);
    });

    it('sends blank metrics as 0 and leaves out an empty appointment and empty feedback', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db);
      const response = await post(
        {
          positionId: position.id,
          tenureYear: '2023-2024',
          status: 'active',
          appointment: { appointedById: '', date: '' },
          metrics: { eventsOrganized: '', budgetUtilized: '', feedback: '   ' },
        },
        cookie,
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().position).toMatchObject({
        appointment: null,
        metrics: { eventsOrganized: 0, budgetUtilized: 0, feedback: null },
        verification: 'self_declared',
      });
      const [row] = await rowsOf(user.id);
      expect(row).toMatchObject({
        appointedBy: null,
        appointmentDate: null,
        eventsOrganized: 0,
        budgetUtilized: 0,
        feedback: null,
      });

      const noMetrics = await post(
        { positionId: position.id, tenureYear: '2022-2023', status: 'terminated' },
        cookie,
      );
      expect(noMetrics.statusCode).toBe(201);
      expect(noMetrics.json().position).toMatchObject({
        appointment: null,
        metrics: { eventsOrganized: 0, budgetUtilized: 0, feedback: null },
      });
    });

    it('answers each missing field with the spec message and records nothing', async () => {
      const { user, cookie } = await signedInStudent();
      const blank = await post({ positionId: '', tenureYear: '', status: '' }, cookie);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { positionId: POSITION_REQUIRED, tenureYear: TENURE_REQUIRED, status: STATUS_REQUIRED },
      });
      const missing = await post({}, cookie);
      expect(missing.json().error.fields).toEqual({
        positionId: POSITION_REQUIRED,
        tenureYear: TENURE_REQUIRED,
        status: STATUS_REQUIRED,
      });
      const position = await createPosition(ctx.db);
      const wrongStatus = await post(
        { positionId: position.id, tenureYear: '2024-2025', status: 'retired' },
        cookie,
      );
      expect(wrongStatus.json().error.fields).toEqual({ status: STATUS_REQUIRED });
      expect(await rowsOf(user.id)).toEqual([]);
    });

    it('accepts tenure years from 2016-2017 to the current year and the next, nothing else', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db);
      const outside = [
        '2015-2016',
        `${THIS_YEAR + 1}-${THIS_YEAR + 2}`,
        '2020-2022',
        '2021-2020',
        '2024/2025',
        '2024',
      ];
      for (const tenureYear of outside) {
        const response = await post({ positionId: position.id, tenureYear, status: 'active' }, cookie);
        expect(response.statusCode, tenureYear).toBe(400);
        expect(response.json().error.fields, tenureYear).toEqual({ tenureYear: TENURE_INVALID });
      }
      const blank = await post({ positionId: position.id, tenureYear: '', status: 'active' }, cookie);
      expect(blank.json().error.fields).toEqual({ tenureYear: TENURE_REQUIRED });
      expect(await rowsOf(user.id)).toEqual([]);
      for (const tenureYear of ['2016-2017', `${THIS_YEAR}-${THIS_YEAR + 1}`]) {
        const response = await post({ positionId: position.id, tenureYear, status: 'active' }, cookie);
        expect(response.statusCode, tenureYear).toBe(201);
      }
    });

    it('asks who appointed the student when an appointment date is given', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db);
      const response = await post(
        {
          positionId: position.id,
          tenureYear: '2024-2025',
          status: 'active',
          appointment: { appointedById: '', date: '2024-06-01' },
        },
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        'appointment.appointedById': APPOINTED_BY_REQUIRED,
      });
      expect(await rowsOf(user.id)).toEqual([]);
    });

    it('refuses an appointing official who does not exist, and records an appointer without a date', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db);
      const unknown = await post(
        {
          positionId: position.id,
          tenureYear: '2024-2025',
          status: 'active',
          appointment: { appointedById: '0a0b0c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', date: '2024-06-01' },
        },
        cookie,
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields).toEqual({
        'appointment.appointedById': 'Please choose the appointing official from the list.',
      });
      expect(await rowsOf(user.id)).toEqual([]);

      const official = await createUser(ctx.db, { role: 'PRESIDENT', name: 'Neha Kulkarni' });
      const undated = await post(
        {
          positionId: position.id,
          tenureYear: '2024-2025',
          status: 'active',
          appointment: { appointedById: official.id, date: '' },
        },
        cookie,
      );
      expect(undated.statusCode).toBe(201);
      expect(undated.json().position.appointment).toEqual({
        appointedBy: { id: official.id, name: 'Neha Kulkarni' },
        date: null,
      });
    });

    it('refuses negative metrics', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db);
      const response = await post(
        {
          positionId: position.id,
          tenureYear: '2024-2025',
          status: 'active',
          metrics: { eventsOrganized: -1, budgetUtilized: '-250.75' },
        },
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        'metrics.eventsOrganized': EVENTS_NEGATIVE,
        'metrics.budgetUtilized': BUDGET_NEGATIVE,
      });
      expect(await rowsOf(user.id)).toEqual([]);
    });

    it('refuses a position that does not exist', async () => {
      const { user, cookie } = await signedInStudent();
      const response = await post(
        {
          positionId: 'c0ffee00-1234-4abc-9def-0123456789ab',
          tenureYear: '2024-2025',
          status: 'active',
        },
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        positionId: 'Please choose a position from the list.',
      });
      const notAnId = await post(
        { positionId: 'Stage Manager', tenureYear: '2024-2025', status: 'active' },
        cookie,
      );
      expect(notAnId.json().error.fields).toEqual({ positionId: POSITION_REQUIRED });
      expect(await rowsOf(user.id)).toEqual([]);
    });

    it('refuses the same position for the same tenure twice, also when both arrive at once', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db);
      const input = { positionId: position.id, tenureYear: '2024-2025', status: 'active' };
      expect((await post(input, cookie)).statusCode).toBe(201);
      const again = await post({ ...input, status: 'completed' }, cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: DUPLICATE });
      expect((await post({ ...input, tenureYear: '2023-2024' }, cookie)).statusCode).toBe(201);
      expect(await rowsOf(user.id)).toHaveLength(2);

      const racing = { ...input, tenureYear: '2021-2022' };
      const answers = await Promise.all([post(racing, cookie), post(racing, cookie)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().error.message).toBe(DUPLICATE);
      expect(await rowsOf(user.id)).toHaveLength(3);
    });

    it('lets a student declare a position another student already holds for that tenure', async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const position = await createPosition(ctx.db);
      await createPositionHolder(ctx.db, {
        userId: other.id,
        positionId: position.id,
        tenureYear: '2024-2025',
      });
      const response = await post(
        { positionId: position.id, tenureYear: '2024-2025', status: 'active' },
        cookie,
      );
      expect(response.statusCode).toBe(201);
      expect(await rowsOf(user.id)).toHaveLength(1);
      expect(await rowsOf(other.id)).toHaveLength(1);
    });
  });

  describe('GET /api/me/positions', () => {
    it("lists only the student's own records with search, status and tenure-year filters", async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const music = await createOrgUnit(ctx.db, { name: 'Music Club Epsilon', category: 'cultural' });
      const coding = await createOrgUnit(ctx.db, { name: 'Coding Club Epsilon', category: 'technical' });
      const vocalist = await createPosition(ctx.db, { title: 'Lead Vocalist', unitId: music.id });
      const mentor = await createPosition(ctx.db, { title: 'Contest Mentor', unitId: coding.id });
      const secretary = await createPosition(ctx.db, { title: 'Club Secretary', unitId: coding.id });
      await createPositionHolder(ctx.db, {
        userId: user.id,
        positionId: vocalist.id,
        tenureYear: '2023-2024',
        status: 'completed',
        createdAt: new Date('2023-08-01T00:00:00Z'),
      });
      await createPositionHolder(ctx.db, {
        userId: user.id,
        positionId: mentor.id,
        tenureYear: '2024-2025',
        status: 'active',
        createdAt: new Date('2024-08-01T00:00:00Z'),
      });
      await createPositionHolder(ctx.db, {
        userId: user.id,
        positionId: secretary.id,
        tenureYear: '2024-2025',
        status: 'terminated',
        createdAt: new Date('2024-09-01T00:00:00Z'),
      });
      await createPositionHolder(ctx.db, {
        userId: other.id,
        positionId: vocalist.id,
        tenureYear: '2022-2023',
        status: 'active',
      });

      const titles = async (query: string) => {
        const response = await list(cookie, query);
        expect(response.statusCode, query).toBe(200);
        const body = response.json();
        return {
          titles: body.items.map((item: { position: { title: string } }) => item.position.title),
          total: body.total,
          overall: body.overall,
        };
      };
      expect(await titles('')).toEqual({
        titles: ['Club Secretary', 'Contest Mentor', 'Lead Vocalist'],
        total: 3,
        overall: 3,
      });
      expect(await titles('?q=VOCAL')).toEqual({ titles: ['Lead Vocalist'], total: 1, overall: 3 });
      expect(await titles('?q=coding club')).toEqual({
        titles: ['Club Secretary', 'Contest Mentor'],
        total: 2,
        overall: 3,
      });
      expect(await titles('?status=active')).toEqual({
        titles: ['Contest Mentor'],
        total: 1,
        overall: 3,
      });
      expect(await titles('?status=completed')).toEqual({
        titles: ['Lead Vocalist'],
        total: 1,
        overall: 3,
      });
      expect(await titles('?tenureYear=2024-2025')).toEqual({
        titles: ['Club Secretary', 'Contest Mentor'],
        total: 2,
        overall: 3,
      });
      expect(await titles('?tenureYear=2024-2025&status=terminated&q=secretary')).toEqual({
        titles: ['Club Secretary'],
        total: 1,
        overall: 3,
      });
      expect(await titles('?tenureYear=2022-2023')).toEqual({ titles: [], total: 0, overall: 3 });
      expect(await titles('?q=100%25')).toEqual({ titles: [], total: 0, overall: 3 });

      const body = (await list(cookie)).json();
      expect(body.tenureYears).toEqual(['2024-2025', '2023-2024']);
      expect(body.page).toBe(1);
      expect(body.pageSize).toBe(20);
      expect(body.items[2]).toEqual({
        id: expect.stringMatching(UUID),
        porCode: expect.stringMatching(POR_CODE),
        position: {
          id: vocalist.id,
          positionCode: expect.stringMatching(POSITION_CODE),
          title: 'Lead Vocalist',
          unit: { id: music.id, name: 'Music Club Epsilon', category: 'cultural' },
        },
        tenureYear: '2023-2024',
        status: 'completed',
        appointment: null,
        metrics: { eventsOrganized: 0, budgetUtilized: 0, feedback: null },
        verification: 'verified',
        declineReason: null,
        createdAt: '2023-08-01T00:00:00.000Z',
        updatedAt: expect.stringMatching(ISO_TIME),
      });
      expect(JSON.stringify(body)).not.toContain('2022-2023');

      expect((await list(cookie, '?status=retired')).statusCode).toBe(400);
      expect((await list(cookie, '?tenureYear=last-year')).statusCode).toBe(400);
    });

    it('pages the list', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db, { title: 'Paged Volunteer' });
      for (const start of [2018, 2019, 2020]) {
        await createPositionHolder(ctx.db, {
          userId: user.id,
          positionId: position.id,
          tenureYear: `${start}-${start + 1}`,
          createdAt: new Date(`${start}-08-01T00:00:00Z`),
        });
      }
      const first = (await list(cookie, '?page=1&pageSize=2')).json();
      expect(first.items.map((item: { tenureYear: string }) => item.tenureYear)).toEqual([
        '2020-2021',
        '2019-2020',
      ]);
      expect([first.total, first.overall, first.page, first.pageSize]).toEqual([3, 3, 1, 2]);
      const second = (await list(cookie, '?page=2&pageSize=2')).json();
      expect(second.items.map((item: { tenureYear: string }) => item.tenureYear)).toEqual(['2018-2019']);
    });

    it('shows a student without records an empty list', async () => {
      const { cookie } = await signedInStudent();
      await createPositionHolder(ctx.db);
      expect((await list(cookie)).json()).toEqual({
        items: [],
        total: 0,
        overall: 0,
        page: 1,
        pageSize: 20,
        tenureYears: [],
      });
    });
  });
});
