import { sql, type SQL } from 'drizzle-orm';
import { REPORT_OTHER_GROUPS, type BudgetRow, type TermReport, type TurnoutRow } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rupeesOf } from '../../db/ledger-figures';
import { rowsOf } from '../../db/rows';
import { eligibleCountsOf } from '../elections/post-results.service';
import type { Period, Scope } from './report-scope';
import { people, shareOf } from './small-groups.policy';

/* Budgets against attendance (cost per attendee), and turnout at the period's elections. */

type MoneyRow = {
  unit_id: string;
  unit: string;
  allocated: string;
  committed: string;
  paid: string;
  attendances: number;
};

/**
 * The budgets section: the lines of the period's tenures, of units in scope, with the attendances
 * at their events. A unit's attendances are shown as the events section shows its club (hidden when
 * put together with others there), so that neither table lets the other's hidden figures be worked
 * out; the total's are every attendance in scope. Cost per attendee is given for a whole tenure
 * only: a range's attendances against its tenures' payments would mislead.
 */
export async function budgetsOf(
  db: Database,
  scope: Scope,
  period: Period,
  bounds: { start: SQL; end: SQL },
  events: TermReport['events'],
): Promise<TermReport['budgets']> {
  const tenures = sql.join(
    period.tenures.map((tenure) => sql`${tenure}`),
    sql`, `,
  );
  const rows = rowsOf<MoneyRow>(
    await db.execute(sql`
      with lines as (
        select l.unit_id, sum(l.allocated) as allocated, sum(l.committed) as committed, sum(l.paid) as paid
        from budget_lines l
        where l.tenure_year in (${tenures}) and ${scope.units(sql`l.unit_id`)}
        group by l.unit_id
      ),
      came as (
        select e.organizing_unit_id as unit_id, count(*) as attendances
        from events e join event_registrations r on r.event_id = e.id and r.checked_in_at is not null
        where e.approval = 'approved' and e.status <> 'cancelled'
          and e.schedule_start >= ${bounds.start} and e.schedule_start < ${bounds.end}
          and e.organizing_unit_id in (select unit_id from lines)
        group by e.organizing_unit_id
      )
      select u.id as unit_id, u.name as unit, l.allocated::text, l.committed::text, l.paid::text,
        coalesce(c.attendances, 0)::int as attendances
      from lines l join org_units u on u.id = l.unit_id left join came c on c.unit_id = l.unit_id
      order by u.type <> 'council', u.type <> 'committee', lower(u.name), u.id`),
  );
  const named = new Set(
    events.byClub.filter((club) => club.group !== REPORT_OTHER_GROUPS).map((club) => club.group),
  );
  const wholeTenure = period.tenure !== null;
  const cost = (paid: number, attendances: number | null) =>
    wholeTenure && attendances ? Math.round((paid / attendances) * 100) / 100 : null;
  const shown = rows.map((row): BudgetRow => {
    const attendances = row.attendances === 0 ? 0 : named.has(row.unit) ? people(row.attendances) : null;
    return {
      unitId: row.unit_id,
      unit: row.unit,
      allocated: rupeesOf(row.allocated),
      committed: rupeesOf(row.committed),
      paid: rupeesOf(row.paid),
      attendances,
      costPerAttendee: cost(rupeesOf(row.paid), attendances),
    };
  });
  const sum = (pick: (row: MoneyRow) => number) =>
    rows.reduce((total, row) => Math.round((total + pick(row)) * 100) / 100, 0);
  const paid = sum((row) => rupeesOf(row.paid));
  return {
    tenures: period.tenures,
    rows: shown,
    total: {
      unit: 'All units',
      allocated: sum((row) => rupeesOf(row.allocated)),
      committed: sum((row) => rupeesOf(row.committed)),
      paid,
      attendances: events.total.attended,
      costPerAttendee: cost(paid, events.total.attended),
    },
  };
}

/** The elections section: every post of an election whose vote closed in the period, of a position in scope. */
export async function turnoutOf(
  db: Database,
  scope: Scope,
  bounds: { start: SQL; end: SQL },
): Promise<TermReport['elections']> {
  const posts = sql`p.election_id in (select id from elections
      where voting_close_at >= ${bounds.start} and voting_close_at < ${bounds.end} and voting_close_at <= now())
    and p.position_id in (select id from positions where ${scope.units(sql`unit_id`)})`;
  const rows = rowsOf<{
    post_id: string;
    election: string;
    post: string;
    eligible: number;
    voted: number;
  }>(
    await db.execute(sql`
      with eligible as (${eligibleCountsOf(posts)})
      select p.id as post_id, e.title as election, pos.title as post,
        coalesce(el.eligible, 0)::int as eligible,
        (select count(*)::int from ballot_participations bp where bp.post_id = p.id) as voted
      from election_posts p
      join elections e on e.id = p.election_id
      join positions pos on pos.id = p.position_id
      left join eligible el on el.post_id = p.id
      where ${posts}
      order by e.voting_close_at, e.title, pos.title, p.id`),
  );
  return rows.map((row): TurnoutRow => {
    // The rosters may have changed since the vote: never fewer eligible than voted (as the results show).
    const eligible = Math.max(row.eligible, row.voted);
    return {
      postId: row.post_id,
      election: row.election,
      post: row.post,
      eligible: people(eligible),
      voted: people(row.voted),
      turnout: shareOf(row.voted, eligible),
    };
  });
}
