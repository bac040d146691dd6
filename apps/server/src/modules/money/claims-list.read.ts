import { sql, type SQL } from 'drizzle-orm';
import { councilOf, GENSEC_SKILL_TYPE, type ClaimList, type ClaimListQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import { claimRowOf, iso, listColumns, type ClaimListRow } from './claims.read';
import { unitsOfCouncil, unitsSeenBy } from './ledger';
import type { MoneyActor } from './money.policy';

/*
 * The claims lists: a page of the claims within the reader's reach, filtered, newest change first,
 * with the list's total and what waits for the reader, and the export's pages under the same filters.
 */

/** The units in any of the four councils, as a query of id (a unit outside them goes to the president first). */
const unitsOfAnyCouncil = sql`with recursive down(id) as (
    select id from org_units where type = 'committee' and lower(trim(category)) in (${sql.join(
      Object.values(GENSEC_SKILL_TYPE).map((council) => sql`${council}`),
      sql`, `,
    )})
    union
    select o.id from org_units o join down on o.parent_id = down.id
  ) select id from down`;

/**
 * A claim's state, unit and tenure as a condition reads them: on a claim's own row (c), or on the
 * counts kept per unit, tenure and state (t, claim_tallies).
 */
type Over = { status: SQL; unit: SQL; tenureIs: (tenureYear: string) => SQL };
const onClaim: Over = {
  status: sql`c.status`,
  unit: sql`c.unit_id`,
  tenureIs: (tenureYear) =>
    sql`c.line_id in (select id from budget_lines where tenure_year = ${tenureYear})`,
};
const onTally: Over = {
  status: sql`t.status`,
  unit: sql`t.unit_id`,
  tenureIs: (tenureYear) => sql`t.tenure_year = ${tenureYear}`,
};

/** The claims that wait for the actor (their own aside): their decision (by council and stage) or, for the administrator, payment. */
function awaitingOf(actor: MoneyActor, on: Over): SQL {
  const council = councilOf(actor.role);
  if (council !== null)
    return sql`(${on.status} = 'submitted' and ${on.unit} in (${unitsOfCouncil(council)}))`;
  if (actor.role === 'PRESIDENT')
    return sql`(${on.status} = 'secretary_approved' or (${on.status} = 'submitted'
      and ${on.unit} not in (${unitsOfAnyCouncil})))`;
  if (actor.role === 'ADMIN') return sql`${on.status} = 'approved'`;
  return sql`false`;
}

/** Claims of others the actor sees: past their draft, of a unit in the actor's reach. */
const othersSeen = (actor: MoneyActor, on: Over): SQL =>
  sql`(${on.status} <> 'draft' and ${unitsSeenBy(actor, on.unit)})`;

type ListFilters = Omit<ClaimListQuery, 'page' | 'pageSize'>;

/**
 * The filters a list and its counts share: state, tenure, unit and, when asked, what waits for the
 * actor (always within their reach: their council's units, or every unit for the president and the
 * administrator).
 */
function filtersOn(actor: MoneyActor, query: ListFilters, on: Over): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(sql`${on.status} = ${query.status}`);
  if (query.tenureYear) conditions.push(on.tenureIs(query.tenureYear));
  if (query.unitId) conditions.push(sql`${on.unit} = ${query.unitId}::uuid`);
  if (query.mine === 'awaiting') conditions.push(awaitingOf(actor, on));
  return conditions;
}

const own = (actor: MoneyActor) => sql`c.filed_by = ${actor.id}::uuid`;
const all = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/**
 * The conditions of a list on the claims' own row (c): the reader's reach (their own claims, the
 * units they see; drafts only their filer's), the filters, and what waits for them never their own.
 */
function listWhere(actor: MoneyActor, query: ListFilters): SQL {
  const conditions = filtersOn(actor, query, onClaim);
  conditions.push(
    query.mine === 'awaiting'
      ? sql`c.filed_by is distinct from ${actor.id}::uuid`
      : sql`(${own(actor)} or ${othersSeen(actor, onClaim)})`,
  );
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      sql`(c.claim_code ilike ${like} or c.payee ilike ${like} or c.description ilike ${like}
        or c.unit_id in (select id from org_units where name ilike ${like}))`,
    );
  }
  return all(conditions);
}

