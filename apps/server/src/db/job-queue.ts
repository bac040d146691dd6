import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Plain SQL with $1… placeholders, as the job queue (pg-boss) sends it. */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** The schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

/** The portal's queues and how each retries: a failed e-mail run is tried again after 15 s, 30 s, 1 min… */
export const JOB_QUEUES = {
  /** Sends every notification e-mail that is due; one run at a time and at most one waiting. */
  notificationMail: {
    name: 'notification-mail',
    policy: 'stately',
    retryLimit: 12,
    retryDelay: 15,
    retryBackoff: true,
  },
  /** Sends the daily digests of the hour; scheduled hourly. */
  notificationDigest: {
    name: 'notification-digest',
    policy: 'stately',
    retryLimit: 6,
    retryDelay: 60,
    retryBackoff: true,
  },
} as const satisfies Record<string, PgBoss.Queue>;

/** Creates pg-boss's tables and the portal's queues once; later starts find them there. */
export async function installJobQueue(execute: SqlExecutor): Promise<void> {
  const { rows } = await execute(
    `select to_regclass('${JOB_SCHEMA}.version') is not null as installed`,
    [],
  );
  if (!(rows[0] as { installed: boolean }).installed)
    await execute(PgBoss.getConstructionPlans(JOB_SCHEMA));
  const boss = new PgBoss({
    db: { executeSql: (text, values) => execute(text, values) },
    schema: JOB_SCHEMA,
  });
  for (const queue of Object.values(JOB_QUEUES)) {
    if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, { ...queue });
  }
}

/** Runs the queue's SQL inside a Drizzle transaction, so that a job is queued with the change that asks for it or not at all. */
export function executorOf(tx: Pick<Database, 'execute'>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        if (index % 2 === 0) chunks.push(sql.raw(part));
        else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
