import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { pushDeliveries, pushSubscriptions } from '../../db/schema/index';
import { browserOf, signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent } from '../../../test/factories';
import { browserSubscription, pushClientOf } from '../../../test/push-client';
import { notifyPerson } from '../notifications/notify.service';
import { vapidKeys } from './push-keys.service';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Subscribe, list, turn off and remove: a person's own devices only, each living as long as its session. */
describe('push devices', () => {
  const ctx = useTestApp();
  const push = pushClientOf(ctx);
  const devicesOf = (userId: string) =>
    ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it('refuses every push endpoint signed out', async () => {
    const id = '8d7f4c1e-2b3a-4c5d-9e8f-0a1b2c3d4e5f';
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' }),
      await push.list(),
      await push.subscribe(undefined, browserSubscription()),
      await push.unsubscribe(undefined, { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }),
      await push.remove(undefined, id),
      await push.test(undefined, id),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual(
      Array(6).fill([401, 'UNAUTHENTICATED']),
    );
  });

  it("gives the portal's VAPID public key, one P-256 point for every caller and every process", async () => {
    const { cookie } = await signedInAs(ctx, 'STUDENT');
    const other = await signedInAs(ctx, 'PRESIDENT');
    const key = await push.publicKey(cookie);
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await push.publicKey(other.cookie)).toBe(key);
    // What a process starting now reads: the stored pair, not a new one.
    const stored = rowsOf<{ value: string }>(
      await ctx.db.execute(sql`select value from server_secrets where name = 'web-push-vapid'`),
    );
    expect(JSON.parse(stored[0]!.value).publicKey).toBe(key);
    expect((await vapidKeys(ctx.db)).publicKey).toBe(key);
  });

  it('turns push on for this device, lists it as this one here and as another elsewhere, and renews it in place', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const subscription = browserSubscription();
    const made = await push.subscribe(cookie, subscription);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({
      label: 'Chrome on Android',
      lastSuccessAt: null,
      thisDevice: true,
    });

    const listed = (await push.list(cookie)).json().devices;
    expect(listed).toEqual([made.json()]);
    const elsewhere = await signInAs(ctx, user);
    expect((await push.list(elsewhere)).json().devices).toMatchObject([
      { id: made.json().id, thisDevice: false },
    ]);

    // The browser sends its subscription again (a reload, new keys): still one device, the same one.
    const again = await push.subscribe(cookie, { ...browserSubscription(subscription.endpoint) });
    expect(again.json().id).toBe(made.json().id);
    expect(await devicesOf(user.id)).toHaveLength(1);
    // In another session the same browser's address moves to that session.
    const moved = await push.subscribe(elsewhere, subscription, IPHONE_SAFARI);
    expect(moved.json()).toMatchObject({
      id: made.json().id,
      label: 'Safari on iPhone',
      thisDevice: true,
    });
    expect((await push.list(cookie)).json().devices).toMatchObject([{ thisDevice: false }]);
  });

  it('moves a push address another person subscribed to the new person, without what was owed to the first', async () => {
    const first = (await createStudent(ctx.db)).user;
    const firstCookie = await signInAs(ctx, first);
    const subscription = browserSubscription();
    const mine = (await push.subscribe(firstCookie, subscription)).json();
    await ctx.db.transaction((tx) =>
      notifyPerson(tx, first.id, {
        kind: 'achievement',
        outcome: 'verified',
        subject: 'Robocon finalist',
        link: '/view-achievements',
      }),
    );
    expect(
      await ctx.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, mine.id)),
    ).toHaveLength(1);

    const { user: second, cookie } = await signedInAs(ctx, 'STUDENT');
    const theirs = await push.subscribe(cookie, subscription);
    expect(theirs.statusCode).toBe(200);
    expect((await push.list(firstCookie)).json().devices).toEqual([]);
    expect((await push.list(cookie)).json().devices).toHaveLength(1);
    expect(await devicesOf(second.id)).toMatchObject([{ endpoint: subscription.endpoint }]);
    expect(
      await ctx.db
        .select()
        .from(pushDeliveries)
        .where(eq(pushDeliveries.subscriptionId, theirs.json().id)),
    ).toEqual([]);
    expect(
      await ctx.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, mine.id)),
    ).toEqual([]);
  });

  it('keeps ten devices a person: an eleventh ends the oldest', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const endpoints: string[] = [];
    for (let n = 0; n < 11; n += 1) {
      const subscription = browserSubscription();
      endpoints.push(subscription.endpoint);
      expect((await push.subscribe(cookie, subscription)).statusCode).toBe(200);
    }
    const kept = (await devicesOf(user.id)).map((device) => device.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(1).sort());
  });

  it("turns push off by push address and removes a device by id, its own only: another person's is not found", async () => {
    const owner = await signedInAs(ctx, 'STUDENT');
    const stranger = await signedInAs(ctx, 'STUDENT');
    const subscription = browserSubscription();
    const device = (await push.subscribe(owner.cookie, subscription)).json();
    const other = (await push.subscribe(owner.cookie, browserSubscription())).json();

    for (const refused of [
      await push.unsubscribe(stranger.cookie, { endpoint: subscription.endpoint }),
      await push.remove(stranger.cookie, device.id),
      await push.test(stranger.cookie, device.id),
    ])
      expect(refused.statusCode).toBe(404);
    expect(await devicesOf(owner.user.id)).toHaveLength(2);
    expect(
      (await push.unsubscribe(stranger.cookie, { endpoint: subscription.endpoint })).json().error
        .message,
    ).toBe('This device does not have push notifications on.');
    expect((await push.remove(stranger.cookie, device.id)).json().error.message).toBe(
      'This device was not found among yours.',
    );
    expect((await push.remove(owner.cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect((await push.unsubscribe(owner.cookie, {})).statusCode).toBe(400);

    expect((await push.unsubscribe(owner.cookie, { endpoint: subscription.endpoint })).statusCode).toBe(
      204,
    );
    expect((await push.remove(owner.cookie, other.id)).statusCode).toBe(204);
    expect(await devicesOf(owner.user.id)).toEqual([]);
    expect((await push.remove(owner.cookie, other.id)).statusCode).toBe(404);
  });

  it('ends a device with its session: signing out, a deactivation and an ended session take it', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    await push.subscribe(cookie, browserSubscription());
    const signedOut = await browserOf(ctx).post('/api/auth/logout', {}, { cookie });
    expect(signedOut.statusCode).toBeLessThan(300);
    expect(await devicesOf(user.id)).toEqual([]);

    const phone = await signInAs(ctx, user);
    await push.subscribe(phone, browserSubscription());
    const admin = await signedInAs(ctx, 'ADMIN');
    const deactivated = await browserOf(ctx).post(
      `/api/admin/users/${user.id}/deactivation`,
      {},
      {
        cookie: admin.cookie,
      },
    );
    expect(deactivated.statusCode).toBe(200);
    expect(await devicesOf(user.id)).toEqual([]);
    await browserOf(ctx).post(`/api/admin/users/${user.id}/reactivation`, {}, { cookie: admin.cookie });

    const later = await signInAs(ctx, user);
    await push.subscribe(later, browserSubscription());
    await ctx.db.execute(sql`delete from sessions where user_id = ${user.id}::uuid`);
    expect(await devicesOf(user.id)).toEqual([]);
  });
});
