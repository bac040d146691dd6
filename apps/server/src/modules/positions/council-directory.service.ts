import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  currentTenure,
  normalizeRole,
  type DirectoryPositionList,
  type DirectoryPositionListQuery,
  type OfficeBearerList,
  type OfficeBearerListQuery,
  type Role,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { orgUnits, positionHolders, positions, tallies, users } from '../../db/schema/index';
import { heldTallyKey } from '../../db/tallies';
import { activeHoldersIn } from './positions.read';
import { containsPattern } from '../../lib/search';
import { gapsOf, recordForRequirements } from './position-holders.requirements';
import { rowsOf } from '../../db/rows';

/** Who is looking: any signed-in, onboarded user. */
export type DirectoryViewer = { id: string; role: Role };

/**
 * The seats filled in the tenure of each position in use, from the tallies (one row per position),
 * less the holdings of accounts made the institute administrator (a few rows, through their ids).
 */
const filledSeats = (tenure: string) => sql`with "admin_held" as (
    select ph.position_id, count(*)::int as n from ${positionHolders} ph
    where ph.user_id in (select a.id from ${users} a where a.role = 'ADMIN') and ph.status = 'active' and ph.verification = 'verified' and ph.tenure_year = ${tenure}
    group by ph.position_id),
  "seats" as (
    select p.id, p.unit_id, t.n - coalesce(ah.n, 0) as n from ${positions} p
    join ${tallies} t on t.key = ${heldTallyKey(tenure, sql`p.id`)}
    left join "admin_held" ah on ah.position_id = p.id
    where p.retired_at is null)`;

/**
 * A holding the campus may see as held now (over the alias h): active, of the tenure, appointed or
 * verified by an official (never a student's own unverified claim), of a position in use (which the
 * lists join). An account made the institute administrator keeps its holdings, but is no student
 * office-bearer.
 */
const heldAs = (tenure: string) =>
  sql`h.tenure_year = ${tenure} and h.status = 'active' and h.verification = 'verified' and h.user_id not in (select a.id from ${users} a where a.role = 'ADMIN')`;

/** The holding columns a page names, over the alias h. */
const holdingColumns = sql`h.id, h.user_id, h.position_id, h.tenure_year, h.appointment_date::text as since, h.holder_key`;

type OfficeBearerRow = {
  id: string;
  name: string;
  position_id: string;
  title: string;
  position_type: string;
  unit_id: string;
  unit_name: string;
  tenure_year: string;
  since: string | null;
  matching?: number;
};

/**
 * The held holdings whose person's name, position's title or unit's name holds the pattern, found
 * through the indexes: the names each holding carries by their trigram index, the positions and
 * units by their few hundred rows; a few hundred matches at most are then ordered.
 */
function matchingOfficeBearers(tenure: string, q: string) {
  const pattern = containsPattern(q);
  return sql`"matches" as (
    select ${holdingColumns} from ${positionHolders} h where h.holder_key like lower(${pattern}) and ${heldAs(tenure)}
    union
    select ${holdingColumns} from ${positionHolders} h where ${heldAs(tenure)}
      and h.position_id in (select p.id from ${positions} p join ${orgUnits} o on o.id = p.unit_id where p.title ilike ${pattern} or o.name ilike ${pattern}))`;
}

/**
 * COSA View's office-bearers: the people holding a position in use in the current tenure, by unit,
 * position and name (case aside), searched over name, position title and unit name; only their
 * name, position, unit, tenure and appointment date leave the server.
 */
