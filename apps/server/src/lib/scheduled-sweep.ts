import type { FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { JOB_SCHEMA } from '../db/job-queue';

/**
 * Starts this process's share of a sweep kept on the durable queue: run on `cron` (the institute's
 * time zone) by one process at a time, since pg-boss keeps the schedule in the database, and once
 * now, so that work owed while the portal was down is done at once. Its own queue client: the
 * notification jobs' client looks after the queue's upkeep. Resolves to a function that stops it.
 */
export async function startScheduledSweep(
  app: FastifyInstance,
  database: DatabaseHandle,
  sweep: { queue: string; cron: string; pollingIntervalSeconds: number; run: () => Promise<void> },
): Promise<() => Promise<void>> {
  const boss = new PgBoss({
    db: database.jobDb,
    schema: JOB_SCHEMA,
    backend: database.kind,
    supervise: false,
  });
  boss.on('error', (error) => app.log.warn({ err: error }, 'the job queue reported an error'));
  await boss.start();
  await boss.schedule(sweep.queue, sweep.cron, {}, { tz: app.deps.config.TIME_ZONE });
  // Queued before the worker starts, so that its first poll finds it.
  await boss.send(sweep.queue, {});
  await boss.work(sweep.queue, { pollingIntervalSeconds: sweep.pollingIntervalSeconds }, sweep.run);
  return () => boss.stop({ graceful: true, timeout: 10_000 });
}
