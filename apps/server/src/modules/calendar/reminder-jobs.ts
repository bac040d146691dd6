import type { FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../../db/job-queue';
import { sendDueReminders } from './reminders.service';

/** How often the reminders are swept: an hour's reminder reaches people 55 to 60 minutes before. */
const SWEEP_CRON = '*/5 * * * *';

/**
 * Starts this process's share of the event reminders: a sweep every five minutes, run by one
 * process at a time (pg-boss keeps the schedule in the database), and one now, so that a reminder
 * owed while the portal was down goes out at once. Resolves to a function that stops it.
 */
export async function startReminderJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const { config, db } = app.deps;
  const queue = JOB_QUEUES.eventReminders.name;
  // Its own queue client: the notification jobs' client looks after the queue's upkeep.
  const boss = new PgBoss({
    db: database.jobDb,
    schema: JOB_SCHEMA,
    backend: database.kind,
    supervise: false,
  });
  boss.on('error', (error) => app.log.warn({ err: error }, 'the job queue reported an error'));
  await boss.start();
  await boss.schedule(queue, SWEEP_CRON, {}, { tz: config.TIME_ZONE });
  // Queued before the worker starts, so that its first poll finds it.
  await boss.send(queue, {});
  await boss.work(queue, { pollingIntervalSeconds: 30 }, async () => {
    const outcome = await sendDueReminders(db, { timeZone: config.TIME_ZONE });
    if (outcome.notified > 0)
      app.log.info({ events: outcome.events, notified: outcome.notified }, 'event reminders sent');
  });
  return () => boss.stop({ graceful: true, timeout: 10_000 });
}