export async function listOfficeBearers(
  db: Database,
  query: OfficeBearerListQuery,
  now = new Date(),
): Promise<OfficeBearerList> {
  const tenure = currentTenure(now);
  const offset = (query.page - 1) * query.pageSize;
  const ofUnit = query.unitId ? sql`and o.id = ${query.unitId}` : sql``;
  const byPlace = sql`order by "unit_name", "title", "position_id", "holder_key", "id"`;
  const page = query.q
    ? // The matches ordered, counted in the same pass (a window over them, before the limit).
      sql`with ${matchingOfficeBearers(tenure, query.q)},
      "page" as (
        select m.*, p.title, p.position_type, o.id as unit_id, o.name as unit_name, (count(*) over ())::int as matching
        from "matches" m join ${positions} p on p.id = m.position_id and p.retired_at is null join ${orgUnits} o on o.id = p.unit_id
        where true ${ofUnit}
        ${byPlace} limit ${query.pageSize} offset ${offset})
      select "page".*, u.name from "page" join ${users} u on u.id = "page".user_id ${byPlace}`
    : // Every holding: units in name order, each one's positions, each one's holders, walked
      // until the page is full, so the first pages read a few dozen rows of the campus's thousands.
      sql`with "page" as (
        select h.*, p.title, p.position_type, o.id as unit_id, o.name as unit_name
        from (select o.id, o.name from ${orgUnits} o order by o.name) o
        cross join lateral (select p.id, p.title, p.position_type from ${positions} p where p.unit_id = o.id and p.retired_at is null order by p.title, p.id offset 0) p
        cross join lateral (select ${holdingColumns} from ${positionHolders} h where h.position_id = p.id and ${heldAs(tenure)} order by h.holder_key, h.id offset 0) h
        where true ${ofUnit}
        order by o.name, p.title, p.id, h.holder_key, h.id limit ${query.pageSize} offset ${offset})
      select "page".*, u.name from "page" join ${users} u on u.id = "page".user_id ${byPlace}`;
  const [rows, facets] = await Promise.all([
    db.execute(page).then((result) => rowsOf<OfficeBearerRow>(result)),
    // Every office-bearer counted and their units listed, from the tallies, in one statement.
    db.execute(sql`${filledSeats(tenure)} select
      (select coalesce(sum(n), 0) from "seats")::int as "overall",
      (select coalesce(sum(n), 0) from "seats" where ${query.unitId ? sql`unit_id = ${query.unitId}` : sql`true`})::int as "ofUnit",
      coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name) from ${orgUnits} o
        where o.id in (select unit_id from "seats" where n > 0)), '[]') as "units"`),
  ]);
  const {
    overall,
    ofUnit: unitTotal,
    units,
  } = rowsOf<{ overall: number; ofUnit: number; units: { id: string; name: string }[] }>(facets)[0]!;
  // Unsearched, the tallies count the page's list; a search past its last page has no row to carry its count.
  const total = !query.q
    ? unitTotal
    : rows.length
      ? Number(rows[0]!.matching)
      : Number(
          rowsOf<{ n: number }>(
            await db.execute(sql`with ${matchingOfficeBearers(tenure, query.q)}
              select count(*)::int as n from "matches" m join ${positions} p on p.id = m.position_id and p.retired_at is null join ${orgUnits} o on o.id = p.unit_id where true ${ofUnit}`),
          )[0]!.n,
        );
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      position: { id: row.position_id, title: row.title, positionType: row.position_type },
      unit: { id: row.unit_id, name: row.unit_name },
      tenureYear: row.tenure_year,
      since: row.since,
    })),
    total,
    overall,
    page: query.page,
    pageSize: query.pageSize,
    units,
  };
}

/**
 * COSA View's positions: those in use (not retired), by unit and title, with the seats held in the
 * current tenure and, for a student, where their record falls short of each position's requirements.
 */
export async function listDirectoryPositions(
  db: Database,
  viewer: DirectoryViewer,
  query: DirectoryPositionListQuery,
  now = new Date(),
): Promise<DirectoryPositionList> {
  const tenure = currentTenure(now);
  const filled = activeHoldersIn(tenure);
  const inUse = isNull(positions.retiredAt);
  const filters: (SQL | undefined)[] = [inUse];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      or(
        ilike(positions.title, pattern),
        ilike(orgUnits.name, pattern),
        ilike(positions.description, pattern),
      ),
    );
  }
  if (query.unitId) filters.push(eq(positions.unitId, query.unitId));
  if (query.open === 'true') filters.push(sql`${filled} < ${positions.positionCount}`);
  const where = and(...filters);
  const isStudent = normalizeRole(viewer.role) === 'STUDENT';
  // The page counts the matches in the same pass (a window over them, before the limit).
  const [rows, [all], units, record] = await Promise.all([
    db
      .select({
        p: positions,
        unitName: orgUnits.name,
        filled,
        matching: sql<number>`(count(*) over ())::int`,
      })
      .from(positions)
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(where)
      .orderBy(asc(orgUnits.name), asc(positions.title), asc(positions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(positions).where(inUse),
    db
      .select({ id: orgUnits.id, name: orgUnits.name })
      .from(orgUnits)
      .where(inArray(orgUnits.id, db.select({ id: positions.unitId }).from(positions).where(inUse)))
      .orderBy(asc(orgUnits.name)),
    isStudent ? recordForRequirements(db, viewer.id, now) : Promise.resolve(null),
  ]);
  return {
    items: rows.map(({ p, unitName, filled: held }) => {
      const requirements = { minCgpa: p.minCgpa, minYear: p.minYear, skillsRequired: p.skillsRequired };
      return {
        id: p.id,
        positionCode: p.positionCode,
        title: p.title,
        positionType: p.positionType,
        unit: { id: p.unitId, name: unitName },
        description: p.description,
        responsibilities: p.responsibilities,
        requirements,
        positionCount: p.positionCount,
        filled: held,
        tenure,
        gaps: record ? Object.values(gapsOf(requirements, record, 'own')) : null,
      };
    }),
    // A page past the end has no row to carry the count.
    total: rows.length
      ? rows[0]!.matching
      : (
          await db
            .select({ n: count() })
            .from(positions)
            .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
            .where(where)
        )[0]!.n,
    overall: all!.n,
    page: query.page,
    pageSize: query.pageSize,
    units,
  };
}
