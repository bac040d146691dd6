import { PgBoss, type Db, type Queue } from 'pg-boss';

/** Where the job queue (pg-boss) runs its SQL: a connection of the database's own kind. */
export type JobDb = Db;

/** The database the job queue runs on: pg-boss needs to know PGlite from a PostgreSQL server. */
export type JobBackend = 'pglite' | 'postgres';

/** The schema pg-boss 12 keeps its tables in. */
export const JOB_SCHEMA = 'job_queue';

/**
 * Where pg-boss 10 kept its tables. pg-boss 12 cannot upgrade them (its upgrades start from
 * pg-boss 11's tables), so it is installed afresh in JOB_SCHEMA, and the earlier schema is removed
 * once no process of an earlier version of the portal works it (see retireEarlierJobQueue).
 */
const EARLIER_JOB_SCHEMA = 'pgboss';

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
  /**
   * Sends every push that is due (decision 0042); queued with the notifications that owe one, and
   * scheduled every minute for the retries. One run at a time and at most one waiting.
   */
  pushDeliveries: {
    name: 'push-deliveries',
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
  /** Tells the voters that nominations or voting opened, and reminds those who have not voted; scheduled every few minutes. */
  electionNotices: {
    name: 'election-notices',
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  },
  /** Sends the event reminders that are due (a day and an hour before); scheduled every few minutes. */
  eventReminders: {
    name: 'event-reminders',
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  },
  /** Lapses the join requests and invitations nobody answered in time; scheduled hourly. */
  clubJoinLapses: {
    name: 'club-join-lapses',
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
  },
  /** Builds one student's copy of their data (decision 0041); a job per request. */
  dataExports: {
    name: 'data-exports',
    policy: 'standard',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  },
  /** Erases the accounts whose grace period ended and purges what is kept only for a while; scheduled hourly. */
  privacySweeps: {
    name: 'privacy-sweeps',
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
  },
} as const satisfies Record<string, Queue>;

/**
 * The job queue's database on node-postgres: a text of several statements (pg-boss's scripts)
 * answers with one result each, whose rows pg-boss reads as one.
 */
export function nodePostgresJobDb(query: (text: string, values?: unknown[]) => Promise<unknown>): JobDb {
  return {
    async executeSql(text, values) {
      const result = (await query(text, values)) as { rows: unknown[] } | { rows: unknown[] }[];
      return Array.isArray(result) ? { rows: result.flatMap((each) => each.rows) } : result;
    },
  };
}

/**
 * Installs pg-boss's tables, or brings those of an earlier pg-boss 12 up to date (pg-boss does
 * either when it starts, under its own lock), then creates the portal's queues that are missing.
 */
export async function installJobQueue(db: JobDb, backend: JobBackend): Promise<void> {
  await retireEarlierJobQueue(db);
  const boss = new PgBoss({
    db,
    schema: JOB_SCHEMA,
    backend,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  await boss.start();
  try {
    for (const queue of Object.values(JOB_QUEUES)) {
      if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, { ...queue });
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** How long pg-boss 10's clock may stand still before nothing is taken to run it: it moves every 30 seconds while a process runs. */
const EARLIER_QUEUE_IDLE = `interval '5 minutes'`;

/**
 * Removes the job queue an earlier version of the portal kept in EARLIER_JOB_SCHEMA (pg-boss 10),
 * once no process of that version works it: while one runs (during an upgrade one process at a time)
 * its queue keeps working, and a later start removes it. Its jobs are not carried over: each only
 * asked for a run of the e-mail sender, and the notifications table still says which e-mails are
 * owed; the first run of this version sends them.
 */
async function retireEarlierJobQueue(db: JobDb): Promise<void> {
  const { rows } = await db.executeSql(
    `select to_regclass('${EARLIER_JOB_SCHEMA}.version') is not null and to_regclass('${EARLIER_JOB_SCHEMA}.queue') is not null as present`,
    [],
  );
  if (!(rows[0] as { present: boolean }).present) return;
  const { rows: earlier } = await db.executeSql(
    `select v.version < 25 as pg_boss_10,
            coalesce(v.cron_on < now() - ${EARLIER_QUEUE_IDLE}, true) as idle,
            exists (select 1 from ${EARLIER_JOB_SCHEMA}.queue q where q.name = $1) as portal_queue
     from ${EARLIER_JOB_SCHEMA}.version v`,
    [JOB_QUEUES.notificationMail.name],
  );
  const state = earlier[0] as { pg_boss_10: boolean; idle: boolean; portal_queue: boolean } | undefined;
  // Only the portal's own pg-boss 10 queue, and only once no process works it.
  if (state?.pg_boss_10 && state.portal_queue && state.idle)
    await db.executeSql(`drop schema ${EARLIER_JOB_SCHEMA} cascade`, []);
}
