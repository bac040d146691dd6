import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { councilOf, type ActorFacts, type UnitFacts } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { orgUnits, users } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';

/*
 * The facts the rule of who may verify, appoint and end what (contracts record-authority) judges
 * by: where a unit sits in the council's tree, and the club a coordinator's account is linked to.
 * The queues that list what an official may act on use the same facts as SQL conditions.
 */

/** The unit types whose positions are council offices: the apex council and its councils. */
const COUNCIL_OFFICE_TYPES = sql`('council', 'committee')`;

/**
 * A unit's facts: a council office when the unit is the apex council or one of its councils; its
 * council is the nearest council (type 'committee') at or above it, named by its category (the
 * type its general secretary reviews). Null when the unit does not exist.
 */
export async function unitFactsOf(db: Database, unitId: string): Promise<UnitFacts | null> {
  const result = await db.execute(sql`
    with recursive up(id, type, category, parent_id, depth) as (
      select id, type, category, parent_id, 0 from ${orgUnits} where id = ${unitId}
      union all
      select o.id, o.type, o.category, o.parent_id, up.depth + 1
      from ${orgUnits} o join up on o.id = up.parent_id where up.depth < 32
    )
    select (select id from up where depth = 0) as id,
      (select type in ${COUNCIL_OFFICE_TYPES} from up where depth = 0) as council_office,
      (select lower(trim(category)) from up where type = 'committee' order by depth limit 1) as council`);
  const row = rowsOf<{ id: string | null; council_office: boolean; council: string | null }>(result)[0];
  if (!row?.id) return null;
  return { id: row.id, councilOffice: row.council_office, council: row.council };
}

/** The acting user's facts: their role and, for a club coordinator, the club their account is linked to (read now, never from the client). */
export async function actorFactsOf(
  db: Database,
  actor: { id: string; role: string },
): Promise<ActorFacts> {
  if (actor.role !== 'CLUB_COORDINATOR') return { id: actor.id, role: actor.role, clubId: null };
  const [row] = await db
    .select({ clubId: users.clubUnitId })
    .from(users)
    .innerJoin(orgUnits, eq(orgUnits.id, users.clubUnitId))
    .where(eq(users.id, actor.id))
    .limit(1);
  return { id: actor.id, role: actor.role, clubId: row?.clubId ?? null };
}

/**
 * The ids of the clubs in a general secretary's council (every unit below the council of their type,
 * the council itself left out: its positions are council offices), as a subquery; none for anyone else.
 */
function clubsOfCouncil(role: string): SQL {
  const council = councilOf(role);
  if (council === null) return sql`select null::uuid where false`;
  return sql`with recursive down(id) as (
      select id from ${orgUnits} where type = 'committee' and lower(trim(category)) = ${council}
      union
      select o.id from ${orgUnits} o join down on o.parent_id = down.id
    ) select d.id from down d join ${orgUnits} u on u.id = d.id where u.type not in ${COUNCIL_OFFICE_TYPES}`;
}

/** The ids of the units whose positions are council offices, as a subquery. */
export const councilOfficeUnits = (): SQL =>
  sql`select id from ${orgUnits} where type in ${COUNCIL_OFFICE_TYPES}`;

/** The council a unit sits in (its category, as councilOf names it), as a scalar of one statement; null when none. */
export const councilCategoryOf = (
  unitId: SQL,
): SQL<string | null> => sql`(with recursive up(id, type, category, parent_id, depth) as (
    select o.id, o.type, o.category, o.parent_id, 0 from ${orgUnits} o where o.id = ${unitId}
    union all
    select o.id, o.type, o.category, o.parent_id, up.depth + 1
    from ${orgUnits} o join up on o.id = up.parent_id where up.depth < 32
  ) select lower(trim(category)) from up where type = 'committee' order by depth limit 1)`;

/**
 * A unit's facts as columns of a list's select over org_units joined as the unit (unitFactsOf for
 * every row of a page at once): whether its positions are council offices, and its council.
 */
export const unitFactsColumns = () => ({
  councilOffice: sql<boolean>`(${orgUnits.type} in ${COUNCIL_OFFICE_TYPES})`,
  council: councilCategoryOf(sql`${orgUnits.id}`),
});

/**
 * The condition on a unit id column that the units whose position records and holdings the actor
 * manages pass (canManageUnitPositions, canVerify of position records): a coordinator's club, a
 * general secretary's council's clubs, every club for the president, every unit for the administrator.
 */
export function managedUnits(actor: ActorFacts, unitId: SQL | PgColumn): SQL {
  switch (actor.role) {
    case 'ADMIN':
      return sql`true`;
    case 'PRESIDENT':
      return sql`${unitId} not in (${councilOfficeUnits()})`;
    case 'CLUB_COORDINATOR':
      return actor.clubId ? sql`${unitId} = ${actor.clubId}` : sql`false`;
    default:
      return councilOf(actor.role) ? sql`${unitId} in (${clubsOfCouncil(actor.role)})` : sql`false`;
  }
}
