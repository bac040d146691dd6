import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { notifications, sessions } from '../../db/schema/index';
import { signInAs, browserOf } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { openUnreadStream } from '../../../test/event-stream';
import { createStudent, createUser } from '../../../test/factories';
import { notifyPerson } from './notify.service';

describe('the inbox', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  let asha: { id: string; cookie: string };
  let ravi: { id: string; cookie: string };

  beforeAll(async () => {
    const a = (await createStudent(ctx.db)).user;
    const r = (await createStudent(ctx.db)).user;
    asha = { id: a.id, cookie: await signInAs(ctx, a) };
    ravi = { id: r.id, cookie: await signInAs(ctx, r) };
    // Three for Asha, oldest first: an achievement, a booking, a skill; one for Ravi.
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 10, minutes));
    await ctx.db.insert(notifications).values([
      {
        userId: a.id,
        kind: 'achievement',
        outcome: 'verified',
        subject: 'Inter-IIT Robotics',
        link: '/view-achievements',
        delivery: 'app',
        createdAt: at(0),
      },
      {
        userId: a.id,
        kind: 'booking',
        outcome: 'rejected',
        subject: 'Room A on 2026-12-01',
        detail: 'Exams that day',
        link: '/roombooking',
        delivery: 'app',
        createdAt: at(1),
      },
      {
        userId: a.id,
        kind: 'skill',
        outcome: 'endorsed',
        subject: 'Python',
        link: '/skills',
        delivery: 'app',
        createdAt: at(2),
      },
      {
        userId: r.id,
        kind: 'feedback',
        outcome: 'resolved',
        subject: 'the Robotics Club',
        link: '/viewfeedback',
        delivery: 'app',
        createdAt: at(3),
      },
    ]);
  });

  it('lists only my notifications, newest first, with the unread count', async () => {
    const response = await browser.get('/api/notifications', { cookie: asha.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items.map((n: { subject: string }) => n.subject)).toEqual([
      'Python',
      'Room A on 2026-12-01',
      'Inter-IIT Robotics',
    ]);
    expect(body.items[1]).toMatchObject({
      kind: 'booking',
      outcome: 'rejected',
      detail: 'Exams that day',
      link: '/roombooking',
      itemCount: 1,
      readAt: null,
    });
    expect(body).toMatchObject({ total: 3, overall: 3, unread: 3, page: 1 });
  });

  it('pages and filters the unread ones', async () => {
    const page2 = (
      await browser.get('/api/notifications?pageSize=2&page=2', { cookie: asha.cookie })
    ).json();
    expect(page2.items.map((n: { subject: string }) => n.subject)).toEqual(['Inter-IIT Robotics']);
    const bad = await browser.get('/api/notifications?show=some', { cookie: asha.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ show: 'Choose all or unread.' });
  });

  it("marks one read, and will not touch someone else's", async () => {
    const [ravis] = await ctx.db.select().from(notifications).where(eq(notifications.userId, ravi.id));
    const refused = await browser.post(
      `/api/notifications/${ravis!.id}/read`,
      {},
      { cookie: asha.cookie },
    );
    expect(refused.statusCode).toBe(404);
    const [still] = await ctx.db.select().from(notifications).where(eq(notifications.id, ravis!.id));
    expect(still!.readAt).toBeNull();

    const mine = (await browser.get('/api/notifications', { cookie: asha.cookie })).json().items[0];
    const read = await browser.post(`/api/notifications/${mine.id}/read`, {}, { cookie: asha.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 2 });
    // Again: nothing changes.
    expect(
      (await browser.post(`/api/notifications/${mine.id}/read`, {}, { cookie: asha.cookie })).json(),
    ).toEqual({ unread: 2 });
    const unread = (await browser.get('/api/notifications?show=unread', { cookie: asha.cookie })).json();
    expect(unread.items.map((n: { subject: string }) => n.subject)).toEqual([
      'Room A on 2026-12-01',
      'Inter-IIT Robotics',
    ]);
    expect(unread).toMatchObject({ total: 2, overall: 3, unread: 2 });
    expect(
      (await browser.post('/api/notifications/not-an-id/read', {}, { cookie: asha.cookie })).statusCode,
    ).toBe(400);
  });

  it('marks all read for me only', async () => {
    const response = await browser.post('/api/notifications/read-all', {}, { cookie: asha.cookie });
    expect(response.json()).toEqual({ unread: 0 });
    expect(
      (await browser.get('/api/notifications/unread-count', { cookie: asha.cookie })).json(),
    ).toEqual({ unread: 0 });
    expect(
      (await browser.get('/api/notifications/unread-count', { cookie: ravi.cookie })).json(),
    ).toEqual({ unread: 1 });
  });

  it('refuses signed-out visitors', async () => {
    expect((await browser.get('/api/notifications')).statusCode).toBe(401);
    expect((await browser.get('/api/notifications/stream')).statusCode).toBe(401);
  });
});

