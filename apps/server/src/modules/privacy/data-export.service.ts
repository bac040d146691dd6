import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, PgBoss } from 'pg-boss';
import { DATA_EXPORTS_PER_DAY, ERROR_CODES, PRIVACY_MESSAGES, type DataExport } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../../db/job-queue';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';

type Executor = Pick<Database, 'execute'>;

/** How many of a person's requests their list shows. */
const LISTED_EXPORTS = 10;

type ExportRow = {
  id: string;
  status: DataExport['status'];
  created_at: Date | string;
  ready_at: Date | string | null;
  expires_at: Date | string | null;
  byte_size: number | null;
};

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** A ready copy past its hour of expiry reads as expired, whether or not the sweep removed it yet. */
const SHOWN_STATUS = sql.raw(
  `case when status = 'ready' and expires_at <= now() then 'expired' else status end`,
);

function exportOf(row: ExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    requestedAt: iso(row.created_at)!,
    readyAt: iso(row.ready_at),
    expiresAt: iso(row.expires_at),
    byteSize: row.byte_size,
  };
}

/** Queues the building of a copy with the caller's transaction: the job exists exactly when the request does. */
async function queueBuild(tx: Executor, exportId: string): Promise<void> {
  const db = fromDrizzle(
    { execute: async (query) => (await tx.execute(query as SQL)) as unknown as { rows: unknown[] } },
    sql,
  );
  await new PgBoss({ db, schema: JOB_SCHEMA }).send(
    JOB_QUEUES.dataExports.name,
    { exportId },
    { db, singletonKey: exportId },
  );
}

/**
 * Records a person's request for a copy of their data and queues its building, in one
 * transaction. The database decides: its one-pending key refuses a second request while one is
 * being prepared (409), and the insert counts the day's requests in the same statement (429).
 */
export async function requestDataExport(db: Database, userId: string): Promise<DataExport> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = rowsOf<ExportRow>(
        await tx.execute(sql`
          insert into data_exports (user_id)
          select ${userId}::uuid
          where (select count(*) from data_exports
                 where user_id = ${userId}::uuid and status <> 'failed'
                   and created_at > now() - interval '24 hours') < ${DATA_EXPORTS_PER_DAY}
          returning id, status, created_at, ready_at, expires_at, byte_size`),
      );
      if (!row) {
        // A request still being prepared is the likelier reason; say that rather than the limit.
        const [pending] = rowsOf<{ id: string }>(
          await tx.execute(
            sql`select id from data_exports where user_id = ${userId}::uuid and status = 'pending'`,
          ),
        );
        if (pending) throw AppError.conflict(PRIVACY_MESSAGES.exportPending);
        throw new AppError(429, ERROR_CODES.tooManyRequests, PRIVACY_MESSAGES.exportTooSoon);
      }
      await queueBuild(tx, row.id);
      return exportOf(row);
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'data_exports_one_pending_key')
      throw AppError.conflict(PRIVACY_MESSAGES.exportPending);
    throw error;
  }
}

/** A person's recent requests, newest first. */
export async function dataExportsOf(db: Database, userId: string): Promise<DataExport[]> {
  const rows = rowsOf<ExportRow>(
    await db.execute(sql`
      select id, ${SHOWN_STATUS} as status, created_at, ready_at, expires_at, byte_size
      from data_exports where user_id = ${userId}::uuid
      order by created_at desc, id desc limit ${LISTED_EXPORTS}`),
  );
  return rows.map(exportOf);
}

/**
 * The ZIP of a ready copy, for its owner only: another person's copy and an unknown id read the
 * same (404); a copy past its expiry is refused with its own message.
 */
export async function dataExportArchive(
  db: Database,
  userId: string,
  exportId: string,
): Promise<{ archive: Buffer; readyAt: Date }> {
  // As base64 text: the embedded database hands over large bytea values far slower than text.
  const [row] = rowsOf<{ status: string; archive: string | null; ready_at: Date | string | null }>(
    await db.execute(sql`
      select ${SHOWN_STATUS} as status, case when expires_at > now() then encode(archive, 'base64') end as archive, ready_at
      from data_exports where id = ${exportId}::uuid and user_id = ${userId}::uuid`),
  );
  if (!row) throw AppError.notFound(PRIVACY_MESSAGES.exportNotFound);
  if (row.status === 'expired') throw AppError.notFound(PRIVACY_MESSAGES.exportExpired);
  if (row.status === 'pending') throw AppError.conflict(PRIVACY_MESSAGES.exportNotReady);
  if (row.status !== 'ready' || !row.archive) throw AppError.notFound(PRIVACY_MESSAGES.exportFailed);
  return { archive: Buffer.from(row.archive, 'base64'), readyAt: new Date(iso(row.ready_at)!) };
}
