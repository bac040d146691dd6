import { sql } from 'drizzle-orm';
import { RETENTION } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** An expired or failed request for a copy of one's data is listed this long, then forgotten. */
const EXPORT_HISTORY_DAYS = 30;
/** The unproven registrations one sweep removes at most (the next sweep takes the rest). */
const UNVERIFIED_BATCH = 500;

/** What one retention pass removed, by kind. */
export type RetentionCounts = {
  accessLog: number;
  notifications: number;
  unverifiedAccounts: number;
  expiredExports: number;
  forgottenExports: number;
};

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

async function counted(db: Database, statement: ReturnType<typeof sql>): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`),
  );
  return rows[0]?.n ?? 0;
}

/**
 * Registrations whose address was never proven, RETENTION.unverifiedAccountDays after they were
 * made: students' own registrations only (the roll's accounts wait for their students), never
 * onboarded, never erased. Each goes in its own statement: one that something still refers to
 * (it cannot be deleted) stays, and the others go.
 */
async function purgeUnverifiedAccounts(db: Database, now: Date): Promise<number> {
  const candidates = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from users
      where email_verified_at is null and imported_at is null and role = 'STUDENT'
        and not onboarding_complete and erased_at is null
        and created_at < ${ago(now, RETENTION.unverifiedAccountDays * DAY_MS)}::timestamptz
      order by created_at limit ${UNVERIFIED_BATCH}`),
  );
  let removed = 0;
  for (const { id } of candidates) {
    try {
      removed += await counted(
        db,
        sql`delete from users where id = ${id}::uuid and email_verified_at is null`,
      );
    } catch {
      // Referred to by a record that outlives accounts; it stays until that record goes.
    }
  }
  return removed;
}

/**
 * Removes what the privacy notice says is kept only for a while (decision 0041): the access log's
 * entries older than a year, notifications older than RETENTION.notificationDays, registrations
 * never proven, and the archives of ready copies past their expiry (the request is marked expired,
 * and forgotten EXPORT_HISTORY_DAYS later). Expired sessions and links are the sign-in sweep's
 * (modules/auth/sweep.ts).
 */
export async function purgeExpired(db: Database, now: Date): Promise<RetentionCounts> {
  const accessLog = await counted(
    db,
    sql`delete from record_access_log where created_at < ${ago(now, RETENTION.accessLogDays * DAY_MS)}::timestamptz`,
  );
  const notifications = await counted(
    db,
    sql`delete from notifications where created_at < ${ago(now, RETENTION.notificationDays * DAY_MS)}::timestamptz`,
  );
  const unverifiedAccounts = await purgeUnverifiedAccounts(db, now);
  const expiredExports = await counted(
    db,
    sql`update data_exports set status = 'expired', archive = null
        where status = 'ready' and expires_at <= ${now.toISOString()}::timestamptz`,
  );
  const forgottenExports = await counted(
    db,
    sql`delete from data_exports where status in ('expired', 'failed')
        and created_at < ${ago(now, EXPORT_HISTORY_DAYS * DAY_MS)}::timestamptz`,
  );
  return { accessLog, notifications, unverifiedAccounts, expiredExports, forgottenExports };
}
