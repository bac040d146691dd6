import { sql } from 'drizzle-orm';
import {
  currentTenure,
  MONEY_MESSAGES,
  type BudgetHeading,
  type BudgetOverview,
  type BudgetUnit,
  type LedgerEntry,
  type LineFigures,
  type LineHistory,
  type UnitLines,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import { AppError } from '../../lib/app-error';
import { figuresOf, moneyUnitOf, rupees, unitsSeenBy } from './ledger';
import { mayAllocate, maySeeUnit, type MoneyActor } from './money.policy';

/* What the budgets pages read: every figure is a line's sums, which are the sums of its entries. */

type OverviewRow = {
  line_id: string;
  heading: BudgetHeading | null;
  allocated: string;
  committed: string;
  paid: string;
  unit_id: string;
  unit_name: string;
  unit_type: string;
  council: string | null;
};

const zero = (): LineFigures => ({ allocated: 0, committed: 0, paid: 0, available: 0 });

function addTo(sum: LineFigures, line: LineFigures): void {
  sum.allocated = rupees(sum.allocated + line.allocated);
  sum.committed = rupees(sum.committed + line.committed);
  sum.paid = rupees(sum.paid + line.paid);
  sum.available = rupees(sum.available + line.available);
}

const nameLike = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;
/** The councils first, then the clubs, by name. */
const unitOrder = sql`u.type <> 'council', u.type <> 'committee', lower(u.name), u.id`;

/** The lines of a tenure the actor sees, by unit (the export: every one). */
export async function budgetRows(
  db: Database,
  actor: MoneyActor,
  tenureYear: string,
  q?: string,
): Promise<OverviewRow[]> {
  const search = q ? sql`and u.name ilike ${nameLike(q)}` : sql``;
  return rowsOf<OverviewRow>(
    await db.execute(sql`
      select l.id as line_id, l.heading, l.allocated::text, l.committed::text, l.paid::text,
        u.id as unit_id, u.name as unit_name, u.type as unit_type,
        ${councilCategoryOf(sql`u.id`)} as council
      from budget_lines l
      join org_units u on u.id = l.unit_id
      where l.tenure_year = ${tenureYear} and ${unitsSeenBy(actor, sql`l.unit_id`)} ${search}
      order by ${unitOrder}, l.heading nulls first`),
  );
}

/**
 * GET /api/money/budgets: the tenure's units the actor sees, a page of them with their lines, how
 * many there are, and the sums of all of them.
 */
export async function budgetOverview(
  db: Database,
  actor: MoneyActor,
  query: { tenureYear?: string; q?: string; page: number; pageSize: number },
  timeZone: string,
): Promise<BudgetOverview> {
  const tenureYear = query.tenureYear ?? currentTenure(new Date(), timeZone);
  const search = query.q ? sql`and u.name ilike ${nameLike(query.q)}` : sql``;
  const within = sql`l.tenure_year = ${tenureYear} and ${unitsSeenBy(actor, sql`l.unit_id`)} ${search}`;
  // The units' names are read only for a search; the president's amount comes along.
  const [summary] = rowsOf<{
    units: number;
    allocated: string;
    committed: string;
    paid: string;
    president_above: string | null;
  }>(
    await db.execute(sql`
      select count(distinct l.unit_id)::int as units, coalesce(sum(l.allocated), 0)::text as allocated,
        coalesce(sum(l.committed), 0)::text as committed, coalesce(sum(l.paid), 0)::text as paid,
        (select president_above::text from money_settings where id) as president_above
      from budget_lines l ${query.q ? sql`join org_units u on u.id = l.unit_id` : sql``} where ${within}`),
  );
  const rows = rowsOf<OverviewRow>(
    await db.execute(sql`
      with page as (
        select u.id, u.name, u.type from org_units u
        where u.id in (select l.unit_id from budget_lines l join org_units u on u.id = l.unit_id where ${within})
        order by ${unitOrder} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      )
      select l.id as line_id, l.heading, l.allocated::text, l.committed::text, l.paid::text,
        u.id as unit_id, u.name as unit_name, u.type as unit_type, ${councilCategoryOf(sql`u.id`)} as council
      from page u join budget_lines l on l.unit_id = u.id and l.tenure_year = ${tenureYear}
      order by ${unitOrder}, l.heading nulls first`),
  );
  const units = new Map<string, BudgetUnit>();
  for (const row of rows) {
    let unit = units.get(row.unit_id);
    if (!unit) {
      unit = {
        unit: { id: row.unit_id, name: row.unit_name, type: row.unit_type, council: row.council },
        lines: [],
        totals: zero(),
      };
      units.set(row.unit_id, unit);
    }
    const line = { id: row.line_id, heading: row.heading, ...figuresOf(row) };
    unit.lines.push(line);
    addTo(unit.totals, line);
  }
  return {
    tenureYear,
    units: [...units.values()],
    unitCount: summary?.units ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    totals: figuresOf(summary ?? { allocated: '0', committed: '0', paid: '0' }),
    mayAllocate: mayAllocate(actor),
    presidentAbove: rupees(summary?.president_above ?? 0),
  };
}

/** The most entries a line's history shows, newest first. */
const MOST_ENTRIES = 1000;

/** GET /api/money/lines/:id: a line the actor sees, with its entries. */
export async function lineHistory(
  db: Database,
  actor: MoneyActor,
  lineId: string,
): Promise<LineHistory> {
  const [line] = rowsOf<OverviewRow & { tenure_year: string }>(
    await db.execute(sql`
      select l.id as line_id, l.heading, l.allocated::text, l.committed::text, l.paid::text,
        l.tenure_year, u.id as unit_id, u.name as unit_name, u.type as unit_type
      from budget_lines l join org_units u on u.id = l.unit_id where l.id = ${lineId}::uuid`),
  );
  const unit = line && (await moneyUnitOf(db, line.unit_id));
  if (!line || !unit || !maySeeUnit(actor, unit)) throw AppError.notFound(MONEY_MESSAGES.lineUnknown);
  const entries = rowsOf<{
    id: string;
    seq: string;
    kind: LedgerEntry['kind'];
    amount: string;
    reason: string | null;
    reference: string | null;
    claim_id: string | null;
    actor_id: string | null;
    actor_name: string | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      select e.id, e.seq::text, e.kind, e.amount::text, e.reason, e.reference, e.claim_id,
        a.id as actor_id, a.name as actor_name, e.created_at
      from budget_entries e left join users a on a.id = e.actor_id
      where e.line_id = ${lineId}::uuid order by e.seq desc limit ${MOST_ENTRIES}`),
  );
  return {
    line: {
      id: line.line_id,
      heading: line.heading,
      ...figuresOf(line),
      tenureYear: line.tenure_year,
      unit: { id: line.unit_id, name: line.unit_name },
    },
    entries: entries.map((entry) => ({
      id: entry.id,
      seq: Number(entry.seq),
      kind: entry.kind,
      amount: rupees(entry.amount),
      reason: entry.reason,
      reference: entry.reference,
      claimId: entry.claim_id,
      actor: entry.actor_id ? { id: entry.actor_id, name: entry.actor_name ?? '' } : null,
      createdAt: new Date(entry.created_at).toISOString(),
    })),
  };
}

/** Whether the actor organises an event of the unit (an organiser may file claims for it). */
async function organisesEventOf(
  db: Pick<Database, 'execute'>,
  actorId: string,
  unitId: string,
): Promise<boolean> {
  const [row] = rowsOf<{ yes: boolean }>(
    await db.execute(sql`
      select exists (select 1 from event_organizers eo join events e on e.id = eo.event_id
        where eo.user_id = ${actorId}::uuid and e.organizing_unit_id = ${unitId}::uuid) as yes`),
  );
  return row?.yes === true;
}

/** GET /api/money/units/:id/lines: a unit's lines for the tenure, for those who see its money or file claims for it. */
export async function unitLines(
  db: Database,
  actor: MoneyActor,
  unitId: string,
  tenureYear: string | undefined,
  timeZone: string,
): Promise<UnitLines> {
  const unit = await moneyUnitOf(db, unitId);
  if (!unit || !(maySeeUnit(actor, unit) || (await organisesEventOf(db, actor.id, unit.id))))
    throw AppError.notFound(MONEY_MESSAGES.unitUnknown);
  const tenure = tenureYear ?? currentTenure(new Date(), timeZone);
  const rows = rowsOf<OverviewRow>(
    await db.execute(sql`
      select id as line_id, heading, allocated::text, committed::text, paid::text
      from budget_lines where unit_id = ${unit.id}::uuid and tenure_year = ${tenure}
      order by heading nulls first`),
  );
  return {
    unit: { id: unit.id, name: unit.name },
    tenureYear: tenure,
    lines: rows.map((row) => ({ id: row.line_id, heading: row.heading, ...figuresOf(row) })),
  };
}
