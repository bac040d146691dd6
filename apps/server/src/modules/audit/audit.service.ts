import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_COUNT_CAP,
  AUDIT_KIND_LABELS,
  LOOKUP_LIMIT,
  ROLE_LABELS,
  isRole,
  type AuditEntry,
  type AuditExportQuery,
  type AuditList,
  type AuditListQuery,
  type LookupItem,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditLog } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, type CsvColumn } from '../../lib/csv-export';
import { cursorText, keysetAfter } from '../../lib/keyset';
import { containsPattern } from '../../lib/search';

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

const entryColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  kind: auditLog.kind,
  action: auditLog.action,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  subjectLabel: auditLog.subjectLabel,
  summary: auditLog.summary,
  before: auditLog.before,
  after: auditLog.after,
  createdAt: auditLog.createdAt,
};

const entryQuery = (db: Database) => db.select(entryColumns).from(auditLog);
type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['execute']>>[number];

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

const toEntry = (row: EntryRow): AuditEntry => ({
  id: row.id,
  actor: { id: row.actorId, name: row.actorName },
  kind: row.kind,
  action: row.action,
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  subjectLabel: row.subjectLabel,
  summary: row.summary,
  before: asRecord(row.before),
  after: asRecord(row.after),
  createdAt: row.createdAt.toISOString(),
});

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
  return {
    items: rows.map(toEntry),
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
    .where(and(filtersOf(query, timeZone), beyond))
    .orderBy(...newestFirst)
    .limit(EXPORT_PAGE_SIZE);
  return rows.map((row) => ({ ...toEntry(row), cursorAt: row.cursorAt }));
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

const COLUMNS: readonly CsvColumn<AuditExportRow>[] = [
  { header: 'When', value: (entry) => new Date(entry.createdAt) },
  { header: 'Who', value: (entry) => entry.actor.name },
  { header: 'Actor ID', value: (entry) => entry.actor.id },
  { header: 'Kind', value: (entry) => AUDIT_KIND_LABELS[entry.kind] },
  { header: 'Action', value: (entry) => AUDIT_ACTION_LABELS[entry.action] },
  { header: 'Subject type', value: (entry) => entry.subjectType },
  { header: 'Subject ID', value: (entry) => entry.subjectId },
  { header: 'Subject', value: (entry) => entry.subjectLabel },
  { header: 'Summary', value: (entry) => entry.summary },
  { header: 'Before', value: (entry) => json(entry.before) },
  { header: 'After', value: (entry) => json(entry.after) },
];

/** The audit log as CSV with the list's filters, newest first, a page at a time; before and after as JSON. */
export function auditExport(db: Database, query: AuditExportQuery, timeZone: string) {
  return {
    read: (after: AuditExportRow | null) => readAuditExportPage(db, query, timeZone, after),
    columns: COLUMNS,
  };
}

/**
 * The people who made changes in the log, by name, for the actor filter. The distinct actors are
 * read by skipping through the actor index one actor at a time (a loose index scan), so a log of a
 * million lines by a few dozen people costs a few dozen index probes. The name is the person's
 * current one, else the one the log kept.
 */
export async function listAuditActors(db: Database, q: string | undefined): Promise<LookupItem[]> {
  const pattern = q ? containsPattern(q) : null;
  const result = await db.execute(sql`
    with recursive actors(id) as (
      (select actor_id from audit_log where actor_id is not null order by actor_id limit 1)
      union all
      select (select a.actor_id from audit_log a where a.actor_id > actors.id order by a.actor_id limit 1) from actors where actors.id is not null
    ), named as (
      select actors.id, u.email, u.role,
        coalesce(u.name, (select l.actor_name from audit_log l where l.actor_id = actors.id order by l.created_at desc limit 1)) as name
      from actors left join users u on u.id = actors.id
      where actors.id is not null
    )
    select id, name, email, role from named
    where ${pattern === null ? sql`true` : sql`(name ilike ${pattern} or email ilike ${pattern})`}
    order by name nulls last, id
    limit ${LOOKUP_LIMIT}`);
  return rowsOf<{ id: string; name: string | null; email: string | null; role: string | null }>(
    result,
  ).map((row) => ({
    id: row.id,
    label: row.name ?? 'Unknown',
    detail:
      [row.role && isRole(row.role) ? ROLE_LABELS[row.role] : null, row.email]
        .filter(Boolean)
        .join(' · ') || null,
  }));
}
