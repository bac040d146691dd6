import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  eventReminders,
  events,
  notifications,
  notificationSettings,
  users,
} from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createEvent, createRegistration, createStudent } from '../../../test/factories';
import { sendDueReminders } from './reminders.service';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const KOLKATA = { timeZone: 'Asia/Kolkata' };

describe('event reminders', () => {
  const ctx = useTestApp();
  const student = async (name: string) => (await createStudent(ctx.db, { name })).user;
  /** An approved event starting `minutes` after `now`, lasting two hours. */
  const eventAt = (now: Date, minutes: number, overrides: Parameters<typeof createEvent>[1] = {}) => {
    const start = new Date(now.getTime() + minutes * MINUTE_MS);
    return createEvent(ctx.db, {
      venue: 'Lecture Hall 1',
      scheduleStart: start,
      scheduleEnd: new Date(start.getTime() + 2 * HOUR_MS),
      ...overrides,
    });
  };
  const remindersOf = (userId: string) =>
    ctx.db
      .select({
        outcome: notifications.outcome,
        subject: notifications.subject,
        detail: notifications.detail,
        link: notifications.link,
        delivery: notifications.delivery,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'event')))
      .orderBy(notifications.createdAt, notifications.outcome);

  it('reminds confirmed registrants a day and an hour before, once, by their preferences', async () => {
    const now = new Date('2031-05-01T10:00:00Z');
    const [asha, bina, chetan, dev] = await Promise.all(
      ['Asha Rao', 'Bina Shah', 'Chetan Jain', 'Dev Kapoor'].map(student),
    );
    const soon = await eventAt(now, 30, { title: 'Robotics demo' });
    const tonight = await eventAt(now, 5 * 60, { title: 'Open mic', venue: null });
    const later = await eventAt(now, 25 * 60, { title: 'Day after' });
    const started = await eventAt(now, -10, { title: 'Already on' });
    const proposal = await eventAt(now, 2 * 60, { title: 'Only proposed', approval: 'proposed' });
    const calledOff = await eventAt(now, 2 * 60, { title: 'Called off', status: 'cancelled' });
    for (const event of [soon, tonight, later, started, proposal, calledOff])
      await createRegistration(ctx.db, event.id, asha!.id);
    await createRegistration(ctx.db, soon.id, bina!.id, { status: 'cancelled', cancelledAt: now });
    await createRegistration(ctx.db, soon.id, chetan!.id, { status: 'waitlisted' });
    await createRegistration(ctx.db, tonight.id, dev!.id);
    // Dev chose to hear of events only in the portal.
    await ctx.db
      .insert(notificationSettings)
      .values({ userId: dev!.id, deliveries: { event: 'app' }, digestHour: 8 });

    expect(await sendDueReminders(ctx.db, KOLKATA, now)).toEqual({
      events: { '1h': 1, '24h': 1 },
      notified: 3,
    });
    expect(await remindersOf(asha!.id)).toEqual([
      {
        outcome: 'reminder_1h',
        subject: 'Robotics demo',
        // 10:30 UTC is 16:00 in Kolkata.
        detail: 'Starts Thu, 1 May 2031, 16:00, at Lecture Hall 1.',
        link: `/events/${soon.id}`,
        delivery: 'instant',
      },
      {
        outcome: 'reminder_24h',
        subject: 'Open mic',
        detail: 'Starts Thu, 1 May 2031, 20:30.',
        link: `/events/${tonight.id}`,
        delivery: 'instant',
      },
    ]);
    expect(await remindersOf(dev!.id)).toEqual([
      expect.objectContaining({ outcome: 'reminder_24h', subject: 'Open mic', delivery: 'app' }),
    ]);
    expect(await remindersOf(bina!.id)).toEqual([]);
    expect(await remindersOf(chetan!.id)).toEqual([]);

    // A second run at once, or a few minutes on, sends nothing again.
    expect((await sendDueReminders(ctx.db, KOLKATA, now)).notified).toBe(0);
    expect(
      (await sendDueReminders(ctx.db, KOLKATA, new Date(now.getTime() + 5 * MINUTE_MS))).notified,
    ).toBe(0);

    // Four hours ten minutes on, the open mic is within the hour: its hour's reminder, nothing else.
    const afterwards = new Date(now.getTime() + (4 * 60 + 10) * MINUTE_MS);
    expect(await sendDueReminders(ctx.db, KOLKATA, afterwards)).toEqual({
      events: { '1h': 1, '24h': 1 },
      notified: 3,
    });
    const asha2 = await remindersOf(asha!.id);
    expect(asha2.map((n) => `${n.outcome} ${n.subject}`)).toEqual([
      'reminder_1h Robotics demo',
      'reminder_24h Open mic',
      'reminder_1h Open mic',
      // 'Day after' starts within a day by then.
      'reminder_24h Day after',
    ]);
    const rows = await ctx.db.select().from(eventReminders).where(eq(eventReminders.eventId, soon.id));
    expect(rows.map((row) => [row.kind, row.startsAt.toISOString()])).toEqual([
      ['1h', '2031-05-01T10:30:00.000Z'],
    ]);
  });

  it("sends no day's reminder for an event within the hour, and reminds again for a new start", async () => {
    const now = new Date('2031-06-01T06:00:00Z');
    const asha = (await student('Asha Menon'))!;
    const moved = await eventAt(now, 6 * 60, { title: 'Moved talk' });
    const imminent = await eventAt(now, 45, { title: 'Imminent' });
    await createRegistration(ctx.db, moved.id, asha.id);
    await createRegistration(ctx.db, imminent.id, asha.id);
    await sendDueReminders(ctx.db, KOLKATA, now);
    expect((await remindersOf(asha.id)).map((n) => `${n.outcome} ${n.subject}`)).toEqual([
      'reminder_1h Imminent',
      'reminder_24h Moved talk',
    ]);

    // The talk moves two hours later: the day's reminder goes again, for the new start.
    await ctx.db
      .update(events)
      .set({ scheduleStart: new Date(now.getTime() + 8 * HOUR_MS) })
      .where(eq(events.id, moved.id));
    const next = new Date(now.getTime() + 5 * MINUTE_MS);
    expect(await sendDueReminders(ctx.db, KOLKATA, next)).toEqual({
      events: { '1h': 0, '24h': 1 },
      notified: 1,
    });
    const last = (await remindersOf(asha.id)).at(-1)!;
    expect(last).toMatchObject({
      outcome: 'reminder_24h',
      detail: 'Starts Sun, 1 Jun 2031, 19:30, at Lecture Hall 1.',
    });
  });

  it('skips a deactivated account and an event with no confirmed registrant, which stays owed', async () => {
    const now = new Date('2031-07-01T06:00:00Z');
    const [gone, late] = [(await student('Gita Das'))!, (await student('Lalit Roy'))!];
    const event = await eventAt(now, 3 * 60, { title: 'Quiet evening' });
    await createRegistration(ctx.db, event.id, gone.id);
    await ctx.db.update(users).set({ deactivatedAt: now }).where(eq(users.id, gone.id));
    const empty = await eventAt(now, 4 * 60, { title: 'Nobody yet' });
    expect(await sendDueReminders(ctx.db, KOLKATA, now)).toEqual({
      events: { '1h': 0, '24h': 1 },
      notified: 0,
    });
    expect(await remindersOf(gone.id)).toEqual([]);
    // Someone registers afterwards: the event was not marked reminded while nobody had a seat.
    await createRegistration(ctx.db, empty.id, late.id);
    expect((await sendDueReminders(ctx.db, KOLKATA, now)).notified).toBe(1);
    expect((await remindersOf(late.id)).map((n) => n.subject)).toEqual(['Nobody yet']);
  });
});
