import type { FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../../db/job-queue';
import { lapseJoinRequests } from './lapse.service';

/** How often unanswered join requests are looked for: every hour, on the hour. */
const SWEEP_CRON = '0 * * * *';

/**
 * Starts this process's share of lapsing join requests and invitations nobody answered: a sweep
 * every hour, run by one process at a time (pg-boss keeps the schedule in the database), and one
 * now. Resolves to a function that stops it.
 */
export async function startLapseJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const { config, db } = app.deps;
  const queue = JOB_QUEUES.clubJoinLapses.name;
  const boss = new PgBoss({
    db: database.jobDb,
    schema: JOB_SCHEMA,
    backend: database.kind,
    supervise: false,
  });
  boss.on('error', (error) => app.log.warn({ err: error }, 'the job queue reported an error'));
  await boss.start();
  await boss.schedule(queue, SWEEP_CRON, {}, { tz: config.TIME_ZONE });
  await boss.send(queue, {});
  await boss.work(queue, { pollingIntervalSeconds: 60 }, async () => {
    const lapsed = await lapseJoinRequests(db);
    if (lapsed > 0) app.log.info({ lapsed }, 'unanswered join requests lapsed');
  });
  return () => boss.stop({ graceful: true, timeout: 10_000 });
}
