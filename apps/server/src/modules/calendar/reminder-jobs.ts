import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES } from '../../db/job-queue';
import { startScheduledSweep } from '../../lib/scheduled-sweep';
import { sendDueReminders } from './reminders.service';

/** How often the reminders are swept: an hour's reminder reaches people 55 to 60 minutes before. */
const SWEEP_CRON = '*/5 * * * *';

/**
 * Starts this process's share of the event reminders: a sweep every five minutes, and one now, so
 * that a reminder owed while the portal was down goes out at once. Resolves to a function that stops it.
 */
export function startReminderJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const { config, db } = app.deps;
  return startScheduledSweep(app, database, {
    queue: JOB_QUEUES.eventReminders.name,
    cron: SWEEP_CRON,
    pollingIntervalSeconds: 30,
    run: async () => {
      const outcome = await sendDueReminders(db, { timeZone: config.TIME_ZONE });
      if (outcome.notified > 0)
        app.log.info({ events: outcome.events, notified: outcome.notified }, 'event reminders sent');
    },
  });
}
