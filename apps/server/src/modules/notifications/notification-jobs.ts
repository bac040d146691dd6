import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../../db/job-queue';
import { serverSecret } from '../../lib/server-secrets';
import { deliverDueMail, sendDueDigests } from './notification-mail.service';

/** How often a worker asks the queue for a run: an e-mail leaves within about this long of its notification. */
const POLL_SECONDS = 1;

/**
 * Starts this process's share of the notification e-mail: a worker for the runs the notifications
 * queue, a run every five minutes for anything left over (a run that ran out of retries), and the
 * daily digests at the top of every hour of the institute's clock. pg-boss keeps the jobs in the
 * database, so a run queued before a restart or by another process is done after it, by one
 * process only. Resolves to a function that stops it, letting a run under way finish.
 */
export async function startNotificationJobs(app: FastifyInstance, database: DatabaseHandle): Promise<() => Promise<void>> {
  const { config, db, mailer } = app.deps;
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.sql(text, values) }, schema: JOB_SCHEMA });
  boss.on('error', (error) => app.log.warn({ err: error }, 'the job queue reported an error'));
  await boss.start();
  const options = {
    publicUrl: config.publicUrl,
    instituteName: config.INSTITUTE_NAME,
    timeZone: config.TIME_ZONE,
    unsubscribeSecret: await serverSecret(db, 'unsubscribe-links'),
  };
  await boss.work(JOB_QUEUES.notificationMail.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
    try {
      const { sent } = await deliverDueMail(db, mailer, options);
      if (sent > 0) app.log.info({ sent }, 'notification e-mail sent');
    } catch (error) {
      // The queue tries the run again; an operator sees that mail is failing.
      app.log.warn({ err: error }, 'notification e-mail could not all be sent; the run will be tried again');
      throw error;
    }
  });
  await boss.work(JOB_QUEUES.notificationDigest.name, { pollingIntervalSeconds: 30, includeMetadata: true }, async ([job]) => {
    // The hour the run was scheduled for, not the hour a retry happens to run in.
    const sent = await sendDueDigests(db, mailer, options, job?.createdOn ?? new Date());
    if (sent > 0) app.log.info({ sent }, 'notification digests sent');
  });
  await boss.schedule(JOB_QUEUES.notificationMail.name, '*/5 * * * *', {}, { tz: config.TIME_ZONE });
  await boss.schedule(JOB_QUEUES.notificationDigest.name, '0 * * * *', {}, { tz: config.TIME_ZONE });
  // Whatever was owed before a restart leaves now, not at the next retry or schedule.
  await boss.send(JOB_QUEUES.notificationMail.name, {});
  return () => boss.stop({ graceful: true, wait: true, timeout: 10_000 });
}
