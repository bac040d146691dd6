import { and, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { currentTenure, type Roster, type RosterEntry, type RosterQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clubMemberships, users } from '../../db/schema/index';
import { answerKeeper, keyOfQuery } from '../../lib/kept-answers';
import { containsPattern, prefixPattern } from '../../lib/search';

/** One period of a club's roster; null when the club has no such membership. */
export async function readRosterEntry(
  db: Database,
  unitId: string,
  membershipId: string,
): Promise<RosterEntry | null> {
  const where = and(eq(clubMemberships.id, membershipId), eq(clubMemberships.unitId, unitId));
  const [entry] = (await rosterRows(db, where, 1, 0)).entries;
  return entry ?? null;
}

const periodsOf = (status: RosterQuery['status']): SQL | undefined =>
  status === 'current'
    ? isNull(clubMemberships.endedAt)
    : status === 'past'
      ? isNotNull(clubMemberships.endedAt)
      : undefined;

/**
 * A roster page is kept a short while for whoever may read it (decision 0034): while the club's
 * memberships, its members' names and the positions held are as they were, and half a minute at
 * most.
 */
const keptRosters = answerKeeper<Roster>({ forMs: 30_000, characters: 4_000_000 });

/** The versions a kept roster page of the club must have been computed from (migration 0042). */
async function rosterVersion(db: Database, unitId: string): Promise<string> {
  const [row] = rowsOf<{ club: string | null; rosters: string | null }>(
    await db.execute(sql`select
      (select n from tallies where key = ${`roster.${unitId}`}) as club,
      (select n from tallies where key = 'clubs.rosters') as rosters`),
  );
  return `${row?.club ?? 0}:${row?.rosters ?? 0}`;
}

/**
 * A club's roster, one page: its current members, its past ones, or both; searched by name or by
 * the start of a student ID; by name, then the latest period first. `overall` counts the periods
 * of the status without the search. One statement reads the page with how many match, and the
 * count of the status; the page is then kept while the roster stays as it was.
 */
export async function clubRoster(db: Database, unitId: string, query: RosterQuery): Promise<Roster> {
  const key = keyOfQuery('roster', unitId, currentTenure(), query);
  const version = await rosterVersion(db, unitId);
  const rosters = keptRosters(db);
  const kept = rosters.find(key, version);
  if (kept) return kept;
  const { inStatus, where } = rosterFilters(unitId, query);
  const overall = sql`(select count(*) from ${clubMemberships} where ${inStatus})`;
  const offset = (query.page - 1) * query.pageSize;
  const { entries, ...counts } = await rosterRows(db, where, query.pageSize, offset, overall);
  let { total, overall: counted } = counts;
  if (!entries.length && offset > 0) {
    // A page past the last: the counts alone, from the first.
    ({ total, overall: counted } = await rosterRows(db, where, 1, 0, overall));
  }
  const roster = {
    items: entries,
    total,
    overall: counted ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
  rosters.keep(key, version, roster);
  return roster;
}

/** The roster's conditions: the club's periods of the status, and those the search keeps. */
export function rosterFilters(unitId: string, query: Pick<RosterQuery, 'q' | 'status'>) {
  const inStatus = and(eq(clubMemberships.unitId, unitId), periodsOf(query.status));
  const search = query.q
    ? or(ilike(users.name, containsPattern(query.q)), ilike(users.studentId, prefixPattern(query.q)))
    : undefined;
  return { inStatus, where: and(inStatus, search) };
}

type RosterPageRow = {
  id: string;
  user_id: string;
  name: string;
  student_id: string | null;
  role: string;
  started_at: string | Date;
  ended_at: string | Date | null;
  end_reason: string | null;
  offices: string[] | null;
  total: string | number;
  overall: string | number | null;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Roster entries in the roster's order (by name, then the latest period first), a page of them,
 * with how many `where` keeps in all (0 past the last page) and, when asked, a count of one's own.
 * The positions each entry holds are looked up for the page's entries only.
 */
async function rosterRows(
  db: Database,
  where: SQL | undefined,
  limit: number,
  offset: number,
  overall: SQL = sql`null`,
): Promise<{ entries: RosterEntry[]; total: number; overall: number | null }> {
  const result = await db.execute(sql`
    with page as (
      select ${clubMemberships.id} as id, ${clubMemberships.unitId} as unit_id, ${users.id} as user_id,
        ${users.name} as name, ${users.studentId} as student_id, ${clubMemberships.role} as role,
        ${clubMemberships.startedAt} as started_at, ${clubMemberships.endedAt} as ended_at,
        ${clubMemberships.endReason} as end_reason, count(*) over () as total
      from ${clubMemberships} join ${users} on ${users.id} = ${clubMemberships.userId}
      where ${where ?? sql`true`}
      order by ${users.name}, ${clubMemberships.startedAt} desc, ${clubMemberships.id}
      limit ${limit} offset ${offset}
    )
    select page.id, page.user_id, page.name, page.student_id, page.role, page.started_at,
      page.ended_at, page.end_reason, page.total, counts.overall,
      -- The club's positions the member holds this tenure, verified: shown beside their role.
      (select array_agg(pos.title order by pos.title)
        from position_holders h join positions pos on pos.id = h.position_id
        where h.user_id = page.user_id and pos.unit_id = page.unit_id
          and h.tenure_year = ${currentTenure()} and h.status = 'active'
          and h.verification = 'verified') as offices
    -- One row of counts when the page is empty.
    from (select ${overall} as overall) counts left join page on true
    order by page.name, page.started_at desc, page.id`);
  const rows = rowsOf<RosterPageRow>(result);
  return {
    entries: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id,
        student: { id: row.user_id, name: row.name, studentId: row.student_id },
        role: row.role,
        offices: row.offices ?? [],
        startedAt: new Date(row.started_at).toISOString(),
        endedAt: iso(row.ended_at),
        endReason: row.end_reason,
      })),
    total: Number(rows[0]?.total ?? 0),
    overall:
      rows[0]?.overall === null || rows[0]?.overall === undefined ? null : Number(rows[0].overall),
  };
}

/** Roster entries in the roster's order, a page of them: the export's pages. */
export async function rosterPage(
  db: Database,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<RosterEntry[]> {
  return (await rosterRows(db, where, limit, offset)).entries;
}
