import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES } from '../../db/job-queue';
import { startScheduledSweep } from '../../lib/scheduled-sweep';
import { lapseJoinRequests } from './lapse.service';

/** How often unanswered join requests are looked for: every hour, on the hour. */
const SWEEP_CRON = '0 * * * *';

/**
 * Starts this process's share of lapsing join requests and invitations nobody answered: a sweep
 * every hour, and one now. Resolves to a function that stops it.
 */
export function startLapseJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  return startScheduledSweep(app, database, {
    queue: JOB_QUEUES.clubJoinLapses.name,
    cron: SWEEP_CRON,
    pollingIntervalSeconds: 60,
    run: async () => {
      const lapsed = await lapseJoinRequests(app.deps.db);
      if (lapsed > 0) app.log.info({ lapsed }, 'unanswered join requests lapsed');
    },
  });
}
