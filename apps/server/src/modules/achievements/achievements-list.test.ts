import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createEvent, createStudent, createUser } from '../../../test/factories';
import { achievementClientOf } from '../../../test/achievement-client';

const ACHIEVEMENT_CODE = /^ACH-\d{5,}$/;

describe('achievements', () => {
  const ctx = useTestApp();

  const { list, signedInStudent, insert } = achievementClientOf(ctx);

  describe('GET /api/me/achievements', () => {
    it("lists only the student's own achievements, newest first, with totals and facets", async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const verifier = await createUser(ctx.db, { role: 'GENSEC_ACADEMIC', name: 'Professor Rao' });
      const event = await createEvent(ctx.db, { title: 'Quizzard 2025', description: null });
      const older = await insert(user.id, {
        title: 'State chess runner-up',
        category: 'Chess',
        type: 'sports',
        level: 'State',
        createdAt: new Date('2025-02-01T09:00:00Z'),
      });
      const newer = await insert(user.id, {
        title: 'Quizzard champion',
        category: 'Quiz',
        type: 'academic',
        level: 'College',
        eventId: event.id,
        position: 'Winner',
        verified: true,
        verifiedBy: verifier.id,
        verifiedAt: new Date('2025-03-02T09:00:00Z'),
        createdAt: new Date('2025-03-01T09:00:00Z'),
      });
      await insert(other.id, {
        title: 'Someone else entirely',
        category: 'Debate',
        level: 'International',
        createdAt: new Date('2025-04-01T09:00:00Z'),
      });

      const response = await list(cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        items: [
          {
            id: newer.id,
            achievementCode: expect.stringMatching(ACHIEVEMENT_CODE),
            title: 'Quizzard champion',
            description: null,
            category: 'Quiz',
            type: 'academic',
            level: 'College',
            event: { id: event.id, title: 'Quizzard 2025', description: null },
            dateAchieved: '2025-01-15',
            position: 'Winner',
            certificateUrl: null,
            verified: true,
            verifiedBy: { name: 'Professor Rao' },
            verifiedAt: '2025-03-02T09:00:00.000Z',
            declineReason: null,
            version: 1,
            history: [],
            createdAt: '2025-03-01T09:00:00.000Z',
          },
          expect.objectContaining({
            id: older.id,
            title: 'State chess runner-up',
            verified: false,
            verifiedBy: null,
            event: null,
          }),
        ],
        total: 2,
        overall: 2,
        page: 1,
        pageSize: 20,
        facets: { categories: ['Chess', 'Quiz'], levels: ['College', 'State'] },
      });
      expect(JSON.stringify(body)).not.toContain('Someone else entirely');
      expect(JSON.stringify(body)).not.toContain('Debate');
    });

    it('searches the title and filters by category, level and status', async () => {
      const { user, cookie } = await signedInStudent();
      const verifier = await createUser(ctx.db, { role: 'GENSEC_CULTURAL' });
      await insert(user.id, {
        title: 'Dance battle winner',
        category: 'Dance',
        type: 'cultural',
        level: 'National',
        createdAt: new Date('2025-05-01T00:00:00Z'),
      });
      await insert(user.id, {
        title: 'Street dance finalist',
        category: 'Dance',
        type: 'cultural',
        level: 'College',
        createdAt: new Date('2025-05-02T00:00:00Z'),
      });
      await insert(user.id, {
        title: 'Drama lead role',
        category: 'Theatre',
        type: 'cultural',
        level: 'national',
        verified: true,
        verifiedBy: verifier.id,
        verifiedAt: new Date('2025-05-04T00:00:00Z'),
        createdAt: new Date('2025-05-03T00:00:00Z'),
      });
      const { user: other } = await createStudent(ctx.db);
      await insert(other.id, { title: 'Dance marathon', category: 'Dance', level: 'National' });
      const titles = async (query: string) => {
        const response = await list(cookie, query);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        return {
          titles: body.items.map((item: { title: string }) => item.title),
          total: body.total,
          overall: body.overall,
        };
      };

      expect(await titles('?q=DANCE')).toEqual({
        titles: ['Street dance finalist', 'Dance battle winner'],
        total: 2,
        overall: 3,
      });
      expect(await titles('?category=dance')).toEqual({
        titles: ['Street dance finalist', 'Dance battle winner'],
        total: 2,
        overall: 3,
      });
      expect(await titles('?level=National')).toEqual({
        titles: ['Drama lead role', 'Dance battle winner'],
        total: 2,
        overall: 3,
      });
      expect(await titles('?status=verified')).toEqual({
        titles: ['Drama lead role'],
        total: 1,
        overall: 3,
      });
      expect(await titles('?status=pending')).toEqual({
        titles: ['Street dance finalist', 'Dance battle winner'],
        total: 2,
        overall: 3,
      });
      expect(await titles('?q=dance&level=college&status=pending')).toEqual({
        titles: ['Street dance finalist'],
        total: 1,
        overall: 3,
      });
      expect(await titles('?q=marathon')).toEqual({ titles: [], total: 0, overall: 3 });

      expect((await list(cookie, '?status=approved')).statusCode).toBe(400);
      expect((await list(cookie, `?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    });

    it('takes % and _ in the search literally', async () => {
      const { user, cookie } = await signedInStudent();
      await insert(user.id, { title: 'Scored 100% in olympiad' });
      await insert(user.id, { title: 'Scored 1000 in olympiad' });
      await insert(user.id, { title: 'Best_paper award' });
      await insert(user.id, { title: 'Best paper award' });
      const titlesOf = async (q: string) =>
        (await list(cookie, `?q=${encodeURIComponent(q)}`))
          .json()
          .items.map((item: { title: string }) => item.title);
      expect(await titlesOf('100%')).toEqual(['Scored 100% in olympiad']);
      expect(await titlesOf('Best_')).toEqual(['Best_paper award']);
    });

    it('pages the list', async () => {
      const { user, cookie } = await signedInStudent();
      for (let day = 1; day <= 5; day += 1) {
        await insert(user.id, {
          title: `Paged achievement ${day}`,
          createdAt: new Date(`2025-06-0${day}T12:00:00Z`),
        });
      }
      const page = async (query: string) => {
        const body = (await list(cookie, query)).json();
        return {
          titles: body.items.map((item: { title: string }) => item.title),
          total: body.total,
          overall: body.overall,
          page: body.page,
          pageSize: body.pageSize,
        };
      };
      expect(await page('?page=1&pageSize=2')).toEqual({
        titles: ['Paged achievement 5', 'Paged achievement 4'],
        total: 5,
        overall: 5,
        page: 1,
        pageSize: 2,
      });
      expect(await page('?page=2&pageSize=2')).toEqual({
        titles: ['Paged achievement 3', 'Paged achievement 2'],
        total: 5,
        overall: 5,
        page: 2,
        pageSize: 2,
      });
      expect(await page('?page=3&pageSize=2')).toEqual({
        titles: ['Paged achievement 1'],
        total: 5,
        overall: 5,
        page: 3,
        pageSize: 2,
      });
      expect(await page('?page=4&pageSize=2')).toEqual({
        titles: [],
        total: 5,
        overall: 5,
        page: 4,
        pageSize: 2,
      });
      expect((await list(cookie, '?page=0')).statusCode).toBe(400);
      expect((await list(cookie, '?pageSize=101')).statusCode).toBe(400);
    });

    it('shows a student without achievements an empty list', async () => {
      const { cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      await insert(other.id, { title: 'Not yours' });
      expect((await list(cookie)).json()).toEqual({
        items: [],
        total: 0,
        overall: 0,
        page: 1,
        pageSize: 20,
        facets: { categories: [], levels: [] },
      });
    });
  });
});
