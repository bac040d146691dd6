import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, union, type PgSelect } from 'drizzle-orm/pg-core';
import {
  canManageHolding,
  POSITION_ADMIN_MESSAGES,
  tenureYearOptions,
  type HolderExportQuery,
  type HolderList,
  type HolderListQuery,
  type HolderRow,
  type PositionHolder,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { unitPaidWhen, unitsSeenBy, type MoneyReader } from '../../db/ledger-figures';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { actorFactsOf, unitFactsColumns } from '../clubs/unit-facts.service';
import { changeRightOf, requireCovered, type CosaActor, type CosaScope } from './positions.policy';
import { scopeOf } from './positions.read';
import { rowsOf } from '../../db/rows';
import { holdingsTally, numberOf, tallyOf } from '../../db/tallies';

export const appointer = alias(users, 'appointer');

/**
 * What the ledger paid on the lines of the position's unit in the holding's tenure (decision 0040),
 * for a reader who may see that unit's money; null for anyone else.
 */
export const budgetSeenBy = (reader: MoneyReader) =>
  unitPaidWhen(unitsSeenBy(reader, positions.unitId), positions.unitId, positionHolders.tenureYear);

const cardFields = (reader: MoneyReader) => ({
  h: positionHolders,
  budgetUtilized: budgetSeenBy(reader),
  user: {
    id: users.id,
    name: users.name,
    email: users.email,
    username: users.username,
    studentId: users.studentId,
  },
  position: {
    id: positions.id,
    positionCode: positions.positionCode,
    title: positions.title,
    retiredAt: positions.retiredAt,
  },
  unit: { id: orgUnits.id, name: orgUnits.name, category: orgUnits.category },
  appointerName: appointer.name,
  unitFacts: unitFactsColumns(),
});

/** The joins that name a holding's person, position, unit and appointing official. */
export function withCardJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(users, eq(users.id, positionHolders.userId))
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    .leftJoin(appointer, eq(appointer.id, positionHolders.appointedBy));
}

