import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { currentTenure, type AdminUnit } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rupeesOf } from '../../db/ledger-figures';
import { budgetLines, orgUnits, positionHolders, positions, users } from '../../db/schema/index';

/**
 * Each unit with what hangs on it: positions, open positions, distinct active verified holders and
 * linked coordinators, counted in one grouped pass over each table, and its money of the current
 * tenure from the ledger's lines (decision 0040). For one unit, the database carries the unit's id
 * into each grouped pass.
 */
function unitQuery(db: Database) {
  const money = db
    .select({
      unitId: budgetLines.unitId,
      allocated: sql<string>`sum(${budgetLines.allocated})::text`.as('allocated'),
      paid: sql<string>`sum(${budgetLines.paid})::text`.as('paid'),
    })
    .from(budgetLines)
    .where(eq(budgetLines.tenureYear, currentTenure()))
    .groupBy(budgetLines.unitId)
    .as('unit_money');
  const positionCounts = db
    .select({
      unitId: positions.unitId,
      all: sql<number>`count(*)::int`.as('all_positions'),
      open: sql<number>`(count(*) filter (where ${positions.retiredAt} is null))::int`.as(
        'open_positions',
      ),
    })
    .from(positions)
    .groupBy(positions.unitId)
    .as('position_counts');
  const holderCounts = db
    .select({
      unitId: positions.unitId,
      holders: sql<number>`count(distinct ${positionHolders.userId})::int`.as('holders'),
    })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .where(and(eq(positionHolders.status, 'active'), eq(positionHolders.verification, 'verified')))
    .groupBy(positions.unitId)
    .as('holder_counts');
  const coordinatorCounts = db
    .select({ unitId: users.clubUnitId, coordinators: sql<number>`count(*)::int`.as('coordinators') })
    .from(users)
    .where(isNotNull(users.clubUnitId))
    .groupBy(users.clubUnitId)
    .as('coordinator_counts');
  return db
    .select({
      unit: orgUnits,
      positions: sql<number>`coalesce(${positionCounts.all}, 0)`,
      openPositions: sql<number>`coalesce(${positionCounts.open}, 0)`,
      holders: sql<number>`coalesce(${holderCounts.holders}, 0)`,
      coordinators: sql<number>`coalesce(${coordinatorCounts.coordinators}, 0)`,
      budgetAllocated: sql<number>`coalesce(${money.allocated}, '0')`.mapWith(rupeesOf),
      budgetSpent: sql<number>`coalesce(${money.paid}, '0')`.mapWith(rupeesOf),
    })
    .from(orgUnits)
    .leftJoin(positionCounts, eq(positionCounts.unitId, orgUnits.id))
    .leftJoin(holderCounts, eq(holderCounts.unitId, orgUnits.id))
    .leftJoin(coordinatorCounts, eq(coordinatorCounts.unitId, orgUnits.id))
    .leftJoin(money, eq(money.unitId, orgUnits.id));
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof unitQuery>['execute']>>[number];

const toAdminUnit = ({ unit, budgetAllocated, budgetSpent, ...counts }: UnitRow): AdminUnit => ({
  id: unit.id,
  code: unit.unitCode,
  name: unit.name,
  type: unit.type,
  parentId: unit.parentId,
  description: unit.description,
  category: unit.category,
  contactEmail: unit.contactEmail,
  budgetAllocated,
  budgetSpent,
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
