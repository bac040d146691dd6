import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import {
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { myPositionsClientOf } from '../../../test/position-clients';

const POSITION_REQUIRED = 'Position selection is required';
const TENURE_REQUIRED = 'Tenure year is required';
const TENURE_INVALID = 'Please choose a tenure year from the list.';
const APPOINTED_BY_REQUIRED = 'Appointed by is required when appointment date is provided';
const EVENTS_NEGATIVE = 'Events organized cannot be negative';
const DUPLICATE = 'You already hold this position for this tenure.';

const THIS_YEAR = new Date().getFullYear();

describe('my positions', () => {
  const ctx = useTestApp();

  const { post, signedInStudent, rowsOf } = myPositionsClientOf(ctx);

  describe('POST /api/me/positions', () => {
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

    it('refuses a negative events count', async () => {
      const { user, cookie } = await signedInStudent();
      const position = await createPosition(ctx.db);
      const response = await post(
        {
          positionId: position.id,
          tenureYear: '2024-2025',
          status: 'active',
          metrics: { eventsOrganized: -1 },
        },
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        'metrics.eventsOrganized': EVENTS_NEGATIVE,
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
});
