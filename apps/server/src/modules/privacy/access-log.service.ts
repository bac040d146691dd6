import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  CAME_FROM_HEADER,
  CAME_FROM_MAX_LENGTH,
  type RecordAccessKind,
  type RecordAccessList,
  type SessionUser,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { recordAccessLog, users } from '../../db/schema/index';
import { oversees } from './visibility.service';

type Executor = Pick<Database, 'execute'>;

/**
 * Whether the portal logs what this viewer opens of other people's records: the officials, the
 * club coordinators and the administrator, whom a student's choices do not bind either.
 */
const accessIsLogged = (viewer: Pick<SessionUser, 'role'>): boolean => oversees(viewer);

/** A request's headers, as the route hands them over. */
type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * The in-app page the viewer came from, as the web app names it in the X-Came-From header: a
 * path of the portal ('/gensec-endorse?tab=skills'), or null when absent or not a path.
 */
export function cameFromOf(headers: Headers): string | null {
  const given = headers[CAME_FROM_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  // A path of this portal: one leading slash, printable characters only.
  if (!/^\/(?!\/)[\x21-\x7e]*$/.test(trimmed)) return null;
  return trimmed.slice(0, CAME_FROM_MAX_LENGTH);
}

export type AccessRecord = {
  viewer: Pick<SessionUser, 'id' | 'role'>;
  kind: RecordAccessKind;
  cameFrom: string | null;
};

/**
 * Logs that the viewer opened or exported the records of the people `subjects` selects (a query
 * of one column, user_id), in one statement. Nothing is logged for a viewer whose role is not
 * logged, or of the viewer's own record.
 */
export async function recordAccessMany(
  tx: Executor,
  subjects: ReturnType<typeof sql>,
  entry: AccessRecord,
): Promise<void> {
  if (!accessIsLogged(entry.viewer)) return;
  await tx.execute(sql`
    insert into record_access_log (subject_id, viewer_id, viewer_role, kind, came_from)
    select s.user_id, ${entry.viewer.id}::uuid, ${entry.viewer.role}, ${entry.kind}, ${entry.cameFrom}
    from (${subjects}) s
    where s.user_id is not null and s.user_id <> ${entry.viewer.id}::uuid`);
}

/** Logs that the viewer opened one person's record or personal details. */
export async function recordAccess(tx: Executor, subjectId: string, entry: AccessRecord): Promise<void> {
  await recordAccessMany(tx, sql`select ${subjectId}::uuid as user_id`, entry);
}

/** The log of who opened the person's record, newest first, a page at a time. */
export async function accessLogOf(
  db: Database,
  subjectId: string,
  page: number,
  pageSize: number,
): Promise<RecordAccessList> {
  const where = eq(recordAccessLog.subjectId, subjectId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: recordAccessLog.id,
        at: recordAccessLog.createdAt,
        kind: recordAccessLog.kind,
        cameFrom: recordAccessLog.cameFrom,
        viewerRole: recordAccessLog.viewerRole,
        viewerName: users.name,
        viewerErased: users.erasedAt,
      })
      .from(recordAccessLog)
      .leftJoin(users, eq(users.id, recordAccessLog.viewerId))
      .where(where)
      .orderBy(desc(recordAccessLog.createdAt), desc(recordAccessLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(recordAccessLog).where(and(where)),
  ]);
  const n = total?.n ?? 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      cameFrom: row.cameFrom,
      viewer:
        row.viewerName === null || row.viewerErased !== null
          ? null
          : { name: row.viewerName, role: row.viewerRole },
    })),
    total: n,
    overall: n,
    page,
    pageSize,
  };
}
