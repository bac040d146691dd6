import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, notificationSettings } from '../../db/schema/index';
import { signInAs, browserOf } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';
import { notifyPerson } from './notify.service';

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

  it('starts with decisions by e-mail at once and pushed, queues in the digest at 18:00, announcements in the portal, neither pushed', async () => {
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
        identity: 'instant',
        event: 'instant',
        club: 'instant',
        election: 'instant',
        money: 'instant',
        privacy: 'instant',
      },
      push: {
        achievement: true,
        skill: true,
        position: true,
        feedback: true,
        appointment: true,
        booking: true,
        queue: false,
        announcement: false,
        identity: true,
        event: true,
        club: true,
        election: true,
        money: true,
        privacy: true,
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

  it('refuses a choice for a kind the role is never sent, changing nothing', async () => {
    const student = (await createStudent(ctx.db)).user;
    const refused = await patch(
      { deliveries: { booking: 'app', achievement: 'digest' } },
      await signInAs(ctx, student),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'deliveries.booking': 'You do not receive this kind of notification.',
    });
    const rows = await ctx.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, student.id));
    expect(rows).toEqual([]);

    const admin = await createUser(ctx.db, { role: 'ADMIN' });
    const adminRefused = await patch(
      { deliveries: { announcement: 'instant', identity: 'digest', queue: 'instant' } },
      await signInAs(ctx, admin),
    );
    expect(adminRefused.statusCode).toBe(400);
    // The administrator keeps no record of their own; what waits for their decision is a queue.
    expect(adminRefused.json().error.fields).toEqual({
      'deliveries.announcement': 'You do not receive this kind of notification.',
      'deliveries.identity': 'You do not receive this kind of notification.',
    });

    const secretary = await createUser(ctx.db, { role: 'GENSEC_SPORTS' });
    const saved = await patch({ deliveries: { booking: 'app' } }, await signInAs(ctx, secretary));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().deliveries.booking).toBe('app');
  });

  it('makes new notifications with the delivery chosen', async () => {
    const student = (await createStudent(ctx.db)).user;
    await patch({ deliveries: { feedback: 'app' } }, await signInAs(ctx, student));
    await ctx.db.transaction((tx) =>
      notifyPerson(tx, student.id, {
        kind: 'feedback',
        outcome: 'resolved',
        subject: 'Coding Club',
        link: '/feedback',
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
      { kind: 'feedback', delivery: 'app' },
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
