import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES } from '../../db/job-queue';
import { startScheduledSweep } from '../../lib/scheduled-sweep';
import { sendDueElectionNotices } from './election-notices.service';

/**
 * Starts this process's share of the election notices: a sweep every five minutes, and one now, so
 * that a notice owed while the portal was down goes out at once. Resolves to a function that stops it.
 */
export function startElectionNoticeJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  return startScheduledSweep(app, database, {
    queue: JOB_QUEUES.electionNotices.name,
    cron: '*/5 * * * *',
    pollingIntervalSeconds: 30,
    run: async () => {
      const notified = await sendDueElectionNotices(app.deps.db);
      if (notified > 0) app.log.info({ notified }, 'election notices sent');
    },
  });
}
