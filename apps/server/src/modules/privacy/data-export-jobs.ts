import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../../db/job-queue';
import { rowsOf } from '../../db/rows';
import { buildDataExport, failDataExport, type DataExportSettings } from './data-export.builder';

/** How often a worker asks the queue for a copy to build. */
const POLL_SECONDS = 2;
/** How often this process looks for requests still pending long after the queue should have built them. */
const STALE_CHECK_MS = 5 * 60_000;
/**
 * A request pending this long has outlived its job's tries (about 4 minutes with their waits):
 * its job was lost, so it is built here, once, and given up if that fails too.
 */
const STALE_AFTER = sql.raw(`interval '15 minutes'`);

type ExportJob = { exportId: string };

/**
 * Starts this process's share of building the copies of students' data: a worker for the jobs
 * each request queues (retried by the queue's policy; after the last try the copy is marked failed
 * and its person told), and a check every few minutes for requests whose job was lost, so that
 * nothing asked for waits for ever. Resolves to a function that stops both.
 */
export async function startDataExportWorker(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const { db, config } = app.deps;
  const settings: DataExportSettings = {
    timeZone: config.TIME_ZONE,
    instituteName: config.INSTITUTE_NAME,
  };
  const boss = new PgBoss({
    db: database.jobDb,
    schema: JOB_SCHEMA,
    backend: database.kind,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (error) => app.log.warn({ err: error }, 'the job queue reported an error'));
  await boss.start();
  await boss.work(
    JOB_QUEUES.dataExports.name,
    { pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      const { exportId } = job.data as ExportJob;
      try {
        await buildDataExport(db, exportId, settings);
      } catch (error) {
        // The queue tries again after a wait; after its last try the copy is given up.
        if (job.retryCount < job.retryLimit) throw error;
        app.log.error({ err: error, exportId }, 'a copy of a student’s data could not be built');
        await failDataExport(db, exportId);
      }
    },
  );

  let sweeping: Promise<void> = Promise.resolve();
  const buildStale = async () => {
    const stale = rowsOf<{ id: string }>(
      await db.execute(sql`
        select id from data_exports
        where status = 'pending' and created_at < now() - ${STALE_AFTER}
        order by created_at limit 20`),
    );
    for (const { id } of stale) {
      try {
        await buildDataExport(db, id, settings);
      } catch (error) {
        app.log.error({ err: error, exportId: id }, 'a copy of a student’s data could not be built');
        await failDataExport(db, id);
      }
    }
  };
  const check = () => {
    sweeping = sweeping
      .then(buildStale)
      .catch((error: unknown) => app.log.warn({ err: error }, 'the check for pending copies failed'));
  };
  // Once now, for requests left pending while the portal was down, then every few minutes.
  check();
  const timer = setInterval(check, STALE_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweeping;
    await boss.stop({ graceful: true, timeout: 10_000 });
  };
}
