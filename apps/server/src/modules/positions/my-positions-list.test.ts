import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
} from '../../../test/factories';
import { myPositionsClientOf } from '../../../test/position-clients';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const POR_CODE = /^POR-\d{5,}$/;
const POSITION_CODE = /^POS-\d{5,}$/;

describe('my positions', () => {
  const ctx = useTestApp();

  const { list, signedInStudent } = myPositionsClientOf(ctx);

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
        version: 1,
        changeable: false,
        history: [],
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
