import { eq, inArray, sql } from 'drizzle-orm';
import type { AuditEntry } from '@cosa/contracts';
import type { Database } from '../../db/client';
import {
  achievements,
  auditLog,
  events,
  orgUnits,
  positions,
  rooms,
  skills,
  users,
} from '../../db/schema/index';
import { changesOf, referencesIn, type ReferenceNames, type ReferenceTable } from './audit-values';

/** The columns of a line, with its actor's account as it is now (a left join: a line may name none). */
export const entryColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  actorNameNow: users.name,
  actorUsername: users.username,
  actorDeactivatedAt: users.deactivatedAt,
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

/** Lines with their actor's account; the caller adds the filter, order and page. */
export const entryQuery = (db: Database) =>
  db.select(entryColumns).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId));
type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['execute']>>[number];

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** How each table names the row an id points at. */
const NAME_QUERIES: Record<
  ReferenceTable,
  (db: Database, ids: string[]) => Promise<{ id: string; name: string }[]>
> = {
  users: (db, ids) =>
    db
      .select({ id: users.id, name: sql<string>`${users.name} || ' (' || ${users.username} || ')'` })
      .from(users)
      .where(inArray(users.id, ids)),
  org_units: (db, ids) =>
    db.select({ id: orgUnits.id, name: orgUnits.name }).from(orgUnits).where(inArray(orgUnits.id, ids)),
  positions: (db, ids) =>
    db
      .select({ id: positions.id, name: sql<string>`${positions.title} || ', ' || ${orgUnits.name}` })
      .from(positions)
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(inArray(positions.id, ids)),
  rooms: (db, ids) =>
    db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(inArray(rooms.id, ids)),
  skills: (db, ids) =>
    db.select({ id: skills.id, name: skills.name }).from(skills).where(inArray(skills.id, ids)),
  events: (db, ids) =>
    db.select({ id: events.id, name: events.title }).from(events).where(inArray(events.id, ids)),
  achievements: (db, ids) =>
    db
      .select({ id: achievements.id, name: achievements.title })
      .from(achievements)
      .where(inArray(achievements.id, ids)),
};

/** The current names of every row a page of lines points at: one query per table named. */
async function namesFor(db: Database, rows: EntryRow[]): Promise<ReferenceNames> {
  const wanted = new Map<ReferenceTable, Set<string>>();
  for (const row of rows)
    referencesIn(row.subjectType, [asRecord(row.before), asRecord(row.after)], wanted);
  const names: ReferenceNames = new Map();
  await Promise.all(
    [...wanted].map(async ([table, ids]) => {
      const found = await NAME_QUERIES[table](db, [...ids]);
      names.set(table, new Map(found.map((row) => [row.id.toLowerCase(), row.name])));
    }),
  );
  return names;
}

/** A page of lines as the page and the export show them: the actor then and now, the changes in words. */
export async function presentEntries<Row extends EntryRow>(
  db: Database,
  rows: Row[],
  timeZone: string,
): Promise<(AuditEntry & { row: Row })[]> {
  const names = await namesFor(db, rows);
  return rows.map((row) => {
    const before = asRecord(row.before);
    const after = asRecord(row.after);
    return {
      row,
      id: row.id,
      actor: {
        id: row.actorId,
        nameAtTheTime: row.actorName,
        name: row.actorNameNow,
        username: row.actorUsername,
        deactivated: row.actorDeactivatedAt !== null,
      },
      kind: row.kind,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      subjectLabel: row.subjectLabel,
      summary: row.summary,
      before,
      after,
      changes: changesOf({ subjectType: row.subjectType, before, after }, names, timeZone),
      createdAt: row.createdAt.toISOString(),
    };
  });
}
