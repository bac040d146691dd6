import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  currentTenure,
  normalizeRole,
  type DirectoryPositionList,
  type DirectoryPositionListQuery,
  type OfficeBearerList,
  type OfficeBearerListQuery,
  type Role,
} from '@cosa/contracts';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import { gapsOf, recordForRequirements } from './position-holders.requirements';
import { rowsOf } from '../../db/rows';

/** Who is looking: any signed-in, onboarded user. */
export type DirectoryViewer = { id: string; role: Role };

/**
 * A holding the campus may see as held now: active, of the current tenure, of a position in use
 * (not retired), and appointed or verified by an official (never a student's own unverified claim).
 * An account made the institute administrator keeps its holdings, but is no student office-bearer.
 */
const heldNow = (tenure: string) =>
  and(
    fixed(positionHolders.status, 'active'),
    fixed(positionHolders.verification, 'verified'),
    eq(positionHolders.tenureYear, tenure),
    inArray(positionHolders.positionId, sql`(select ${positions.id} from ${positions} where ${positions.retiredAt} is null)`),
    sql`${positionHolders.userId} not in (select a.id from ${users} a where a.role = 'ADMIN')`,
  );

/** Names each holding's person, position and unit. */
function withPositions<T extends PgSelect>(query: T) {
  return query
    .innerJoin(users, eq(users.id, positionHolders.userId))
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId));
}

/**
 * COSA View's office-bearers: the people holding a position in use in the current tenure, by unit, position and name,
 * searched over name, position title and unit name; only their name, position, unit, tenure and
 * appointment date leave the server.
 */
export async function listOfficeBearers(db: Database, query: OfficeBearerListQuery, now = new Date()): Promise<OfficeBearerList> {
  const held = heldNow(currentTenure(now));
  const filters: (SQL | undefined)[] = [held];
  if (query.q) {
    const pattern = containsPattern(query.q);
    // People by the name each holding carries (never their username or e-mail), positions and units by their few rows.
    filters.push(or(sql`${positionHolders.holderKey} like lower(${pattern})`, ilike(positions.title, pattern), ilike(orgUnits.name, pattern)));
  }
  if (query.unitId) filters.push(eq(positions.unitId, query.unitId));
  const where = and(...filters);
  // The page counts the matches in the same pass (a window over them, before the limit).
  const [rows, facets] = await Promise.all([
    withPositions(
      db
        .select({
          id: positionHolders.id,
          name: users.name,
          positionId: positions.id,
          title: positions.title,
          positionType: positions.positionType,
          unitId: orgUnits.id,
          unitName: orgUnits.name,
          tenureYear: positionHolders.tenureYear,
          since: positionHolders.appointmentDate,
          matching: sql<number>`(count(*) over ())::int`,
        })
        .from(positionHolders)
        .$dynamic(),
    )
      .where(where)
      .orderBy(asc(orgUnits.name), asc(positions.title), asc(users.name), asc(positionHolders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    // Every office-bearer counted and their units listed, in one statement.
    db.execute(sql`select
      (select count(*) from ${positionHolders} where ${held})::int as "overall",
      coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name) from ${orgUnits} o
        where o.id in (select ${positions.unitId} from ${positions} join ${positionHolders} on ${positionHolders.positionId} = ${positions.id} where ${held})), '[]') as "units"`),
  ]);
  const { overall, units } = rowsOf<{ overall: number; units: { id: string; name: string }[] }>(facets)[0]!;
  // A page past the end has no row to carry the count.
  const total = rows.length ? rows[0]!.matching : (await withPositions(db.select({ n: count() }).from(positionHolders).$dynamic()).where(where))[0]!.n;
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      position: { id: row.positionId, title: row.title, positionType: row.positionType },
      unit: { id: row.unitId, name: row.unitName },
      tenureYear: row.tenureYear,
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
export async function listDirectoryPositions(db: Database, viewer: DirectoryViewer, query: DirectoryPositionListQuery, now = new Date()): Promise<DirectoryPositionList> {
  const tenure = currentTenure(now);
  const filled = sql<number>`(select count(*)::int from ${positionHolders} ph
    where ph.position_id = ${positions.id} and ph.tenure_year = ${tenure} and ph.status = 'active' and ph.verification = 'verified')`;
  const inUse = isNull(positions.retiredAt);
  const filters: (SQL | undefined)[] = [inUse];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(or(ilike(positions.title, pattern), ilike(orgUnits.name, pattern), ilike(positions.description, pattern)));
  }
  if (query.unitId) filters.push(eq(positions.unitId, query.unitId));
  if (query.open === 'true') filters.push(sql`${filled} < ${positions.positionCount}`);
  const where = and(...filters);
  const isStudent = normalizeRole(viewer.role) === 'STUDENT';
  const [rows, [matching], [all], units, record] = await Promise.all([
    db
      .select({ p: positions, unitName: orgUnits.name, filled })
      .from(positions)
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(where)
      .orderBy(asc(orgUnits.name), asc(positions.title), asc(positions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(positions).innerJoin(orgUnits, eq(orgUnits.id, positions.unitId)).where(where),
    db.select({ n: count() }).from(positions).where(inUse),
    db
      .select({ id: orgUnits.id, name: orgUnits.name })
      .from(orgUnits)
      .where(inArray(orgUnits.id, db.select({ id: positions.unitId }).from(positions).where(inUse)))
      .orderBy(asc(orgUnits.name)),
    isStudent ? recordForRequirements(db, viewer.id) : Promise.resolve(null),
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
        gaps: record ? Object.values(gapsOf(requirements, record)) : null,
      };
    }),
    total: matching!.n,
    overall: all!.n,
    page: query.page,
    pageSize: query.pageSize,
    units,
  };
}
