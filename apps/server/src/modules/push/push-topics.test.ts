import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushDeliveries } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { pushClientOf } from '../../../test/push-client';
import { usePushWorld } from '../../../test/push-world';
import { notifyPerson, notifyQueue } from '../notifications/notify.service';

const reminder = (outcome: 'reminder_24h' | 'reminder_1h', eventId: string, title: string) =>
  ({ kind: 'event', outcome, subject: title, link: `/events/${eventId}` }) as const;

/** What a push carries and to whom: topics that replace, the person's choices, the session's end, the test button. */
describe('push topics, choices and the test notification', () => {
  const world = usePushWorld();
  const push = pushClientOf({
    get app() {
      return world.app;
    },
  });
  const notify = (userId: string, content: Parameters<typeof notifyPerson>[2]) =>
    world.db.transaction((tx) => notifyPerson(tx, userId, content));
  const patch = (cookie: string, payload: object) =>
    world.app.inject({
      method: 'PATCH',
      url: '/api/notification-preferences',
      payload,
      headers: { cookie, origin: TEST_ORIGIN },
    });

  it("a newer reminder of an event replaces the older one waiting for a phone that is off; another event's stays", async () => {
    const student = await world.studentWithDevice();
    const robowars = '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7';
    const quiz = '0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3';
    await notify(student.user.id, reminder('reminder_24h', robowars, 'Robo Wars'));
    const [day] = await world.service.waitFor(student.device, 1);
    await notify(student.user.id, {
      ...reminder('reminder_1h', robowars, 'Robo Wars'),
      pushUntil: new Date(Date.now() + 30 * 60_000),
    });
    const [, hour] = await world.service.waitFor(student.device, 2);
    await notify(student.user.id, reminder('reminder_24h', quiz, 'Quiz night'));
    const [, , other] = await world.service.waitFor(student.device, 3);

    expect([day, hour, other].map((each) => each?.status)).toEqual([201, 201, 201]);
    expect(day!.topic).toBe(hour!.topic);
    expect(other!.topic).not.toBe(day!.topic);
    expect(day!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(hour).toMatchObject({ urgency: 'high', message: { tag: hour!.topic } });
    // An hour's reminder lives no longer than until the event starts, half an hour from now.
    expect(Number(hour!.ttl)).toBeLessThanOrEqual(1800);
    expect(Number(hour!.ttl)).toBeGreaterThan(1700);
    expect(Number(day!.ttl)).toBeLessThanOrEqual(24 * 3600);
    expect(world.service.waiting(student.device).map((each) => each.message)).toEqual([
      {
        title: 'Reminder: "Robo Wars" starts in an hour',
        body: 'IIT Bhilai COSA Portal',
        url: `/events/${robowars}`,
        tag: hour!.topic,
      },
      {
        title: 'Reminder: "Quiz night" starts in 24 hours',
        body: 'IIT Bhilai COSA Portal',
        url: `/events/${quiz}`,
        tag: other!.topic,
      },
    ]);
  }, 30_000);

  it('of two reminders of one event owed at once, only the newer is sent', async () => {
    const student = await world.studentWithDevice();
    const hackathon = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
    await world.restart(async () => {
      await notify(student.user.id, reminder('reminder_24h', hackathon, 'Hackathon'));
      await notify(student.user.id, reminder('reminder_1h', hackathon, 'Hackathon'));
    });
    await world.service.waitFor(student.device, 1);
    await world.until(async () => (await world.deliveriesOf(student.deviceId)).length === 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(world.service.receivedBy(student.device).map((each) => each.message)).toMatchObject([
      { title: 'Reminder: "Hackathon" starts in an hour' },
    ]);
  }, 30_000);

  it("a queue's newer count replaces its older one, once its official turned queue pushes on (off by default)", async () => {
    const official = await createUser(world.db, { role: 'GENSEC_SCITECH' });
    const cookie = await signInAs(world, official);
    const { device } = await world.addDevice(cookie);
    const recipients = sql`select ${official.id}::uuid as user_id`;
    const arrive = (subject: string) =>
      world.db.transaction((tx) =>
        notifyQueue(tx, recipients, 'achievements', subject, '/gensec-endorse?tab=achievements'),
      );
    await arrive('Robocon finalist');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(world.service.receivedBy(device)).toEqual([]);

    expect((await patch(cookie, { push: { queue: true } })).json().push.queue).toBe(true);
    await arrive('Hackathon winner');
    await arrive('Drone race third');
    await world.until(async () =>
      world.service
        .receivedBy(device)
        .some((each) => (each.message as { title?: string }).title === '3 new achievements to review'),
    );
    const waiting = world.service.waiting(device);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      topic: 'queue-achievements',
      urgency: 'low',
      message: {
        title: '3 new achievements to review',
        url: '/gensec-endorse?tab=achievements',
        tag: 'queue-achievements',
      },
    });
    expect(Number(waiting[0]!.ttl)).toBeLessThanOrEqual(24 * 3600);
  }, 30_000);

  it('a kind with push turned off sends none; a kind still on does', async () => {
    const student = await world.studentWithDevice();
    const saved = await patch(student.cookie, { push: { achievement: false } });
    expect(saved.json().push).toMatchObject({ achievement: false, skill: true });
    await notify(student.user.id, {
      kind: 'achievement',
      outcome: 'verified',
      subject: 'Robocon finalist',
      link: '/view-achievements',
    });
    expect(await world.deliveriesOf(student.deviceId)).toEqual([]);
    await notify(student.user.id, {
      kind: 'skill',
      outcome: 'endorsed',
      subject: 'Rust',
      link: '/skills',
    });
    await world.service.waitFor(student.device, 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(world.service.receivedBy(student.device).map((each) => each.message)).toMatchObject([
      { title: 'Your skill "Rust" was endorsed' },
    ]);
  }, 30_000);

  it('a device whose session ended, or ran out, is sent nothing: a shared phone never shows the last person’s notices', async () => {
    const student = await world.studentWithDevice();
    const ran = await world.studentWithDevice();
    await browserOf(world).post('/api/auth/logout', {}, { cookie: student.cookie });
    await world.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${ran.user.id}::uuid`,
    );
    for (const person of [student, ran])
      await notify(person.user.id, {
        kind: 'skill',
        outcome: 'endorsed',
        subject: 'Go',
        link: '/skills',
      });
    expect(
      await world.db
        .select()
        .from(pushDeliveries)
        .where(eq(pushDeliveries.subscriptionId, ran.deviceId)),
    ).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(world.service.receivedBy(student.device)).toEqual([]);
    expect(world.service.receivedBy(ran.device)).toEqual([]);
  }, 30_000);

  it('the test button sends at once; a gone device is removed and said so; a failing service is said so; five tries in ten minutes', async () => {
    const student = await world.studentWithDevice();
    const sent = await push.test(student.cookie, student.deviceId);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: true });
    expect(world.service.receivedBy(student.device)[0]).toMatchObject({
      status: 201,
      topic: 'test',
      urgency: 'high',
      ttl: '60',
      message: {
        title: 'Test notification',
        body: 'Push notifications from the IIT Bhilai COSA Portal work on this device.',
        url: '/notifications/settings',
        tag: 'test',
      },
    });

    world.service.answer(student.device, [500]);
    const failing = await push.test(student.cookie, student.deviceId);
    expect(failing.statusCode).toBe(502);
    expect(failing.json().error.message).toBe(
      'The push service could not be reached. Please try again in a few minutes.',
    );
    expect(await world.subscriptionOf(student.deviceId)).toBeDefined();

    world.service.answer(student.device, [410]);
    const gone = await push.test(student.cookie, student.deviceId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(
      'The push service says this device no longer takes notifications. Turn push notifications on again.',
    );
    expect(await world.subscriptionOf(student.deviceId)).toBeUndefined();

    const { deviceId } = await world.addDevice(student.cookie);
    expect((await push.test(student.cookie, deviceId)).statusCode).toBe(200);
    expect((await push.test(student.cookie, deviceId)).statusCode).toBe(200);
    const limited = await push.test(student.cookie, deviceId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
  }, 30_000);
});
