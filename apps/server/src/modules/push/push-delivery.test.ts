import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { notifications } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { makeDue, usePushWorld } from '../../../test/push-world';
import { notifyPerson } from '../notifications/notify.service';

const skillEndorsed = (subject: string) =>
  ({ kind: 'skill', outcome: 'endorsed', subject, link: '/skills' }) as const;

/**
 * Web push end to end (decision 0042): the real app and job worker, a push service on loopback
 * that checks the VAPID signature and decrypts each message with the device's own keys.
 */
describe('push notifications through the queue', () => {
  const world = usePushWorld();
  const notify = (userId: string, content: Parameters<typeof notifyPerson>[2]) =>
    world.db.transaction((tx) => notifyPerson(tx, userId, content));

  it("a secretary's verification of a student's achievement reaches the student's phone within seconds", async () => {
    const student = await world.studentWithDevice();
    const post = (url: string, cookie: string, payload: object = {}) =>
      world.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie } });
    const made = await post('/api/me/achievements', student.cookie, {
      title: 'Robocon finalist',
      category: 'Competition',
      type: 'technical',
      dateAchieved: '2025-08-30',
    });
    expect(made.statusCode).toBe(201);
    const secretary = await createUser(world.db, { role: 'GENSEC_SCITECH' });
    const verifiedAt = Date.now();
    const verified = await post(
      `/api/endorsements/achievements/${made.json().achievement.id}/verify`,
      await signInAs(world, secretary),
    );
    expect(verified.statusCode).toBe(200);

    const [arrived] = await world.service.waitFor(student.device, 1, 10_000);
    expect(Date.now() - verifiedAt).toBeLessThan(5_000);
    const [notice] = await world.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, student.user.id), eq(notifications.kind, 'achievement')));
    const tag = notice!.id.replaceAll('-', '');
    expect(arrived).toMatchObject({
      status: 201,
      topic: tag,
      urgency: 'normal',
      message: {
        title: 'Your achievement "Robocon finalist" was verified',
        body: 'IIT Bhilai COSA Portal',
        url: '/view-achievements',
        tag,
      },
      vapid: { aud: world.service.origin, sub: 'mailto:no-reply@iitbhilai.ac.in' },
    });
    // A week to live, less the moment it waited.
    expect(Number(arrived!.ttl)).toBeGreaterThan(7 * 24 * 3600 - 30);
    expect(Number(arrived!.ttl)).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(Object.keys(arrived!.message as object).sort()).toEqual(['body', 'tag', 'title', 'url']);
    await world.until(async () => (await world.deliveriesOf(student.deviceId)).length === 0);
    expect(await world.deliveriesOf(student.deviceId)).toEqual([]);
    expect((await world.subscriptionOf(student.deviceId))?.lastSuccessAt).not.toBeNull();
  }, 30_000);

  it('a device its push service calls gone (410, 404) is removed, and only that one', async () => {
    const student = await world.studentWithDevice();
    const tablet = await world.addDevice(student.cookie);
    const laptop = await world.addDevice(student.cookie);
    world.service.answer(student.device, [410], { always: true });
    world.service.answer(laptop.device, [404], { always: true });
    await notify(student.user.id, skillEndorsed('Embedded C'));

    await world.service.waitFor(student.device, 1);
    await world.service.waitFor(tablet.device, 1);
    await world.service.waitFor(laptop.device, 1);
    await world.until(async () => !(await world.subscriptionOf(laptop.deviceId)));
    expect(await world.subscriptionOf(student.deviceId)).toBeUndefined();
    expect(await world.subscriptionOf(laptop.deviceId)).toBeUndefined();
    expect(await world.subscriptionOf(tablet.deviceId)).toBeDefined();
    expect(world.service.receivedBy(tablet.device)[0]).toMatchObject({
      status: 201,
      message: { title: 'Your skill "Embedded C" was endorsed' },
    });
  }, 30_000);

  it('a push service that hangs holds up no one else: another student’s push leaves at once', async () => {
    // Three students with eight devices each, at a push service that takes every push and answers 12 s later.
    const slowStudents = await Promise.all([1, 2, 3].map(() => world.studentWithDevice()));
    for (const slow of slowStudents) {
      const more = await Promise.all(Array.from({ length: 7 }, () => world.addDevice(slow.cookie)));
      for (const { device } of [slow, ...more])
        world.service.answer(device, [{ status: 201, hangMs: 12_000 }]);
    }
    const before = world.service.received.length;
    for (const slow of slowStudents) await notify(slow.user.id, skillEndorsed('Kicad'));
    await world.until(async () => world.service.received.length >= before + 24);
    expect(world.service.received.length - before).toBe(24);

    const other = await world.studentWithDevice();
    const notifiedAt = Date.now();
    await notify(other.user.id, skillEndorsed('Altium'));
    const [arrived] = await world.service.waitFor(other.device, 1, 15_000);
    expect(arrived?.message).toMatchObject({ title: 'Your skill "Altium" was endorsed' });
    expect(Date.now() - notifiedAt).toBeLessThan(5_000);
    // The hanging service's devices go, so that their retries owe nothing to the tests after this one.
    for (const slow of slowStudents)
      await world.db.execute(sql`delete from push_subscriptions where user_id = ${slow.user.id}::uuid`);
  }, 40_000);

  it('a push service failing (500) keeps the device and tries again later, and the later try delivers', async () => {
    const student = await world.studentWithDevice();
    world.service.answer(student.device, [500]);
    await notify(student.user.id, skillEndorsed('Verilog'));

    await world.service.waitFor(student.device, 1);
    await world.until(async () => (await world.deliveriesOf(student.deviceId))[0]?.attempts === 1);
    const [owed] = await world.deliveriesOf(student.deviceId);
    expect(owed?.attempts).toBe(1);
    // The first retry waits a minute.
    expect(owed!.dueAt.getTime() - Date.now()).toBeGreaterThan(45_000);
    expect(await world.subscriptionOf(student.deviceId)).toBeDefined();

    // The minute passes (moved back, not waited for) and that minute's run delivers it.
    await makeDue(world.db, student.deviceId);
    await world.runNow();
    const both = await world.service.waitFor(student.device, 2);
    expect(both.map((push) => push.status)).toEqual([500, 201]);
    expect(both[1]!.message).toMatchObject({ title: 'Your skill "Verilog" was endorsed' });
    await world.until(async () => (await world.deliveriesOf(student.deviceId)).length === 0);
    expect(await world.deliveriesOf(student.deviceId)).toEqual([]);
  }, 30_000);

  it('a push service asking to slow down (429, Retry-After) is waited for as long as it asks', async () => {
    const student = await world.studentWithDevice();
    world.service.answer(student.device, [{ status: 429, retryAfter: '300' }]);
    await notify(student.user.id, skillEndorsed('PCB design'));

    await world.service.waitFor(student.device, 1);
    await world.until(async () => (await world.deliveriesOf(student.deviceId))[0]?.attempts === 1);
    const [owed] = await world.deliveriesOf(student.deviceId);
    expect(owed!.dueAt.getTime() - Date.now()).toBeGreaterThan(290_000);
    await makeDue(world.db, student.deviceId);
    await world.runNow();
    expect((await world.service.waitFor(student.device, 2)).map((push) => push.status)).toEqual([
      429, 201,
    ]);
  }, 30_000);

  it('gives up after a bounded number of tries, keeping the device', async () => {
    const student = await world.studentWithDevice();
    world.service.answer(student.device, [503], { always: true });
    await notify(student.user.id, skillEndorsed('FPGA'));
    for (let tries = 1; tries <= 12; tries += 1) {
      await world.service.waitFor(student.device, tries);
      await world.until(async () => {
        const [owed] = await world.deliveriesOf(student.deviceId);
        return !owed || (owed.attempts === tries && owed.dueAt.getTime() > Date.now());
      });
      await makeDue(world.db, student.deviceId);
      await world.runNow();
    }
    await world.until(async () => (await world.deliveriesOf(student.deviceId)).length === 0);
    expect(world.service.receivedBy(student.device)).toHaveLength(12);
    expect(await world.deliveriesOf(student.deviceId)).toEqual([]);
    expect(await world.subscriptionOf(student.deviceId)).toBeDefined();
  }, 60_000);

  it('a push owed while the portal was stopped leaves once it starts again; an expired one is dropped', async () => {
    const student = await world.studentWithDevice();
    await world.restart(async () => {
      await notify(student.user.id, skillEndorsed('Rust'));
      await notify(student.user.id, skillEndorsed('Go'));
      // The second one's time to live ran out while the portal was down.
      await world.db.execute(sql`
        update push_deliveries d set expires_at = now() - interval '1 second'
        from notifications n where n.id = d.notification_id and n.subject = 'Go'`);
      expect(world.service.receivedBy(student.device)).toEqual([]);
    });
    const [arrived] = await world.service.waitFor(student.device, 1);
    expect(arrived?.message).toMatchObject({ title: 'Your skill "Rust" was endorsed' });
    await world.until(async () => (await world.deliveriesOf(student.deviceId)).length === 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(world.service.receivedBy(student.device)).toHaveLength(1);
    const owed = rowsOf<{ n: number }>(
      await world.db.execute(sql`select count(*)::int as n from push_deliveries`),
    );
    expect(owed[0]!.n).toBe(0);
  }, 60_000);
});
