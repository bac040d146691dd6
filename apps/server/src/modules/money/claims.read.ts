import { sql } from 'drizzle-orm';
import {
  CLAIM_MESSAGES,
  currentTenure,
  type BudgetHeading,
  type Claim,
  type ClaimOptions,
  type ClaimRow,
  type ClaimStatus,
  type ClaimStepAction,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import { claimFactsOf, claimVersion } from './claim-facts';
import { lockLine, rupees } from './ledger';
import {
  decidesClaimsOf,
  mayChangeClaim,
  mayDecide,
  mayPay,
  mayWithdraw,
  type MoneyActor,
} from './money.policy';

/* What a claim's pages read: a claim whole with its timeline, and what the reader may claim for (the lists: claims-list.read.ts). */

export type ClaimListRow = {
  id: string;
  claim_code: string;
  status: ClaimStatus;
  unit_id: string;
  unit_name: string;
  council: string | null;
  line_id: string;
  heading: BudgetHeading | null;
  tenure_year: string;
  event_id: string | null;
  event_title: string | null;
  amount: string;
  approved_amount: string | null;
  payee: string;
  description: string;
  payment_reference: string | null;
  filer_id: string | null;
  filer_name: string | null;
  submitted_at: Date | string | null;
  updated_at: Date | string;
};

export const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export const claimRowOf = (row: ClaimListRow): ClaimRow => ({
  id: row.id,
  claimCode: row.claim_code,
  status: row.status,
  unit: { id: row.unit_id, name: row.unit_name, council: row.council },
  line: { id: row.line_id, heading: row.heading, tenureYear: row.tenure_year },
  event: row.event_id ? { id: row.event_id, title: row.event_title ?? '' } : null,
  amount: rupees(row.amount),
  approvedAmount: row.approved_amount === null ? null : rupees(row.approved_amount),
  payee: row.payee,
  filedBy: row.filer_id ? { id: row.filer_id, name: row.filer_name ?? '' } : null,
  submittedAt: iso(row.submitted_at),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export const listColumns = sql`c.id, c.claim_code, c.status, u.id as unit_id, u.name as unit_name, uc.council,
  l.id as line_id, l.heading, l.tenure_year, e.id as event_id, e.title as event_title,
  c.amount::text, c.approved_amount::text, c.payee, c.description, c.payment_reference,
  f.id as filer_id, f.name as filer_name, c.submitted_at, c.updated_at`;

const listFrom = sql`from expense_claims c
  join org_units u on u.id = c.unit_id
  cross join lateral (select ${councilCategoryOf(sql`u.id`)} as council) uc
  join budget_lines l on l.id = c.line_id
  left join events e on e.id = c.event_id
  left join users f on f.id = c.filed_by`;

/** GET /api/money/claims/:id: the claim whole, what its line has left, and what the reader may do now. */
export async function claimDetail(db: Database, actor: MoneyActor, claimId: string): Promise<Claim> {
  const facts = await claimFactsOf(db, actor, claimId);
  const [row] = rowsOf<ClaimListRow & { version: string }>(
    await db.execute(sql`select ${listColumns}, ${claimVersion} as version ${listFrom}
      where c.id = ${claimId}::uuid`),
  );
  // A draft its filer deleted since the facts were read is gone, as for anyone else.
  if (!row) throw AppError.notFound(CLAIM_MESSAGES.notVisible);
  const receipts = rowsOf<{
    id: string;
    content_type: 'application/pdf' | 'image/jpeg';
    size: number;
    created_at: Date | string;
  }>(
    await db.execute(sql`select id, content_type, size, created_at from claim_receipts
      where claim_id = ${claimId}::uuid order by created_at, id`),
  );
  const steps = rowsOf<{
    action: ClaimStepAction;
    actor_id: string | null;
    actor_name: string | null;
    amount: string | null;
    reason: string | null;
    reference: string | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`select s.action, a.id as actor_id, a.name as actor_name, s.amount::text,
        s.reason, s.reference, s.created_at
      from claim_steps s left join users a on a.id = s.actor_id
      where s.claim_id = ${claimId}::uuid order by s.seq`),
  );
  const line = (await lockLine(db, facts.lineId, false))!;
  const mayChange = mayChangeClaim(actor, facts);
  return {
    ...claimRowOf(row),
    description: row.description,
    paymentReference: row.payment_reference,
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      contentType: receipt.content_type,
      bytes: receipt.size,
      uploadedAt: new Date(receipt.created_at).toISOString(),
    })),
    steps: steps.map((step) => ({
      action: step.action,
      actor: step.actor_id ? { id: step.actor_id, name: step.actor_name ?? '' } : null,
      amount: step.amount === null ? null : rupees(step.amount),
      reason: step.reason,
      reference: step.reference,
      at: new Date(step.created_at).toISOString(),
    })),
    version: row.version,
    lineAvailable: line.available,
    may: {
      edit: mayChange,
      submit: mayChange,
      decide: mayDecide(actor, facts),
      pay: mayPay(actor, facts),
      withdraw: mayWithdraw(actor, facts),
      delete: mayChange && facts.status === 'draft',
    },
  };
}

/** GET /api/money/claims/options: the reader's club (all its events) and the clubs of the events they organise (those events). */
export async function claimOptions(
  db: Database,
  actor: MoneyActor,
  timeZone: string,
): Promise<ClaimOptions> {
  const rows = rowsOf<{
    unit_id: string;
    unit_name: string;
    unit_type: string;
    council: string | null;
    event_id: string | null;
    event_title: string | null;
  }>(
    await db.execute(sql`
      with units as (
        select id from org_units where id = ${actor.clubId}::uuid and retired_at is null
        union
        select e.organizing_unit_id from events e join event_organizers eo on eo.event_id = e.id
        where eo.user_id = ${actor.id}::uuid and e.organizing_unit_id is not null
      )
      select u.id as unit_id, u.name as unit_name, u.type as unit_type, uc.council,
        e.id as event_id, e.title as event_title
      from units x join org_units u on u.id = x.id
      cross join lateral (select ${councilCategoryOf(sql`u.id`)} as council) uc
      left join lateral (
        select ev.id, ev.title, ev.schedule_start from events ev
        where ev.organizing_unit_id = u.id and (u.id = ${actor.clubId}::uuid or exists (
          select 1 from event_organizers o where o.event_id = ev.id and o.user_id = ${actor.id}::uuid))
        order by ev.schedule_start desc nulls last limit 200
      ) e on true
      order by lower(u.name), u.id, e.schedule_start desc nulls last`),
  );
  const units = new Map<string, ClaimOptions['units'][number]>();
  for (const row of rows) {
    // One who decides or pays the unit's claims files none of them.
    if (decidesClaimsOf(actor, { id: row.unit_id, type: row.unit_type, council: row.council })) continue;
    let unit = units.get(row.unit_id);
    if (!unit) {
      unit = { id: row.unit_id, name: row.unit_name, events: [] };
      units.set(row.unit_id, unit);
    }
    if (row.event_id) unit.events.push({ id: row.event_id, title: row.event_title ?? '' });
  }
  return { tenureYear: currentTenure(new Date(), timeZone), units: [...units.values()] };
}
