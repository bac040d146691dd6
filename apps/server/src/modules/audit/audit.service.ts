import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_COUNT_CAP,
  LOOKUP_LIMIT,
  ROLE_LABELS,
  auditActionLabel,
  auditKindLabel,
  isRole,
  type AuditEntry,
  type AuditExportQuery,
  type AuditList,
  type AuditListQuery,
  type LookupItem,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditLog, users } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, type CsvColumn } from '../../lib/csv-export';
import { cursorText, keysetAfter } from '../../lib/keyset';
import { containsPattern } from '../../lib/search';
import { changesText } from './audit-values';
import { entryColumns, entryQuery, presentEntries } from './audit.read';

/**
 * The filters of the log and its export. Days are the institute's calendar days, both inclusive:
 * from its midnight at the start to the next midnight after the end, in its time zone (so a
 * change at 00:30 in Kolkata belongs to that day, not the day before in UTC).
 */
function filtersOf(query: AuditExportQuery, timeZone: string): SQL | undefined {
  return and(
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    query.kind ? eq(auditLog.kind, query.kind) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.subjectId ? eq(auditLog.subjectId, query.subjectId) : undefined,
    query.from
      ? sql`${auditLog.createdAt} >= (${query.from}::date::timestamp at time zone ${timeZone})`
      : undefined,
    query.to
      ? sql`${auditLog.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`
      : undefined,
  );
}

/**
 * Newest first, written as the indexes are (`DESC NULLS LAST`): plain `DESC` means `NULLS FIRST`,
 * which no index of the log has, and PostgreSQL then sorts the whole log for every page although
 * neither column is ever null.
 */
const newestFirst = [sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`];

/**
 * A page of the audit log, newest first, through the index of the filter (kind, actor, or the
 * date). The count stops at AUDIT_COUNT_CAP + 1 lines read: an exact count of a million lines
 * would read them all on every page, and nobody pages that far (the export has every line).
 */
export async function listAudit(
  db: Database,
  query: AuditListQuery,
  timeZone: string,
): Promise<AuditList> {
  const where = filtersOf(query, timeZone);
  const capped = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where)
    .limit(AUDIT_COUNT_CAP + 1)
    .as('capped');
  const [rows, [counted]] = await Promise.all([
    entryQuery(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(capped),
  ]);
  const n = counted!.n;
  const entries = await presentEntries(db, rows, timeZone);
  return {
    items: entries.map(({ row: _row, ...entry }) => entry),
    total: Math.min(n, AUDIT_COUNT_CAP),
    capped: n > AUDIT_COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A line of the export with its position in the log, so the next page starts right after it. */
export type AuditExportRow = AuditEntry & { cursorAt: string };

/** One page of the export after the last line written, newest first, EXPORT_PAGE_SIZE lines. */
async function readAuditExportPage(
  db: Database,
  query: AuditExportQuery,
  timeZone: string,
  after: AuditExportRow | null,
): Promise<AuditExportRow[]> {
  const beyond = after
    ? keysetAfter([
        { column: auditLog.createdAt, value: after.cursorAt, direction: 'desc', cast: 'timestamptz' },
        { column: auditLog.id, value: after.id, direction: 'desc', cast: 'uuid' },
      ])
    : undefined;
  const rows = await db
    .select({ ...entryColumns, cursorAt: cursorText(auditLog.createdAt) })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(filtersOf(query, timeZone), beyond))
    .orderBy(...newestFirst)
    .limit(EXPORT_PAGE_SIZE);
  const entries = await presentEntries(db, rows, timeZone);
  return entries.map(({ row, ...entry }) => ({ ...entry, cursorAt: row.cursorAt }));
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
/** The actor's current name when it is no longer the one the line stored. */
const renamed = (entry: AuditEntry) =>
  entry.actor.name !== null && entry.actor.name !== entry.actor.nameAtTheTime ? entry.actor.name : null;

const COLUMNS: readonly CsvColumn<AuditExportRow>[] = [
  { header: 'When', value: (entry) => new Date(entry.createdAt) },
  { header: 'Who (name at the time)', value: (entry) => entry.actor.nameAtTheTime },
  { header: 'Who (current name)', value: (entry) => entry.actor.name },
  { header: 'Renamed since', value: (entry) => (renamed(entry) ? 'yes' : null) },
  { header: 'Username', value: (entry) => entry.actor.username },
  { header: 'Account deactivated', value: (entry) => (entry.actor.deactivated ? 'yes' : null) },
  { header: 'Actor ID', value: (entry) => entry.actor.id },
  { header: 'Kind', value: (entry) => auditKindLabel(entry.kind) },
  { header: 'Action', value: (entry) => auditActionLabel(entry.action) },
  { header: 'Subject type', value: (entry) => entry.subjectType },
  { header: 'Subject ID', value: (entry) => entry.subjectId },
  { header: 'Subject', value: (entry) => entry.subjectLabel },
  { header: 'Summary', value: (entry) => entry.summary },
  { header: 'Before', value: (entry) => changesText(entry.changes, 'before') },
  { header: 'After', value: (entry) => changesText(entry.changes, 'after') },
  { header: 'Before (as stored)', value: (entry) => json(entry.before) },
  { header: 'After (as stored)', value: (entry) => json(entry.after) },
];

/**
 * The audit log as CSV with the list's filters, newest first, a page at a time: who by the name at
 * the time and now, before and after in words, and as the database stored them.
 */
export function auditExport(db: Database, query: AuditExportQuery, timeZone: string) {
  return {
    read: (after: AuditExportRow | null) => readAuditExportPage(db, query, timeZone, after),
    columns: COLUMNS,
  };
}

type ActorRow = {
  id: string;
  name: string | null;
  username: string | null;
  email: string | null;
  role: string | null;
};

const actorItem = (row: ActorRow): LookupItem => ({
  id: row.id,
  label: row.name ?? 'Unknown',
  detail:
    [row.role && isRole(row.role) ? ROLE_LABELS[row.role] : null, row.username, row.email]
      .filter(Boolean)
      .join(' · ') || null,
});

/**
 * The people who made changes in the log, by their current name, for the actor filter; with `id`,
 * the one person a filter holds (the picker shows the name the server knows, never one from the
 * address). The distinct actors are read by skipping through the actor index one actor at a time
 * (a loose index scan), so a log of a million lines by a few dozen people costs a few dozen index
 * probes.
 */
export async function listAuditActors(
  db: Database,
  query: { q?: string | undefined; id?: string | undefined },
): Promise<LookupItem[]> {
  if (query.id) {
    const found = await db
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        email: users.email,
        role: users.role,
      })
      .from(users)
      .where(eq(users.id, query.id));
    return found.map(actorItem);
  }
  const pattern = query.q ? containsPattern(query.q) : null;
  const result = await db.execute(sql`
    with recursive actors(id) as (
      (select actor_id from audit_log where actor_id is not null order by actor_id limit 1)
      union all
      select (select a.actor_id from audit_log a where a.actor_id > actors.id order by a.actor_id limit 1) from actors where actors.id is not null
    ), named as (
      select actors.id, u.name, u.username, u.email, u.role
      from actors join users u on u.id = actors.id
    )
    select id, name, username, email, role from named
    where ${pattern === null ? sql`true` : sql`(name ilike ${pattern} or username ilike ${pattern} or email ilike ${pattern})`}
    order by name, id
    limit ${LOOKUP_LIMIT}`);
  return rowsOf<ActorRow>(result).map(actorItem);
}
