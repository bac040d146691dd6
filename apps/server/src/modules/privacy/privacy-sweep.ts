import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { JOB_QUEUES } from '../../db/job-queue';
import { rowsOf } from '../../db/rows';
import { startScheduledSweep } from '../../lib/scheduled-sweep';
import { eraseAccount } from './erasure.service';
import { purgeExpired, type RetentionCounts } from './retention.service';

/** How often the sweep runs: every hour, on the hour. */
const SWEEP_CRON = '0 * * * *';

export type PrivacySweepOutcome = {
  /** The accounts erased by this run. */
  erased: string[];
  /** The accounts whose erasure failed (tried again on the next run), with why. */
  failed: { userId: string; error: unknown }[];
  retention: RetentionCounts;
};

/**
 * One run of the privacy sweep at `now`: erases each account whose erasure is due and was not
 * cancelled (students' accounts only; each in its own transaction, so one failure leaves the
 * others erased), then applies the retention periods.
 */
export async function runPrivacySweep(
  db: Database,
  now: Date = new Date(),
): Promise<PrivacySweepOutcome> {
  const due = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select r.user_id from erasure_requests r join users u on u.id = r.user_id
      where r.cancelled_at is null and r.completed_at is null and r.due_at <= ${now.toISOString()}::timestamptz
        and u.role = 'STUDENT'
      order by r.due_at`),
  );
  const erased: string[] = [];
  const failed: PrivacySweepOutcome['failed'] = [];
  for (const { user_id: userId } of due) {
    try {
      if (await eraseAccount(db, userId)) erased.push(userId);
    } catch (error) {
      failed.push({ userId, error });
    }
  }
  return { erased, failed, retention: await purgeExpired(db, now) };
}

/**
 * Starts this process's share of the privacy sweep: every hour, and once now, on the durable
 * queue (one process at a time). Resolves to a function that stops it.
 */
export async function startPrivacySweep(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  return startScheduledSweep(app, database, {
    queue: JOB_QUEUES.privacySweeps.name,
    cron: SWEEP_CRON,
    pollingIntervalSeconds: 60,
    run: async () => {
      const outcome = await runPrivacySweep(app.deps.db);
      for (const { userId, error } of outcome.failed)
        app.log.error({ err: error, userId }, 'an account due for erasure could not be erased');
      if (outcome.erased.length > 0) app.log.info({ erased: outcome.erased.length }, 'accounts erased');
      app.log.info({ purged: outcome.retention }, 'the privacy sweep ran');
    },
  });
}
