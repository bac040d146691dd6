import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createFeedback } from '../../../test/factories';
import { emptyFeedbackBeforeEach, feedbackDeskOf, minutesAgo } from '../../../test/feedback-desk-client';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('the feedback desk', () => {
  const ctx = useTestApp();

  const { list, signedIn, ids } = feedbackDeskOf(ctx);
  emptyFeedbackBeforeEach(ctx);

  describe('GET /api/feedback', () => {
    it('filters by status and type; the counts follow the type filter only', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_CULTURAL');
      const done = {
        isResolved: true,
        actionsTaken: 'Done.',
        resolvedBy: official.id,
        resolvedAt: new Date(),
      };
      const suggestions = [
        await createFeedback(ctx.db, { type: 'Suggestion', createdAt: minutesAgo(50) }),
        await createFeedback(ctx.db, { type: 'Suggestion', createdAt: minutesAgo(40) }),
        await createFeedback(ctx.db, { type: 'Suggestion', createdAt: minutesAgo(30), ...done }),
      ];
      const complaints = [
        await createFeedback(ctx.db, { type: 'Complaint', createdAt: minutesAgo(20), ...done }),
        await createFeedback(ctx.db, { type: 'Complaint', createdAt: minutesAgo(10), ...done }),
      ];
      const check = async (
        query: string,
        expected: {
          ids: string[];
          total: number;
          counts: { all: number; resolved: number; unresolved: number };
        },
      ) => {
        const response = await list(cookie, query);
        expect(response.statusCode, query).toBe(200);
        expect(ids(response), query).toEqual(expected.ids);
        expect(response.json(), query).toMatchObject({
          total: expected.total,
          overall: 5,
          counts: expected.counts,
        });
      };
      const everything = { all: 5, resolved: 3, unresolved: 2 };
      await check('', {
        ids: [
          complaints[1]!.id,
          complaints[0]!.id,
          suggestions[2]!.id,
          suggestions[1]!.id,
          suggestions[0]!.id,
        ],
        total: 5,
        counts: everything,
      });
      await check('?status=all', {
        ids: [
          complaints[1]!.id,
          complaints[0]!.id,
          suggestions[2]!.id,
          suggestions[1]!.id,
          suggestions[0]!.id,
        ],
        total: 5,
        counts: everything,
      });
      await check('?status=resolved', {
        ids: [complaints[1]!.id, complaints[0]!.id, suggestions[2]!.id],
        total: 3,
        counts: everything,
      });
      await check('?status=unresolved', {
        ids: [suggestions[1]!.id, suggestions[0]!.id],
        total: 2,
        counts: everything,
      });
      await check('?type=Complaint', {
        ids: [complaints[1]!.id, complaints[0]!.id],
        total: 2,
        counts: { all: 2, resolved: 2, unresolved: 0 },
      });
      await check('?type=Complaint&status=unresolved', {
        ids: [],
        total: 0,
        counts: { all: 2, resolved: 2, unresolved: 0 },
      });
      await check('?type=Suggestion&status=resolved', {
        ids: [suggestions[2]!.id],
        total: 1,
        counts: { all: 3, resolved: 1, unresolved: 2 },
      });
      await check('?type=General%20Feedback', {
        ids: [],
        total: 0,
        counts: { all: 0, resolved: 0, unresolved: 0 },
      });

      const resolvedCard = (await list(cookie, '?status=resolved')).json().items[0];
      expect(resolvedCard).toMatchObject({
        isResolved: true,
        actionsTaken: 'Done.',
        resolvedBy: { name: official.name },
        resolvedAt: expect.stringMatching(ISO_TIME),
        canResolve: false,
      });
    });

    it('pages the list, newest first', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const items = [];
      for (let index = 0; index < 5; index += 1)
        items.push(await createFeedback(ctx.db, { createdAt: minutesAgo(50 - index) }));
      const newestFirst = items.map((item) => item.id).reverse();
      const pageOf = async (page: number) => {
        const response = await list(cookie, `?page=${page}&pageSize=2`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ total: 5, overall: 5, page, pageSize: 2 });
        return ids(response);
      };
      expect(await pageOf(1)).toEqual(newestFirst.slice(0, 2));
      expect(await pageOf(2)).toEqual(newestFirst.slice(2, 4));
      expect(await pageOf(3)).toEqual(newestFirst.slice(4));
      expect(await pageOf(4)).toEqual([]);
    });

    it('refuses an unknown status or type and a bad page', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      for (const query of [
        'status=done',
        'status=',
        'type=Praise',
        'type=suggestion',
        'pageSize=101',
        'pageSize=0',
        'page=0',
        'page=-1',
      ]) {
        const response = await list(cookie, `?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code, query).toBe('VALIDATION_FAILED');
      }
      expect((await list(cookie, '?pageSize=100')).statusCode).toBe(200);
    });

    it('does not offer an official the feedback about themselves to resolve', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SPORTS');
      const aboutThem = await createFeedback(ctx.db, { targetUserId: official.id });
      const other = await createFeedback(ctx.db);
      const items = (await list(cookie)).json().items as { id: string; canResolve: boolean }[];
      expect(items.find((item) => item.id === aboutThem.id)!.canResolve).toBe(false);
      expect(items.find((item) => item.id === other.id)!.canResolve).toBe(true);
    });
  });
});
