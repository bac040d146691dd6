import type { FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../../db/job-queue';
import { serverSecret } from '../../lib/server-secrets';
import {
  deliverDueMail,
  MAX_MAIL_ATTEMPTS,
  sendDueDigests,
  type MailRunOutcome,
} from './notification-mail.service';

/** How often a worker asks the queue for a run: an e-mail leaves within about this long of its notification. */
const POLL_SECONDS = 1;

/**
 * Starts this process's share of the notification e-mail: a worker for the runs the notifications
 * queue, a run every minute for e-mails whose wait is over (after a failed send, or a queue's hour), and the
 * daily digests at the top of every hour of the institute's clock. pg-boss keeps the jobs in the
 * database, so a run queued before a restart or by another process is done after it, by one
 * process only. Resolves to a function that stops it, letting a run under way finish.
 */
export async function startNotificationJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const { config, db, mailer } = app.deps;
  const boss = new PgBoss({ db: database.jobDb, schema: JOB_SCHEMA, backend: database.kind });
  boss.on('error', (error) => app.log.warn({ err: error }, 'the job queue reported an error'));
  boss.on('warning', (warning) => app.log.warn({ data: warning.data }, warning.message));
  await boss.start();
  const options = {
    publicUrl: config.publicUrl,
    instituteName: config.INSTITUTE_NAME,
    timeZone: config.TIME_ZONE,
    unsubscribeSecret: await serverSecret(db, 'unsubscribe-links'),
  };
  const report = (what: string, outcome: MailRunOutcome) => {
    if (outcome.sent > 0) app.log.info({ sent: outcome.sent }, `${what} sent`);
    // The e-mails wait and go out with a later run; an operator sees that mail is failing, and why.
    if (outcome.failed > 0)
      app.log.warn(
        { failed: outcome.failed, err: outcome.firstError },
        `${what} could not all be sent; they are tried again later`,
      );
    if (outcome.givenUp > 0)
      app.log.error(
        { givenUp: outcome.givenUp },
        `${what}: given up after ${MAX_MAIL_ATTEMPTS} failed sends; the notifications stay in the portal`,
      );
  };
  await boss.work(
    JOB_QUEUES.notificationMail.name,
    { pollingIntervalSeconds: POLL_SECONDS },
    async () => {
      report('notification e-mail', await deliverDueMail(db, mailer, options));
    },
  );
  await boss.work(
    JOB_QUEUES.notificationDigest.name,
    { pollingIntervalSeconds: 30, includeMetadata: true },
    async ([job]) => {
      // The hour the run was scheduled for, not the hour a retry happens to run in.
      report(
        'notification digests',
        await sendDueDigests(db, mailer, options, job?.createdOn ?? new Date()),
      );
    },
  );
  // Every minute: e-mails whose wait is over (a retry after a failed send, a queue's next hourly e-mail) go out without a new notification to set them off.
  await boss.schedule(JOB_QUEUES.notificationMail.name, '* * * * *', {}, { tz: config.TIME_ZONE });
  await boss.schedule(JOB_QUEUES.notificationDigest.name, '0 * * * *', {}, { tz: config.TIME_ZONE });
  // Whatever was owed before a restart leaves now, not at the next retry or schedule.
  await boss.send(JOB_QUEUES.notificationMail.name, {});
  return () => boss.stop({ graceful: true, timeout: 10_000 });
}
