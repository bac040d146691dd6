import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcements, notifications } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { announcementClientOf, hoursFromNow } from '../../../test/announcement-test-client';

type Listed = { title: string; recipients: number; readers: number };

describe('the announcement lists', () => {
  const ctx = useTestApp();
  const client = announcementClientOf(ctx);
  let priya: Awaited<ReturnType<typeof client.as>>;
  let jaya: Awaited<ReturnType<typeof client.as>>;
  let hari: Awaited<ReturnType<typeof client.as>>;
  const students: Record<string, { id: string; cookie: string }> = {};

  beforeAll(async () => {
    priya = await client.as('PRESIDENT', { name: 'Priya Sen' });
    jaya = await client.as('GENSEC_ACADEMIC', { name: 'Jaya Menon' });
    const robotics = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
    hari = await client.as('CLUB_COORDINATOR', { name: 'Hari Prasad', clubUnitId: robotics.id });
    for (const [key, name, batchYear] of [
      ['asha', 'Asha Verma', 2024],
      ['bala', 'Bala Krishnan', 2024],
      ['chitra', 'Chitra Rao', 2023],
    ] as const) {
      const { user } = await createStudent(ctx.db, { name }, { batchYear });
      students[key] = { id: user.id, cookie: await signInAs(ctx, user) };
    }
    await createPositionHolder(ctx.db, {
      userId: students.chitra!.id,
      positionId: (await createPosition(ctx.db, { unitId: robotics.id })).id,
    });
  });

  const post = async (cookie: string, payload: object) => {
    const response = await client.post(
      { body: 'Details inside.', audience: 'everyone', ...payload },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const markRead = (announcementId: string, userIds: string[]) =>
    ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(eq(notifications.announcementId, announcementId), inArray(notifications.userId, userIds)),
      );

  describe('GET /api/announcements', () => {
    it('asks a signed-out visitor to sign in, and refuses a student', async () => {
      expect((await client.get('/api/announcements')).statusCode).toBe(401);
      const refused = await client.get('/api/announcements', students.asha!.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    });

    it('refuses a bad page', async () => {
      for (const query of ['page=0', 'pageSize=101', 'page=two']) {
        const response = await client.get(`/api/announcements?${query}`, priya.cookie);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      }
    });

    it("lists only the poster's own, newest first, paged, and counts readers as recipients read them", async () => {
      const first = await post(priya.cookie, {
        title: 'Convocation',
        audience: 'batch',
        audienceValue: '2024',
      });
      const second = await post(priya.cookie, { title: 'Holi holiday' });
      await post(jaya.cookie, { title: 'Library hours' });

      const mine = await client.get('/api/announcements', priya.cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ total: 2, overall: 2, page: 1, pageSize: 20 });
      // Everyone is the three students, Jaya and Hari: five.
      expect(
        mine
          .json()
          .items.map(({ title, recipients, readers }: Listed) => ({ title, recipients, readers })),
      ).toEqual([
        { title: 'Holi holiday', recipients: 5, readers: 0 },
        { title: 'Convocation', recipients: 2, readers: 0 },
      ]);
      expect(mine.json().items[1]).toMatchObject({
        audience: 'batch',
        audienceValue: '2024',
        authorName: 'Priya Sen',
        clubName: null,
        expiresAt: null,
      });

      await markRead(first.id, [students.asha!.id]);
      await markRead(second.id, [students.asha!.id, students.bala!.id, jaya.user.id]);
      const read = (await client.get('/api/announcements', priya.cookie))
        .json()
        .items.map(({ title, readers }: Listed) => ({ title, readers }));
      expect(read).toEqual([
        { title: 'Holi holiday', readers: 3 },
        { title: 'Convocation', readers: 1 },
      ]);

      const page2 = (await client.get('/api/announcements?page=2&pageSize=1', priya.cookie)).json();
      expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(page2.items.map((item: Listed) => item.title)).toEqual(['Convocation']);
      const beyond = (await client.get('/api/announcements?page=5&pageSize=1', priya.cookie)).json();
      expect(beyond).toMatchObject({ items: [], total: 2, overall: 2 });

      const theirs = (await client.get('/api/announcements', jaya.cookie)).json();
      expect(theirs.items.map((item: Listed) => item.title)).toEqual(['Library hours']);
      const none = (
        await client.get('/api/announcements', (await client.as('GENSEC_SPORTS')).cookie)
      ).json();
      expect(none).toMatchObject({ items: [], total: 0, overall: 0 });
    });
  });

  describe('GET /api/announcements/current', () => {
    it('asks a signed-out visitor to sign in, and a student to finish onboarding first', async () => {
      expect((await client.get('/api/announcements/current')).statusCode).toBe(401);
      const fresh = await createUser(ctx.db, { onboardingComplete: false });
      const refused = await client.get('/api/announcements/current', await signInAs(ctx, fresh));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('ONBOARDING_REQUIRED');
    });

    it('shows the announcements addressed to me that have not expired, newest first, with author and club', async () => {
      const forBatch = await post(jaya.cookie, {
        title: 'Batch 2023 photo',
        audience: 'batch',
        audienceValue: '2023',
        expiresAt: hoursFromNow(48),
      });
      const forClub = await post(hari.cookie, { title: 'Build night', audience: 'club' });
      const expired = await post(jaya.cookie, { title: 'Yesterday only' });
      await ctx.db
        .update(announcements)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(announcements.id, expired.id));
      await post(jaya.cookie, { title: 'Batch 2024 only', audience: 'batch', audienceValue: '2024' });

      const response = await client.get('/api/announcements/current', students.chitra!.cookie);
      expect(response.statusCode).toBe(200);
      const items = response.json().items as { title: string }[];
      expect(items.slice(0, 2)).toEqual([
        {
          id: forClub.id,
          title: 'Build night',
          body: 'Details inside.',
          audience: 'club',
          audienceValue: null,
          clubName: 'Robotics Club',
          authorName: 'Hari Prasad',
          createdAt: expect.any(String),
          expiresAt: null,
        },
        expect.objectContaining({
          id: forBatch.id,
          title: 'Batch 2023 photo',
          authorName: 'Jaya Menon',
          clubName: null,
          expiresAt: expect.any(String),
        }),
      ]);
      const titles = items.map((item) => item.title);
      expect(titles).not.toContain('Yesterday only');
      expect(titles).not.toContain('Batch 2024 only');
      // Reading it does not take it off the list: only its expiry does.
      await ctx.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(eq(notifications.userId, students.chitra!.id));
      expect(
        (await client.get('/api/announcements/current', students.chitra!.cookie)).json().items,
      ).toHaveLength(items.length);
    });

    it('shows at most ten, the newest', async () => {
      const { user } = await createStudent(ctx.db, { name: 'Zoya Late' }, { batchYear: 2026 });
      const cookie = await signInAs(ctx, user);
      const posters = [priya.cookie, jaya.cookie, (await client.as('GENSEC_SPORTS')).cookie];
      for (let n = 1; n <= 12; n += 1)
        await post(posters[n % 3]!, { title: `Notice ${n}`, audience: 'batch', audienceValue: '2026' });
      const titles = (await client.get('/api/announcements/current', cookie))
        .json()
        .items.map((item: { title: string }) => item.title);
      expect(titles).toEqual([
        'Notice 12',
        'Notice 11',
        'Notice 10',
        'Notice 9',
        'Notice 8',
        'Notice 7',
        'Notice 6',
        'Notice 5',
        'Notice 4',
        'Notice 3',
      ]);
    });

    it('shows nothing to someone no announcement was addressed to', async () => {
      const { user } = await createStudent(ctx.db, {}, { batchYear: 2025 });
      await post(priya.cookie, {
        title: 'Batch 2024 farewell',
        audience: 'batch',
        audienceValue: '2024',
      });
      expect((await client.get('/api/announcements/current', await signInAs(ctx, user))).json()).toEqual(
        { items: [] },
      );
    });
  });
});
