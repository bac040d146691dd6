import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { notifications, notificationSettings, sessions } from '../../db/schema/index';
import { signInAs, browserOf } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { openUnreadStream } from '../../../test/event-stream';
import { createStudent, createUser } from '../../../test/factories';
import { serverSecret } from '../../lib/server-secrets';
import { notifyPerson } from './notify.service';
import { unsubscribeToken } from './unsubscribe.service';

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

describe('notification preferences', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const patch = (payload: object, cookie: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/notification-preferences',
      payload,
      headers: { cookie, origin: TEST_ORIGIN },
    });

  it('starts with decisions by e-mail at once, queues in the digest at 18:00, announcements in the portal', async () => {
    const student = (await createStudent(ctx.db)).user;
    const response = await browser.get('/api/notification-preferences', {
      cookie: await signInAs(ctx, student),
    });
    expect(response.json()).toEqual({
      deliveries: {
        achievement: 'instant',
        skill: 'instant',
        position: 'instant',
        feedback: 'instant',
        appointment: 'instant',
        booking: 'instant',
        queue: 'digest',
        announcement: 'app',
      },
      digestHour: 18,
    });
  });

  it('changes some kinds and keeps the others, and refuses bad choices changing nothing', async () => {
    const student = (await createStudent(ctx.db)).user;
    const cookie = await signInAs(ctx, student);
    const saved = await patch(
      { deliveries: { achievement: 'digest', announcement: 'instant' }, digestHour: 7 },
      cookie,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().deliveries).toMatchObject({
      achievement: 'digest',
      announcement: 'instant',
      skill: 'instant',
      queue: 'digest',
    });
    expect(saved.json().digestHour).toBe(7);
    const second = await patch({ deliveries: { skill: 'app' } }, cookie);
    expect(second.json().deliveries).toMatchObject({
      achievement: 'digest',
      announcement: 'instant',
      skill: 'app',
    });
    expect(second.json().digestHour).toBe(7);

    for (const bad of [
      { deliveries: { achievement: 'pigeon' } },
      { deliveries: { gossip: 'app' } },
      { digestHour: 24 },
      { digestHour: 6.5 },
      { userId: student.id },
    ]) {
      const refused = await patch(bad, cookie);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await patch({ digestHour: 24 }, cookie)).json().error.fields).toEqual({
      digestHour: 'Choose an hour.',
    });
    const [row] = await ctx.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, student.id));
    expect(row).toMatchObject({
      deliveries: { achievement: 'digest', announcement: 'instant', skill: 'app' },
      digestHour: 7,
    });
  });

  it('answers a body of fifty thousand unknown kinds with a short refusal, not an echo of every key', async () => {
    const student = (await createStudent(ctx.db)).user;
    const deliveries = Object.fromEntries(Array.from({ length: 50_000 }, (_, n) => [`kind${n}`, 'app']));
    const refused = await patch({ deliveries }, await signInAs(ctx, student));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    expect(refused.body.length).toBeLessThan(2_000);
    expect(refused.json().error.fields.deliveries).toMatch(/^Unrecognized keys: "kind0", "kind1"/);
  });

  it('makes new notifications with the delivery chosen', async () => {
    const student = (await createStudent(ctx.db)).user;
    await patch({ deliveries: { booking: 'app' } }, await signInAs(ctx, student));
    await ctx.db.transaction((tx) =>
      notifyPerson(tx, student.id, {
        kind: 'booking',
        outcome: 'approved',
        subject: 'Room B on 2026-12-02',
        link: '/roombooking',
      }),
    );
    await ctx.db.transaction((tx) =>
      notifyPerson(tx, student.id, {
        kind: 'skill',
        outcome: 'endorsed',
        subject: 'Go',
        link: '/skills',
      }),
    );
    const rows = await ctx.db
      .select({ kind: notifications.kind, delivery: notifications.delivery })
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    expect(rows.sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
      { kind: 'booking', delivery: 'app' },
      { kind: 'skill', delivery: 'instant' },
    ]);
  });
  it('moves what still waits for its e-mail to the new choice, and leaves what was sent', async () => {
    const student = (await createStudent(ctx.db)).user;
    await ctx.db.insert(notifications).values([
      {
        userId: student.id,
        kind: 'achievement',
        outcome: 'verified',
        subject: 'Sent already',
        link: '/view-achievements',
        delivery: 'instant',
        emailedAt: new Date(),
      },
      {
        userId: student.id,
        kind: 'achievement',
        outcome: 'verified',
        subject: 'Still waiting',
        link: '/view-achievements',
        delivery: 'instant',
      },
      {
        userId: student.id,
        kind: 'skill',
        outcome: 'endorsed',
        subject: 'Other kind',
        link: '/skills',
        delivery: 'instant',
      },
      {
        userId: student.id,
        kind: 'announcement',
        subject: 'Read long ago',
        link: '/notifications',
        delivery: 'app',
        readAt: new Date(),
      },
    ]);
    const cookie = await signInAs(ctx, student);
    await patch({ deliveries: { achievement: 'app' } }, cookie);
    // Choosing e-mail for a kind never mails its past.
    await patch({ deliveries: { announcement: 'instant' } }, cookie);
    const rows = await ctx.db
      .select({ subject: notifications.subject, delivery: notifications.delivery })
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    expect(rows.sort((x, y) => x.subject.localeCompare(y.subject))).toEqual([
      { subject: 'Other kind', delivery: 'instant' },
      { subject: 'Read long ago', delivery: 'app' },
      { subject: 'Sent already', delivery: 'instant' },
      { subject: 'Still waiting', delivery: 'app' },
    ]);
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

describe("the e-mail's unsubscribe link", () => {
  const ctx = useTestApp();

  it('works signed out, from the portal page and from a mail program, and refuses a forged token changing nothing', async () => {
    const student = (await createStudent(ctx.db, { email: 'kavya.nair@iitbhilai.ac.in' })).user;
    const secret = await serverSecret(ctx.db, 'unsubscribe-links');
    const fromPage = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: unsubscribeToken(secret, student.id, 'booking') },
      headers: { origin: TEST_ORIGIN },
    });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.json()).toEqual({ kind: 'booking', email: 'k•••@iitbhilai.ac.in' });

    // RFC 8058: the mail program posts a form to the List-Unsubscribe address, from no page of the portal.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, student.id, 'announcement'))}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ kind: 'announcement', email: 'k•••@iitbhilai.ac.in' });

    const cookie = await signInAs(ctx, student);
    const preferences = (await browserOf(ctx).get('/api/notification-preferences', { cookie })).json();
    expect(preferences.deliveries).toMatchObject({
      booking: 'app',
      announcement: 'app',
      achievement: 'instant',
    });

    const genuine = unsubscribeToken(secret, student.id, 'achievement');
    const forged = genuine.replace('.achievement.', '.skill.');
    for (const token of [forged, `${genuine}x`, 'nonsense']) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token },
        headers: { origin: TEST_ORIGIN },
      });
      expect(refused.statusCode, token).toBe(400);
      expect(refused.json().error.message).toBe('This unsubscribe link is not valid.');
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: {},
      headers: { origin: TEST_ORIGIN },
    });
    expect(missing.statusCode).toBe(400);
    const after = (await browserOf(ctx).get('/api/notification-preferences', { cookie })).json();
    expect(after.deliveries).toMatchObject({ skill: 'instant', achievement: 'instant' });
  });

  it("takes a mail program's one-click request as multipart/form-data, with extra fields, or with no body at all", async () => {
    const student = (await createStudent(ctx.db, { email: 'rohan.das@iitbhilai.ac.in' })).user;
    const secret = await serverSecret(ctx.db, 'unsubscribe-links');
    const linkOf = (kind: 'skill' | 'feedback' | 'appointment') =>
      `/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, student.id, kind))}`;
    const boundary = '----cosa-test-boundary';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: linkOf('skill'),
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json()).toEqual({ kind: 'skill', email: 'r•••@iitbhilai.ac.in' });

    const extra = await ctx.app.inject({
      method: 'POST',
      url: linkOf('feedback'),
      payload: 'List-Unsubscribe=One-Click&source=webmail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().kind).toBe('feedback');

    const empty = await ctx.app.inject({ method: 'POST', url: linkOf('appointment') });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().kind).toBe('appointment');
    // A tracker's parameters in the link, an empty multipart body, an empty token field beside the link's own.
    const tracked = await ctx.app.inject({
      method: 'POST',
      url: `${linkOf('appointment')}&utm_source=newsletter`,
    });
    expect(tracked.statusCode).toBe(200);
    const emptyForm = await ctx.app.inject({
      method: 'POST',
      url: linkOf('appointment'),
      payload: '',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(emptyForm.statusCode).toBe(200);
    const blankField = await ctx.app.inject({
      method: 'POST',
      url: linkOf('appointment'),
      payload: 'token=&List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(blankField.statusCode).toBe(200);

    const cookie = await signInAs(ctx, student);
    const preferences = (await browserOf(ctx).get('/api/notification-preferences', { cookie })).json();
    expect(preferences.deliveries).toMatchObject({
      skill: 'app',
      feedback: 'app',
      appointment: 'app',
      achievement: 'instant',
    });

    const garbled = await ctx.app.inject({
      method: 'POST',
      url: linkOf('skill'),
      payload: 'not a multipart body',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error.message).toBe('This unsubscribe link is not valid.');
  });
});
