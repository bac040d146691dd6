import { sql } from 'drizzle-orm';
import { currentTenure } from '@cosa/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';

/** How many claims the money scenarios' campus has (BENCH_CLAIMS): the issue's 20,000 by default. */
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 20_000);
const STATUSES = ['submitted', 'secretary_approved', 'approved', 'rejected', 'paid', 'returned'];

/**
 * Fills the money scenarios' data for the current tenure (after fillClubs, so 500 clubs): a line for
 * each council and two for each club (events, equipment), each allocated ₹5,00,000 by the
 * president, and CLAIMS claims spread over the clubs' events lines in every state, with the
 * commitments and payments of those approved and paid. A second run on the same campus adds nothing.
 */
export async function fillMoney(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const [lines] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from budget_lines`),
  );
  if (lines!.n > 0) return;
  const tenure = currentTenure();
  const [president] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from users where role in ('PRESIDENT', 'ADMIN') order by role desc limit 1`,
    ),
  );
  await db.execute(sql`
    insert into budget_lines (tenure_year, unit_id, heading)
    select ${tenure}, id, null from org_units where type = 'committee'
    union all
    select ${tenure}, u.id, h.heading from org_units u
    cross join (values ('events'), ('equipment')) as h(heading) where u.type = 'club'`);
  await db.execute(sql`
    insert into budget_entries (line_id, kind, amount, actor_id, reason)
    select id, 'allocation', 500000, ${president!.id}::uuid, 'Budget for the year' from budget_lines`);
  await db.execute(sql`
    with club_lines as (
      select l.id as line_id, l.unit_id, row_number() over (order by l.id) - 1 as k, count(*) over () as total
      from budget_lines l join org_units u on u.id = l.unit_id
      where u.type = 'club' and l.heading = 'events'
    ),
    filer as (select id from users where role = 'STUDENT' order by id limit 1)
    insert into expense_claims (unit_id, line_id, amount, approved_amount, payee, description, status,
      filed_by, submitted_at, paid_at, payment_reference)
    select cl.unit_id, cl.line_id, 100 + (n % 5000), 
      case when s.status in ('secretary_approved', 'approved', 'paid') then 100 + (n % 5000) end,
      'Vendor ' || (n % 97), 'Supplies for the club, claim ' || n, s.status, (select id from filer),
      now() - (n % 200) * interval '1 day',
      case when s.status = 'paid' then now() - (n % 100) * interval '1 day' end,
      case when s.status = 'paid' then 'UTR ' || n end
    from generate_series(0, ${CLAIMS - 1}) as n
    join club_lines cl on cl.k = n % cl.total
    cross join lateral (select (${`{${STATUSES.join(',')}}`}::text[])[1 + n % ${STATUSES.length}] as status) s`);
  await db.execute(sql`
    insert into budget_entries (line_id, kind, amount, actor_id, claim_id)
    select line_id, 'commitment', approved_amount, ${president!.id}::uuid, id
    from expense_claims where status in ('approved', 'paid')`);
  await db.execute(sql`
    insert into budget_entries (line_id, kind, amount, actor_id, claim_id, reference)
    select line_id, 'payment', approved_amount, ${president!.id}::uuid, id, payment_reference
    from expense_claims where status = 'paid'`);
}