function cardQuery(db: Database, reader: MoneyReader) {
  return withCardJoins(db.select(cardFields(reader)).from(positionHolders).$dynamic());
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

const toHolder = ({
  h,
  budgetUtilized,
  user,
  position,
  unit,
  appointerName,
}: CardRow): PositionHolder => ({
  id: h.id,
  porCode: h.porCode,
  user,
  position: {
    id: position.id,
    positionCode: position.positionCode,
    title: position.title,
    retired: position.retiredAt !== null,
    unit,
  },
  tenureYear: h.tenureYear,
  status: h.status,
  appointment:
    h.appointedBy || h.appointmentDate
      ? {
          appointedBy:
            h.appointedBy && appointerName !== null ? { id: h.appointedBy, name: appointerName } : null,
          date: h.appointmentDate,
        }
      : null,
  metrics: {
    eventsOrganized: h.eventsOrganized,
    budgetUtilized,
    feedback: h.feedback,
  },
  verification: h.verification,
  declineReason: h.declineReason,
  createdAt: h.createdAt.toISOString(),
  updatedAt: h.updatedAt.toISOString(),
});

/**
 * The two ways a holding matches a search over name, e-mail, student id, position title and POR id:
 * by the name, e-mail, student id and POR id it carries (one trigram-indexed column, a field per
 * line), or by its position's title (a few hundred rows, looked up once). Each is found through its
 * own index, instead of testing every holding of the campus against both.
 */
function matchingWays(q: string): [SQL, SQL] {
  const pattern = containsPattern(q);
  return [
    sql`${positionHolders.searchText} like lower(${pattern})`,
    sql`${positionHolders.positionId} = any(array(select ${positions.id} from ${positions} where ${positions.title} ilike ${pattern}))`,
  ];
}

function matching(q: string): SQL {
  const [carried, byTitle] = matchingWays(q);
  return sql`(${carried} or ${byTitle})`;
}

const inScope = (scope: CosaScope): SQL | undefined =>
  scope.unlinked
    ? sql`false`
    : scope.club
      ? inArray(
          positionHolders.positionId,
          sql`(select ${positions.id} from ${positions} where ${positions.unitId} = ${scope.club.id})`,
        )
      : undefined;

/** The holders View Position Holders lists for a scope and its filters (over position_holders alone): the list and its export both read them here. */
export function holderFilters(scope: CosaScope, query: HolderExportQuery): SQL | undefined {
  return and(narrowing(scope, query), query.q ? matching(query.q) : undefined);
}

/** The scope and the filters other than the search. */
function narrowing(scope: CosaScope, query: HolderExportQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [inScope(scope)];
  if (query.status) filters.push(eq(positionHolders.status, query.status));
  if (query.tenureYear) filters.push(eq(positionHolders.tenureYear, query.tenureYear));
  if (query.unitId)
    filters.push(
      inArray(
        positionHolders.positionId,
        sql`(select ${positions.id} from ${positions} where ${positions.unitId} = ${query.unitId})`,
      ),
    );
  return and(...filters);
}

/** View Position Holders: searched, filtered by status, tenure year and department, newest first, paged, with the totals. */
export async function listHolders(
  db: Database,
  actor: CosaActor,
  query: HolderListQuery,
): Promise<HolderList> {
  const [scope, facts] = await Promise.all([scopeOf(db, actor), actorFactsOf(db, actor)]);
  const where = holderFilters(scope, query);
  const newestFirst = [desc(positionHolders.createdAt), desc(positionHolders.id)];
  // One statement finds the page's ids, counting the matches in the same pass (a window over them,
  // before the limit), and joins the names for those rows only; another counts the scope and lists
  // its departments. The matches are a derived table of their own (a union of the search's two
  // ways, or OFFSET 0 keeping PostgreSQL from merging it into the page), so they are found through
  // the indexes: the count needs every match, which walking the newest-first index and stopping
  // at the page's end would not give.
  const matchesOf = (condition: SQL | undefined) =>
    db
      .select({ id: positionHolders.id, createdAt: positionHolders.createdAt })
      .from(positionHolders)
      .where(and(narrowing(scope, query), condition));
  const matches = (
    query.q
      ? union(
          ...(matchingWays(query.q).map(matchesOf) as [
            ReturnType<typeof matchesOf>,
            ReturnType<typeof matchesOf>,
          ]),
        )
      : matchesOf(undefined).offset(0)
  ).as('matches');
  const pageRows = db
    .select({ id: matches.id, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(matches)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page_rows');
  const departmentsOf = scope.unlinked
    ? sql`false`
    : scope.club
      ? sql`o.id = ${scope.club.id}`
      : sql`o.id in (select unit_id from ${positions})`;
  // Over the whole campus the holdings are counted by their tallies: every one, or those of the
  // asked tenure and status when nothing else narrows the list.
  const campusWide = !scope.unlinked && !scope.club;
  const tallied = campusWide && !query.q && !query.unitId;
  const [rows, facets] = await Promise.all([
    tallied
      ? withCardJoins(
          db
            .select({ ...cardFields(facts), total: tallyOf([holdingsTally(query)]) })
            .from(positionHolders)
            .$dynamic(),
        )
          .where(where)
          .orderBy(...newestFirst)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
      : withCardJoins(
          db
            .select({ ...cardFields(facts), total: pageRows.total })
            .from(pageRows)
            .innerJoin(positionHolders, eq(positionHolders.id, pageRows.id))
            .$dynamic(),
        ).orderBy(...newestFirst),
    db.execute(sql`select
      ${campusWide ? tallyOf([holdingsTally()]) : sql`(select count(*) from ${positionHolders} where ${inScope(scope) ?? sql`true`})::int`} as "overall",
      coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name) from ${orgUnits} o where ${departmentsOf}), '[]') as "departments"`),
  ]);
  const { overall, departments } = rowsOf<{
    overall: number;
    departments: { id: string; name: string }[];
  }>(facets)[0]!;
  // A page past the end has no row to carry the count.
  const total =
    rows.length || tallied
      ? (rows[0]?.total ?? (await numberOf(db, tallyOf([holdingsTally(query)]))))
      : await db.$count(positionHolders, where);
  // Each row says whether its reader may change or end it, by the rule the change routes apply.
  const items = rows.map((row): HolderRow => ({
    ...toHolder(row),
    ...changeRightOf(
      canManageHolding(facts, {
        holderId: row.user.id,
        unit: { id: row.unit.id, ...row.unitFacts },
      }),
    ),
  }));
  return {
    items,
    total,
    overall,
    page: query.page,
    pageSize: query.pageSize,
    departments,
    tenureYears: tenureYearOptions(new Date()).reverse(),
    scope,
  };
}

/** One holder record as the pages show it to the reader; null when there is none. */
export async function readHolder(
  db: Database,
  reader: MoneyReader,
  id: string,
): Promise<PositionHolder | null> {
  const [row] = await cardQuery(db, reader).where(eq(positionHolders.id, id)).limit(1);
  return row ? toHolder(row) : null;
}

/** One holder in the actor's scope; 404 when there is none, 403 for another club's. */
export async function getHolder(db: Database, actor: CosaActor, id: string): Promise<PositionHolder> {
  const [scope, facts] = await Promise.all([scopeOf(db, actor), actorFactsOf(db, actor)]);
  const holder = await readHolder(db, facts, id);
  if (!holder) throw AppError.notFound(POSITION_ADMIN_MESSAGES.holderNotFound);
  requireCovered(scope, holder.position.unit.id);
  return holder;
}
