import { asc, eq, sql } from 'drizzle-orm';
import type { AdminUnit } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';

/** The outer unit's id, qualified: Drizzle leaves columns unqualified in a one-table select, and "id" is also the subqueries'. */
const unitId = sql.raw('"org_units"."id"');

/** Each unit with what hangs on it, counted by the database (one correlated count per column, each on an index). */
function unitQuery(db: Database) {
  return db
    .select({
      unit: orgUnits,
      positions: sql<number>`(select count(*)::int from ${positions} p where p.unit_id = ${unitId})`,
      openPositions: sql<number>`(select count(*)::int from ${positions} p where p.unit_id = ${unitId} and p.retired_at is null)`,
      holders: sql<number>`(select count(distinct h.user_id)::int from ${positionHolders} h join ${positions} p on p.id = h.position_id
        where p.unit_id = ${unitId} and h.status = 'active' and h.verification = 'verified')`,
      coordinators: sql<number>`(select count(*)::int from ${users} c where c.club_unit_id = ${unitId})`,
    })
    .from(orgUnits);
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof unitQuery>['execute']>>[number];

const toAdminUnit = ({ unit, ...counts }: UnitRow): AdminUnit => ({
  id: unit.id,
  code: unit.unitCode,
  name: unit.name,
  type: unit.type,
  parentId: unit.parentId,
  description: unit.description,
  category: unit.category,
  contactEmail: unit.contactEmail,
  budgetAllocated: unit.budgetAllocated,
  budgetSpent: unit.budgetSpent,
  retiredAt: unit.retiredAt?.toISOString() ?? null,
  createdAt: unit.createdAt.toISOString(),
  updatedAt: unit.updatedAt.toISOString(),
  counts,
});

/** Every unit, retired ones included, by name: a campus has tens or hundreds, so the page gets them all and builds the tree. */
export async function readUnits(db: Database): Promise<AdminUnit[]> {
  const rows = await unitQuery(db).orderBy(asc(orgUnits.name), asc(orgUnits.id));
  return rows.map(toAdminUnit);
}

/** One unit with its counts; null when there is none. */
export async function readUnit(db: Database, id: string): Promise<AdminUnit | null> {
  const [row] = await unitQuery(db).where(eq(orgUnits.id, id)).limit(1);
  return row ? toAdminUnit(row) : null;
}