/** How many claims of others the conditions on (t) hold, from the counts kept per unit, tenure and state. */
const tallied = (conditions: SQL[]) =>
  sql`(select coalesce(sum(t.n), 0) from claim_tallies t where ${all(conditions)})`;
/** How many of the actor's own claims the conditions on (c) hold (read by the filer's index: a person files few). */
const ownCounted = (actor: MoneyActor, conditions: SQL[]) =>
  sql`(select count(*) from expense_claims c where ${own(actor)} and ${all(conditions)})`;

/**
 * The list's total and what waits for the reader, without counting every claim: the others' claims
 * from the counts kept per unit, tenure and state, the reader's own from their own rows. A search
 * by words counts the claims themselves.
 */
function countsOf(actor: MoneyActor, query: ListFilters): SQL {
  const awaitingMine: ListFilters = { mine: 'awaiting' };
  const othersAwaiting = (filters: ListFilters) =>
    sql`${tallied(filtersOn(actor, filters, onTally))} - ${ownCounted(actor, filtersOn(actor, filters, onClaim))}`;
  const total = query.q
    ? sql`(select count(*) from expense_claims c where ${listWhere(actor, query)})`
    : query.mine === 'awaiting'
      ? othersAwaiting(query)
      : sql`${tallied([othersSeen(actor, onTally), ...filtersOn(actor, query, onTally)])}
        + ${ownCounted(actor, [...filtersOn(actor, query, onClaim), sql`not ${othersSeen(actor, onClaim)}`])}`;
  return sql`(${total})::int as total, (${othersAwaiting(awaitingMine)})::int as awaiting`;
}

/** The rows of the claims `ids` selects (a query of id, claim_code… in its order), joined for the list. */
const rowsOfPage = (page: SQL) => sql`with page as (${page})
  select ${listColumns} from page join expense_claims c on c.id = page.id
  join org_units u on u.id = c.unit_id
  cross join lateral (select ${councilCategoryOf(sql`u.id`)} as council) uc
  join budget_lines l on l.id = c.line_id
  left join events e on e.id = c.event_id
  left join users f on f.id = c.filed_by
  order by c.updated_at desc nulls last, c.id desc nulls last`;

/**
 * GET /api/money/claims: newest change first, paged, with how many wait for the reader. The page
 * and its counts are two statements: read as one, on the embedded database, the list served a
 * sixth fewer requests a second; a claim changed between them shows in the next answer's counts.
 */
export async function listClaims(
  db: Database,
  actor: MoneyActor,
  query: ClaimListQuery,
): Promise<ClaimList> {
  const rows = rowsOf<ClaimListRow>(
    await db.execute(
      rowsOfPage(sql`select c.id from expense_claims c where ${listWhere(actor, query)}
        order by c.updated_at desc nulls last, c.id desc nulls last
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    ),
  );
  const [counted] = rowsOf<{ total: number; awaiting: number }>(
    await db.execute(sql`select ${countsOf(actor, query)}`),
  );
  return {
    items: rows.map(claimRowOf),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    awaitingMe: counted?.awaiting ?? 0,
  };
}

/** The export's pages: the list's filters, newest change first, after the last row sent. */
export function claimExportReader(
  db: Database,
  actor: MoneyActor,
  query: ListFilters,
  pageSize: number,
) {
  return async (after: ClaimListRow | null): Promise<ClaimListRow[]> =>
    rowsOf<ClaimListRow>(
      await db.execute(
        rowsOfPage(sql`select c.id from expense_claims c where ${listWhere(actor, query)}
          ${after ? sql`and (c.updated_at, c.id) < (${iso(after.updated_at)}::timestamptz, ${after.id}::uuid)` : sql``}
          order by c.updated_at desc nulls last, c.id desc nulls last limit ${pageSize}`),
      ),
    );
}
