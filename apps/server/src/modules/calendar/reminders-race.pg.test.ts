import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { useTestApp } from '../../../test/build-test-app';
import { createEvent, createRegistration, createStudent } from '../../../test/factories';
import { sendDueReminders } from './reminders.service';

const MINUTE_MS = 60_000;
const EVENTS = 12;
const PEOPLE = 5;
const SWEEPS = 4;

/**
 * Several processes sweeping the reminders at the same moment (every process runs the job queue)
 * must send each reminder once. This file runs only with DATABASE_URL (see vitest.config.ts):
 * PGlite runs one transaction at a time.
 */
describe('event reminders swept at once', () => {
  const ctx = useTestApp();

  it(`${SWEEPS} sweeps at once send each person one reminder per event`, async () => {
    const now = new Date('2032-01-10T08:00:00Z');
    const people = await Promise.all(
      Array.from({ length: PEOPLE }, (_, n) => createStudent(ctx.db, { name: `Racer ${n}` })),
    );
    for (let n = 0; n < EVENTS; n += 1) {
      // Half start within the hour, half later that day.
      const start = new Date(now.getTime() + (n % 2 === 0 ? 20 + n : 180 + n) * MINUTE_MS);
      const event = await createEvent(ctx.db, {
        title: `Race ${n}`,
        scheduleStart: start,
        scheduleEnd: null,
      });
      for (const { user } of people) await createRegistration(ctx.db, event.id, user.id);
    }

    const outcomes = await Promise.all(
      Array.from({ length: SWEEPS }, () => sendDueReminders(ctx.db, { timeZone: 'Asia/Kolkata' }, now)),
    );
    expect(outcomes.reduce((sum, outcome) => sum + outcome.notified, 0)).toBe(EVENTS * PEOPLE);
    expect(
      outcomes.reduce((sum, outcome) => sum + outcome.events['1h'] + outcome.events['24h'], 0),
    ).toBe(EVENTS);

    const counts = rowsOf<{ subject: string; outcome: string; people: number; notices: number }>(
      await ctx.db.execute(sql`
        select subject, outcome, count(distinct user_id)::int as people, count(*)::int as notices
        from notifications where kind = 'event' and subject like 'Race %'
        group by subject, outcome order by subject`),
    );
    expect(counts).toHaveLength(EVENTS);
    for (const row of counts) {
      expect(row, row.subject).toMatchObject({ people: PEOPLE, notices: PEOPLE });
      const n = Number(row.subject.split(' ')[1]);
      expect(row.outcome, row.subject).toBe(n % 2 === 0 ? 'reminder_1h' : 'reminder_24h');
    }
    const [claims] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from event_reminders`),
    );
    expect(claims!.n).toBe(EVENTS);
  });
});
