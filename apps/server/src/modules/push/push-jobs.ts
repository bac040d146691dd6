import type { FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../../db/job-queue';
import { deliverDuePushes, MAX_PUSH_ATTEMPTS, type PushRunOutcome } from './push-delivery.service';
import { vapidDetails } from './push-keys.service';

/** How often a worker asks the queue for a run: a push leaves within about this long of its notification. */
const POLL_SECONDS = 1;

/**
 * Starts this process's share of web push (decision 0042): a worker for the runs notifications
 * queue, and a run every minute for the pushes whose wait after a failure is over. pg-boss keeps
 * the jobs and the pushes owed are rows of push_deliveries, so nothing owed is lost to a restart;
 * one process runs at a time. Resolves to a function that stops it, letting a run under way finish.
 */
export async function startPushJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const { config, db } = app.deps;
  const boss = new PgBoss({ db: database.jobDb, schema: JOB_SCHEMA, backend: database.kind });
  boss.on('error', (error) => app.log.warn({ err: error }, 'the job queue reported an error'));
  boss.on('warning', (warning) => app.log.warn({ data: warning.data }, warning.message));
  await boss.start();
  const options = {
    vapid: await vapidDetails(db, config),
    hosts: config.PUSH_SERVICE_HOSTS,
    instituteShortName: config.INSTITUTE_SHORT_NAME,
  };
  const report = (outcome: PushRunOutcome) => {
    if (outcome.sent > 0 || outcome.gone > 0)
      app.log.info({ sent: outcome.sent, devicesGone: outcome.gone }, 'push notifications sent');
    // The pushes wait and go out with a later run; an operator sees that a push service is failing, and why.
    if (outcome.retried > 0)
      app.log.warn(
        { retried: outcome.retried, reason: outcome.retryReason },
        'push notifications could not all be sent; they are tried again later',
      );
    if (outcome.givenUp > 0 || outcome.refused > 0)
      app.log.error(
        {
          givenUp: outcome.givenUp,
          refused: outcome.refused,
          reason: outcome.refused > 0 ? outcome.refusalReason : outcome.retryReason,
        },
        `push notifications given up (after ${MAX_PUSH_ATTEMPTS} tries, past their time to live, or refused); the notifications stay in the portal`,
      );
  };
  await boss.work(JOB_QUEUES.pushDeliveries.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
    report(await deliverDuePushes(db, options));
  });
  await boss.schedule(JOB_QUEUES.pushDeliveries.name, '* * * * *', {}, { tz: config.TIME_ZONE });
  // Whatever was owed before a restart leaves now, not at the next minute.
  await boss.send(JOB_QUEUES.pushDeliveries.name, {});
  return () => boss.stop({ graceful: true, timeout: 10_000 });
}
