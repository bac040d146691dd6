import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { APPOINTING_ROLES, LOOKUP_LIMIT, type LookupItem } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, orgUnits, positions, users } from '../../db/schema/index';
import { containsPattern, prefixPattern } from '../../lib/search';
import { listedFor, seesIdentifiers, type Viewer } from '../privacy/visibility.service';

export const LOOKUP_KINDS = ['users', 'events', 'units', 'positions', 'officials'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/**
 * Who a people picker may offer: a proven, active account (never a deactivated one) that is not
 * the institute administrator, who is not a student (deviation 60).
 */
const pickable = () =>
  and(isNotNull(users.emailVerifiedAt), isNull(users.deactivatedAt), ne(users.role, 'ADMIN'));

/**
 * How many people matching a typed fragment are ranked by closeness. A fragment that at most this
 * many pickable people match (a name, a username, a surname shared by a few hundred) is ranked
 * over all of them, closest first, exactly as a nearest-first scan would. A broad fragment ('sha'
 * is in 15,000 names of a 200,000-student campus) is ranked over the first CANDIDATES matches the
 * database comes upon, not over all of them: the closest of those come first, so the list may miss
 * a closer name further on, and typing one more letter or the surname narrows it. Ranking every
 * match of a broad fragment (the GiST index's nearest-first scan) cost 30-100 ms a keystroke.
 */
const CANDIDATES = 300;

/**
 * People for a picker, by name, username or student id: pickable accounts only, never the one
 * searching. The officials, club coordinators and the administrator see each person's username
 * and student id, and find them by a fragment of either (decision 0041); anyone else sees the name
 * alone, finds a person by a part of the name or by the whole username or student id only, and
 * does not find a student who chose not to be listed.
 */
async function lookupUsers(db: Database, q: string, viewer: Viewer, only?: SQL): Promise<LookupItem[]> {
  const identifiers = seesIdentifiers(viewer);
  const toItem = (row: {
    id: string;
    name: string;
    username: string;
    studentId: string | null;
  }): LookupItem => ({
    id: row.id,
    label: row.name,
    detail: identifiers ? [row.username, row.studentId].filter(Boolean).join(' · ') : null,
  });
  const columns = {
    id: users.id,
    name: users.name,
    username: users.username,
    studentId: users.studentId,
  };
  const offered = and(pickable(), ne(users.id, viewer.id), listedFor(viewer, users.id), only);
  // Digits are the start of a student id, in order; before anything is typed, by name.
  if (!q || /^\d+$/.test(q)) {
    const byId = identifiers ? like(users.studentId, prefixPattern(q)) : eq(users.studentId, q);
    const rows = await db
      .select(columns)
      .from(users)
      .where(and(offered, q ? byId : undefined))
      .orderBy(...(q ? [asc(users.studentId)] : [asc(users.name), asc(users.id)]))
      .limit(LOOKUP_LIMIT);
    return rows.map(toItem);
  }
  // Anything else is part of a name or username, lower-cased by the database, as the key is
  // (JavaScript and PostgreSQL disagree on letters such as 'İ'). Up to CANDIDATES matches, found
  // through the GIN trigram index (or, for a broad fragment, the first rows of the table), then the
  // closest first (trigram distance), ids in order among equally close ones.
  const fragment = like(users.searchKey, sql`lower(${containsPattern(q)})`);
  const match = identifiers
    ? fragment
    : // The search key's index finds the candidates; the name alone must hold the text.
      or(
        and(fragment, sql`lower(${users.name}) like lower(${containsPattern(q)})`),
        eq(users.username, q.toLowerCase()),
      );
  const candidates = db
    .select({ ...columns, searchKey: users.searchKey })
    .from(users)
    .where(and(offered, match))
    .limit(CANDIDATES)
    .as('candidates');
  const rows = await db
    .select({
      id: candidates.id,
      name: candidates.name,
      username: candidates.username,
      studentId: candidates.studentId,
    })
    .from(candidates)
    .orderBy(sql`${candidates.searchKey} <-> lower(${q})`, asc(candidates.id))
    .limit(LOOKUP_LIMIT);
  return rows.map(toItem);
}

async function lookupEvents(db: Database, q: string): Promise<LookupItem[]> {
  const rows = await db
    .select({ id: events.id, title: events.title, unit: orgUnits.name, start: events.scheduleStart })
    .from(events)
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
    .where(
      and(
        // A club's proposal is not an event yet: only approved ones are offered.
        eq(events.approval, 'approved'),
        q
          ? or(ilike(events.title, containsPattern(q)), ilike(events.eventCode, containsPattern(q)))
          : undefined,
      ),
    )
    .orderBy(sql`${events.scheduleStart} desc nulls last`, asc(events.title))
    .limit(LOOKUP_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    label: row.title,
    detail: [row.unit, row.start?.toISOString().slice(0, 10)].filter(Boolean).join(' · ') || null,
  }));
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
    .select({
      id: positions.id,
      title: positions.title,
      code: positions.positionCode,
      unit: orgUnits.name,
    })
    .from(positions)
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    // A retired position takes no new holders, so it leaves the pickers.
    .where(
      and(
        isNull(positions.retiredAt),
        q
          ? or(
              ilike(positions.title, containsPattern(q)),
              ilike(orgUnits.name, containsPattern(q)),
              ilike(positions.positionCode, containsPattern(q)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(positions.title), asc(orgUnits.name))
    .limit(LOOKUP_LIMIT);
  return rows.map((row) => ({ id: row.id, label: row.title, detail: row.unit }));
}

/** Up to LOOKUP_LIMIT choices of a kind for a searchable picker, matched on the server. */
export async function lookup(
  db: Database,
  kind: LookupKind,
  q: string | undefined,
  viewer: Viewer,
): Promise<LookupItem[]> {
  const text = q?.trim() ?? '';
  if (kind === 'users') return lookupUsers(db, text, viewer);
  // The appointing officials of a position holder: the general secretaries, the president and the club coordinators.
  if (kind === 'officials')
    return lookupUsers(db, text, viewer, inArray(users.role, [...APPOINTING_ROLES]));
  if (kind === 'events') return lookupEvents(db, text);
  if (kind === 'units') return lookupUnits(db, text);
  return lookupPositions(db, text);
}

/** True when a record of the kind with this id exists (and, for people and units, is one a picker offers). */
export async function exists(db: Database, kind: LookupKind, id: string): Promise<boolean> {
  const table = { users, officials: users, events, units: orgUnits, positions }[kind];
  const condition =
    kind === 'users'
      ? and(eq(users.id, id), pickable())
      : kind === 'officials'
        ? and(eq(users.id, id), pickable(), inArray(users.role, [...APPOINTING_ROLES]))
        : kind === 'units'
          ? and(eq(orgUnits.id, id), isNull(orgUnits.retiredAt))
          : eq(table.id, id);
  const rows = await db.select({ id: table.id }).from(table).where(condition).limit(1);
  return rows.length > 0;
}