describe('the live unread count', () => {
  const ctx = useTestApp();
  let url = '';

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  it('sends the count at once and again within two seconds of a change, in every open tab', async () => {
    const student = (await createStudent(ctx.db)).user;
    const other = (await createStudent(ctx.db)).user;
    const cookie = await signInAs(ctx, student);
    const tabs = [await openUnreadStream(url, cookie), await openUnreadStream(url, cookie)];
    const bystander = await openUnreadStream(url, await signInAs(ctx, other));
    try {
      expect(tabs[0]!.status).toBe(200);
      expect(tabs[0]!.contentType).toBe('text/event-stream; charset=utf-8');
      for (const tab of tabs) expect(await tab.waitFor((n) => n === 0)).toBe(0);
      await bystander.waitFor((n) => n === 0);

      await ctx.db.transaction((tx) =>
        notifyPerson(tx, student.id, {
          kind: 'skill',
          outcome: 'endorsed',
          subject: 'Rust',
          link: '/skills',
        }),
      );
      for (const tab of tabs) expect(await tab.waitFor((n) => n === 1)).toBe(1);

      // Read in one tab: the other hears of it too.
      const browser = browserOf(ctx);
      await browser.post('/api/notifications/read-all', {}, { cookie });
      for (const tab of tabs) await tab.waitFor((n) => n === 0, { from: 1 });

      // A change that rolls back tells nobody anything.
      const before = tabs[0]!.counts.length;
      await ctx.db
        .transaction(async (tx) => {
          await notifyPerson(tx, student.id, {
            kind: 'skill',
            outcome: 'endorsed',
            subject: 'C',
            link: '/skills',
          });
          throw new Error('refused');
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(tabs[0]!.counts.length).toBe(before);
      expect(bystander.counts).toEqual([0]);
    } finally {
      for (const tab of [...tabs, bystander]) tab.close();
    }
  });

  it('does not keep an idle session alive: opening a stream leaves its last use where it was', async () => {
    const student = (await createStudent(ctx.db)).user;
    const cookie = await signInAs(ctx, student);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    await ctx.db.update(sessions).set({ lastSeenAt: twoDaysAgo }).where(eq(sessions.userId, student.id));
    const lastSeen = async () =>
      (
        await ctx.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.userId, student.id))
      )[0]!.at.getTime();

    const stream = await openUnreadStream(url, cookie);
    try {
      expect(await stream.waitFor((n) => n === 0)).toBe(0);
      expect(await lastSeen()).toBe(twoDaysAgo.getTime());
    } finally {
      stream.close();
    }
    // The person's own request renews it, as ever.
    await browserOf(ctx).get('/api/notifications/unread-count', { cookie });
    expect(await lastSeen()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('closes the oldest of more than twelve streams of one person asking its browser to wait an hour before reconnecting', async () => {
    const student = (await createStudent(ctx.db)).user;
    const cookie = await signInAs(ctx, student);
    const oldest = await fetch(`${url}/api/notifications/stream`, { headers: { cookie } });
    const others = await Promise.all(Array.from({ length: 12 }, () => openUnreadStream(url, cookie)));
    try {
      for (const other of others) await other.waitFor((n) => n === 0);
      const text = await oldest.text();
      expect(text).toContain('event: unread\ndata: {"unread":0}');
      expect(text.endsWith('retry: 3600000\n\n')).toBe(true);
    } finally {
      for (const other of others) other.close();
    }
  });

  it('refuses a stream to a visitor without a session', async () => {
    const response = await fetch(`${url}/api/notifications/stream`);
    expect(response.status).toBe(401);
    const verified = await createUser(ctx.db, { onboardingComplete: false });
    expect(
      (
        await fetch(`${url}/api/notifications/stream`, {
          headers: { cookie: await signInAs(ctx, verified) },
        })
      ).status,
    ).toBe(403);
  });
});
