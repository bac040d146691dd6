import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  canManageUnitPositions,
  currentTenure,
  POSITION_ADMIN_MESSAGES,
  type Position,
  type PositionExportQuery,
  type PositionList,
  type PositionListQuery,
  type PositionRow,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { orgUnits, positionHolders, positions, tallies } from '../../db/schema/index';
import { heldTallyKey } from '../../db/tallies';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { coordinatorClub } from '../clubs/club-scope.service';
import { actorFactsOf, unitFactsColumns } from '../clubs/unit-facts.service';
import {
  changeRightOf,
  managesOneClub,
  requireCovered,
  scopeFor,
  type CosaActor,
  type CosaScope,
} from './positions.policy';

/** What the actor may manage (positions.policy's scopeFor), with the club a coordinator runs read from the database. */
export async function scopeOf(db: Database, actor: CosaActor): Promise<CosaScope> {
  return scopeFor(actor, managesOneClub(actor) ? await coordinatorClub(db, actor.id) : null);
}

/** The seats filled in one tenure: its active, verified holders, from their tally (one row read). */
export const activeHoldersIn = (tenure: string) =>
  sql<number>`coalesce((select ${tallies.n} from ${tallies} where ${tallies.key} = ${heldTallyKey(tenure, positions.id)}), 0)::int`;
/** Holdings that keep a position from being deleted; a declined claim is not one (it goes with the position). */
const keepingHolders = sql<number>`(select count(*)::int from ${positionHolders} ph where ph.position_id = ${positions.id} and ph.verification <> 'declined')`;

function cardQuery(db: Database, tenure = currentTenure()) {
  return db
    .select({
      p: positions,
      unit: { id: orgUnits.id, name: orgUnits.name, category: orgUnits.category },
      activeHolders: activeHoldersIn(tenure),
      tenure: sql<string>`${tenure}::text`,
      holders: keepingHolders,
      unitFacts: unitFactsColumns(),
    })
    .from(positions)
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

const toPosition = ({ p, unit, activeHolders: active, tenure, holders }: CardRow): Position => ({
  id: p.id,
  positionCode: p.positionCode,
  title: p.title,
  unit,
  positionType: p.positionType,
  positionCount: p.positionCount,
  description: p.description,
  responsibilities: p.responsibilities,
  requirements: { minCgpa: p.minCgpa, minYear: p.minYear, skillsRequired: p.skillsRequired },
  activeHolders: active,
  tenure,
  holders,
  retiredAt: p.retiredAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

const inScope = (scope: CosaScope): SQL | undefined =>
  scope.unlinked ? sql`false` : scope.club ? eq(positions.unitId, scope.club.id) : undefined;

/**
 * The positions View Positions lists for a scope and its filters (over positions joined to their
 * unit): the list and its export both read them here.
 */
export function positionFilters(scope: CosaScope, query: PositionExportQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [inScope(scope)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      or(
        ilike(positions.title, pattern),
        ilike(positions.positionCode, pattern),
        ilike(orgUnits.name, pattern),
        ilike(positions.description, pattern),
      ),
    );
  }
  if (query.unitId) filters.push(eq(positions.unitId, query.unitId));
  if (query.type) filters.push(eq(positions.positionType, query.type));
  if (query.state === 'open') filters.push(isNull(positions.retiredAt));
  if (query.state === 'retired') filters.push(isNotNull(positions.retiredAt));
  return and(...filters);
}

/** View Positions: searched over title, position id, unit name and description; filtered by department, type and state; paged. */
export async function listPositions(
  db: Database,
  actor: CosaActor,
  query: PositionListQuery,
): Promise<PositionList> {
  const scope = await scopeOf(db, actor);
  const where = positionFilters(scope, query);
  const newestFirst = [desc(positions.createdAt), desc(positions.id)];
  const [pageIds, [matching], [all], departments, types] = await Promise.all([
    db
      .select({ id: positions.id })
      .from(positions)
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(positions)
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(where),
    db.select({ n: count() }).from(positions).where(inScope(scope)),
    db
      .selectDistinct({ id: orgUnits.id, name: orgUnits.name })
      .from(orgUnits)
      .where(
        inArray(orgUnits.id, db.select({ id: positions.unitId }).from(positions).where(inScope(scope))),
      )
      .orderBy(asc(orgUnits.name)),
    db
      .selectDistinct({ type: positions.positionType })
      .from(positions)
      .where(inScope(scope))
      .orderBy(asc(positions.positionType)),
  ]);
  const ids = pageIds.map((row) => row.id);
  const [rows, facts] = await Promise.all([
    ids.length
      ? cardQuery(db)
          .where(inArray(positions.id, ids))
          .orderBy(...newestFirst)
      : [],
    actorFactsOf(db, actor),
  ]);
  // Each row says whether its reader may change it, by the rule the change routes apply.
  const items = rows.map((row): PositionRow => ({
    ...toPosition(row),
    ...changeRightOf(canManageUnitPositions(facts, { id: row.unit.id, ...row.unitFacts })),
  }));
  return {
    items,
    total: matching!.n,
    overall: all!.n,
    page: query.page,
    pageSize: query.pageSize,
    departments,
    types: types.map((row) => row.type),
    scope,
  };
}

export async function readPosition(db: Database, id: string): Promise<Position | null> {
  const [row] = await cardQuery(db).where(eq(positions.id, id)).limit(1);
  return row ? toPosition(row) : null;
}

/** One position in the actor's scope; 404 when there is none, 403 for another club's. */
export async function getPosition(db: Database, actor: CosaActor, id: string): Promise<Position> {
  const scope = await scopeOf(db, actor);
  const position = await readPosition(db, id);
  if (!position) throw AppError.notFound(POSITION_ADMIN_MESSAGES.positionNotFound);
  requireCovered(scope, position.unit.id);
  return position;
}
