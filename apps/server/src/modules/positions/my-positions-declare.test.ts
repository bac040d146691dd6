import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createPosition, createStudent, createUser } from '../../../test/factories';
import { ledgerMoney } from '../../../test/ledger-money';
import { myPositionsClientOf } from '../../../test/position-clients';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const POR_CODE = /^POR-\d{5,}$/;
const POSITION_CODE = /^POS-\d{5,}$/;

const POSITION_REQUIRED = 'Position selection is required';
const TENURE_REQUIRED = 'Tenure year is required';
const STATUS_REQUIRED = 'Status is required';

describe('my positions', () => {
  const ctx = useTestApp();

  const { post, list, signedInStudent, rowsOf } = myPositionsClientOf(ctx);

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
      // The society's spend of the tenure, as the ledger holds it; a budget typed in the body is not
      // kept, and a record not yet verified shows none of a unit's money the student may not see.
      await ledgerMoney(ctx.db, {
        unitId: unit.id,
        tenureYear: '2024-2025',
        allocated: 3400.25,
        paid: 3400.25,
      });

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
          metrics: { eventsOrganized: 4, budgetUtilized: null, feedback: 'Ran three plays.' },
          verification: 'self_declared',
          declineReason: null,
          version: 1,
          changeable: true,
          history: [],
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
        budgetUtilized: 0,
      });
      expect(await rowsOf(other.id)).toEqual([]);
    });

    it('sends a blank events count as 0 and leaves out an empty appointment and empty feedback', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db);
      const response = await post(
        {
          positionId: position.id,
          tenureYear: '2023-2024',
          status: 'active',
          appointment: { appointedById: '', date: '' },
          metrics: { eventsOrganized: '', feedback: '   ' },
        },
        cookie,
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().position).toMatchObject({
        appointment: null,
        metrics: { eventsOrganized: 0, budgetUtilized: null, feedback: null },
        verification: 'self_declared',
      });
      const [row] = await rowsOf(user.id);
      expect(row).toMatchObject({
        appointedBy: null,
        appointmentDate: null,
        eventsOrganized: 0,
        feedback: null,
      });

      const noMetrics = await post(
        { positionId: position.id, tenureYear: '2022-2023', status: 'terminated' },
        cookie,
      );
      expect(noMetrics.statusCode).toBe(201);
      expect(noMetrics.json().position).toMatchObject({
        appointment: null,
        metrics: { eventsOrganized: 0, budgetUtilized: null, feedback: null },
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
  });
});
