import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationSettings, pushDeliveries } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';
import { browserSubscription, pushClientOf } from '../../../test/push-client';
import { notifyPerson } from './notify.service';

/** Push beside in-app and e-mail, per kind (decision 0042): the same rules as the deliveries. */
describe('push per kind of notification', () => {
  const ctx = useTestApp();
  const push = pushClientOf(ctx);
  const patch = (payload: object, cookie: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/notification-preferences',
      payload,
      headers: { cookie, origin: TEST_ORIGIN },
    });

  it('turns push on and off per kind, keeping the other kinds and the e-mail choices', async () => {
    const student = (await createStudent(ctx.db)).user;
    const cookie = await signInAs(ctx, student);
    const saved = await patch({ push: { achievement: false, announcement: true } }, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().push).toMatchObject({
      achievement: false,
      announcement: true,
      skill: true,
      queue: false,
    });
    expect(saved.json().deliveries).toMatchObject({ achievement: 'instant', announcement: 'app' });
    const again = await patch({ push: { skill: false }, deliveries: { skill: 'digest' } }, cookie);
    expect(again.json().push).toMatchObject({ achievement: false, announcement: true, skill: false });
    expect(again.json().deliveries.skill).toBe('digest');
    const [row] = await ctx.db
      .select({ push: notificationSettings.push })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, student.id));
    expect(row?.push).toEqual({ achievement: false, announcement: true, skill: false });
  });

  it('refuses push for a kind the role is never sent, and a choice that is not on or off, changing nothing', async () => {
    const student = (await createStudent(ctx.db)).user;
    const cookie = await signInAs(ctx, student);
    const foreign = await patch({ push: { booking: true, achievement: false } }, cookie);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({
      'push.booking': 'You do not receive this kind of notification.',
    });
    const admin = await createUser(ctx.db, { role: 'ADMIN' });
    const adminRefused = await patch(
      { push: { queue: true, achievement: true } },
      await signInAs(ctx, admin),
    );
    expect(adminRefused.json().error.fields).toEqual({
      'push.achievement': 'You do not receive this kind of notification.',
    });
    for (const bad of [{ push: { achievement: 'yes' } }, { push: { gossip: true } }, { push: [true] }]) {
      const refused = await patch(bad, cookie);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await patch({ push: { achievement: 1 } }, cookie)).json().error.fields).toEqual({
      'push.achievement': 'Choose on or off.',
    });
    expect(
      await ctx.db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, student.id)),
    ).toEqual([]);
  });

  it('drops the pushes still owed of a kind turned off, and only those', async () => {
    const student = (await createStudent(ctx.db)).user;
    const cookie = await signInAs(ctx, student);
    const device = (await push.subscribe(cookie, browserSubscription())).json();
    for (const [kind, subject] of [
      ['achievement', 'Robocon finalist'],
      ['skill', 'Rust'],
    ] as const)
      await ctx.db.transaction((tx) =>
        notifyPerson(tx, student.id, { kind, outcome: 'verified', subject, link: '/notifications' }),
      );
    const owed = () =>
      ctx.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, device.id));
    expect(await owed()).toHaveLength(2);
    await patch({ push: { achievement: false } }, cookie);
    expect(await owed()).toHaveLength(1);
  });
});
