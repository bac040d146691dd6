import { sql } from 'drizzle-orm';
import { instituteWeekdayDateTime } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifyMany } from '../notifications/notify.service';

/* The reminders registrants get before an event: one a day before, one an hour before. */

const HOUR_MS = 60 * 60 * 1000;

/**
 * The reminders, latest first. Each covers the events starting within `ahead` of now and after
 * `after`: a day's reminder is not sent for an event that starts within the hour, which the hour's
 * reminder covers.
 */
const REMINDERS = [
  { kind: '1h', outcome: 'reminder_1h', ahead: HOUR_MS, after: 0 },
  { kind: '24h', outcome: 'reminder_24h', ahead: 24 * HOUR_MS, after: HOUR_MS },
] as const;

export type ReminderOutcome = {
  /** Events reminded of, per reminder kind. */
  events: Record<(typeof REMINDERS)[number]['kind'], number>;
  /** Notifications made (people notified, summed over the events). */
  notified: number;
};

/**
 * Sends the reminders that are due at `now` to the confirmed registrants of approved events that
 * are not cancelled or over. The row in event_reminders (its key: event, kind, start) is claimed in
 * the transaction that notifies, so two runs at once send each reminder once (the second waits on
 * the first's row, then finds it taken), and an event moved to a new start is reminded again.
 */
export async function sendDueReminders(
  db: Database,
  options: { timeZone: string },
  now: Date = new Date(),
): Promise<ReminderOutcome> {
  const outcome: ReminderOutcome = { events: { '1h': 0, '24h': 0 }, notified: 0 };
  for (const reminder of REMINDERS) {
    const from = new Date(now.getTime() + reminder.after).toISOString();
    const until = new Date(now.getTime() + reminder.ahead).toISOString();
    await db.transaction(async (tx) => {
      const claimed = rowsOf<{
        id: string;
        title: string;
        venue: string | null;
        starts_at: Date | string;
      }>(
        await tx.execute(sql`
          with claimed as (
            insert into event_reminders (event_id, kind, starts_at)
            select e.id, ${reminder.kind}, e.schedule_start
            from events e
            where e.approval = 'approved' and e.status not in ('cancelled', 'completed')
              and e.schedule_start > ${from}::timestamptz and e.schedule_start <= ${until}::timestamptz
              and exists (select 1 from event_registrations r where r.event_id = e.id and r.status = 'confirmed')
            order by e.schedule_start, e.id
            on conflict do nothing
            returning event_id, starts_at
          )
          select e.id, e.title, e.venue, c.starts_at
          from claimed c join events e on e.id = c.event_id
          order by c.starts_at, e.id`),
      );
      for (const event of claimed) {
        const when = instituteWeekdayDateTime(event.starts_at, options.timeZone);
        outcome.notified += await notifyMany(
          tx,
          sql`select user_id from event_registrations where event_id = ${event.id}::uuid and status = 'confirmed'`,
          {
            kind: 'event',
            outcome: reminder.outcome,
            subject: event.title,
            detail: event.venue ? `Starts ${when}, at ${event.venue}.` : `Starts ${when}.`,
            link: `/events/${event.id}`,
            // A reminder pushed to a phone that was off is of no use once the event began.
            pushUntil: new Date(event.starts_at),
          },
        );
      }
      outcome.events[reminder.kind] += claimed.length;
    });
  }
  return outcome;
}
