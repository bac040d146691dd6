import { and, asc, eq, ilike, inArray, isNotNull, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { APPOINTING_ROLES, LOOKUP_LIMIT, type LookupItem } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, orgUnits, positions, users } from '../../db/schema/index';
import { containsPattern, prefixPattern } from '../../lib/search';

export const LOOKUP_KINDS = ['users', 'events', 'units', 'positions', 'officials'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/**
 * Who a people picker may offer: a proven, active account (never a deactivated one) that is not
 * the institute administrator, who is not a student (deviation 60).
 */
const pickable = () => and(isNotNull(users.emailVerifiedAt), isNull(users.deactivatedAt), ne(users.role, 'ADMIN'));

/**
 * People for a picker, by name, username or student id: pickable accounts only, never the one
 * searching. Shows what the spec's pickers show (name, username, student id), nothing more.
 */
async function lookupUsers(db: Database, q: string, selfId: string, only?: SQL): Promise<LookupItem[]> {
  // Digits are the start of a student id; anything else is part of a name or username (lower-cased
  // by the database, as the key is: JavaScript and PostgreSQL disagree on letters such as 'İ').
  const search = !q ? undefined : /^\d+$/.test(q) ? like(users.studentId, prefixPattern(q)) : like(users.searchKey, sql`lower(${containsPattern(q)})`);
  const rows = await db
    .select({ id: users.id, name: users.name, username: users.username, studentId: users.studentId })
    .from(users)
    .where(and(pickable(), ne(users.id, selfId), search, only))
    // Closest names first, through the trigram index; ids in order; before anything is typed, by name.
    .orderBy(...(!q ? [asc(users.name), asc(users.id)] : /^\d+$/.test(q) ? [asc(users.studentId)] : [sql`${users.searchKey} <-> lower(${q})`]))
    .limit(LOOKUP_LIMIT);
  return rows.map((row) => ({ id: row.id, label: row.name, detail: [row.username, row.studentId].filter(Boolean).join(' · ') }));
}

async function lookupEvents(db: Database, q: string): Promise<LookupItem[]> {
  const rows = await db
    .select({ id: events.id, title: events.title, unit: orgUnits.name, start: events.scheduleStart })
    .from(events)
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
    .where(q ? or(ilike(events.title, containsPattern(q)), ilike(events.eventCode, containsPattern(q))) : undefined)
    .orderBy(sql`${events.scheduleStart} desc nulls last`, asc(events.title))
    .limit(LOOKUP_LIMIT);
  return rows.map((row) => ({ id: row.id, label: row.title, detail: [row.unit, row.start?.toISOString().slice(0, 10)].filter(Boolean).join(' · ') || null }));
}

async function lookupUnits(db: Database, q: string): Promise<LookupItem[]> {
  const rows = await db
    .select({ id: orgUnits.id, name: orgUnits.name, type: orgUnits.type, category: orgUnits.category })
    .from(orgUnits)
    // A retired unit keeps its history but is offered for nothing new.
    .where(and(isNull(orgUnits.retiredAt), q ? ilike(orgUnits.name, containsPattern(q)) : undefined))
    .orderBy(asc(orgUnits.name))
    .limit(LOOKUP_LIMIT);
  return rows.map((row) => ({ id: row.id, label: row.name, detail: row.category ?? row.type }));
}

async function lookupPositions(db: Database, q: string): Promise<LookupItem[]> {
  const rows = await db
    .select({ id: positions.id, title: positions.title, code: positions.positionCode, unit: orgUnits.name })
    .from(positions)
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    // A retired position takes no new holders, so it leaves the pickers.
    .where(and(isNull(positions.retiredAt), q ? or(ilike(positions.title, containsPattern(q)), ilike(orgUnits.name, containsPattern(q)), ilike(positions.positionCode, containsPattern(q))) : undefined))
    .orderBy(asc(positions.title), asc(orgUnits.name))
    .limit(LOOKUP_LIMIT);
  return rows.map((row) => ({ id: row.id, label: row.title, detail: row.unit }));
}

/** Up to LOOKUP_LIMIT choices of a kind for a searchable picker, matched on the server. */
export async function lookup(db: Database, kind: LookupKind, q: string | undefined, selfId: string): Promise<LookupItem[]> {
  const text = q?.trim() ?? '';
  if (kind === 'users') return lookupUsers(db, text, selfId);
  // The appointing officials of a position holder: the general secretaries, the president and the club coordinators.
  if (kind === 'officials') return lookupUsers(db, text, selfId, inArray(users.role, [...APPOINTING_ROLES]));
  if (kind === 'events') return lookupEvents(db, text);
  if (kind === 'units') return lookupUnits(db, text);
  return lookupPositions(db, text);
}

/** True when a record of the kind with this id exists (and, for people and units, is one a picker offers). */
export async function exists(db: Database, kind: LookupKind, id: string): Promise<boolean> {
  const table = { users, officials: users, events, units: orgUnits, positions }[kind];
  const condition =
    kind === 'users' ? and(eq(users.id, id), pickable()) : kind === 'officials' ? and(eq(users.id, id), pickable(), inArray(users.role, [...APPOINTING_ROLES])) : kind === 'units' ? and(eq(orgUnits.id, id), isNull(orgUnits.retiredAt)) : eq(table.id, id);
  const rows = await db.select({ id: table.id }).from(table).where(condition).limit(1);
  return rows.length > 0;
}

