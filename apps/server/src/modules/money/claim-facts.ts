import { sql } from 'drizzle-orm';
import { CLAIM_MESSAGES, type ClaimStatus } from '@cosa/contracts';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import { rupees, type Executor } from './ledger';
import { maySeeUnit, type ClaimFacts, type MoneyActor } from './money.policy';

/* A claim's facts as its rules read them, and the version a change must name. */

export type ClaimRecordFacts = ClaimFacts & {
  id: string;
  claimCode: string;
  lineId: string;
  amount: number;
  unitName: string;
  version: string;
};

/** A claim's version: the moment of its last change, to the microsecond. */
export const claimVersion = sql`extract(epoch from c.updated_at)::text`;

/** The claim's facts (its row locked for the transaction when `lock`); 404 when it does not exist or the actor may not see it. */
export async function claimFactsOf(
  tx: Executor,
  actor: MoneyActor,
  claimId: string,
  lock = false,
): Promise<ClaimRecordFacts> {
  const [row] = rowsOf<{
    id: string;
    claim_code: string;
    status: ClaimStatus;
    filed_by: string | null;
    amount: string;
    approved_amount: string | null;
    line_id: string;
    unit_id: string;
    unit_name: string;
    unit_type: string;
    council: string | null;
    version: string;
  }>(
    await tx.execute(sql`
      select c.id, c.claim_code, c.status, c.filed_by, c.amount::text, c.approved_amount::text,
        c.line_id, u.id as unit_id, u.name as unit_name, u.type as unit_type,
        ${councilCategoryOf(sql`u.id`)} as council, ${claimVersion} as version
      from expense_claims c join org_units u on u.id = c.unit_id
      where c.id = ${claimId}::uuid
      ${lock ? sql`for update of c` : sql``}`),
  );
  const facts: ClaimRecordFacts | undefined = row && {
    id: row.id,
    claimCode: row.claim_code,
    status: row.status,
    filedBy: row.filed_by,
    amount: rupees(row.amount),
    approvedAmount: row.approved_amount === null ? null : rupees(row.approved_amount),
    lineId: row.line_id,
    unit: { id: row.unit_id, type: row.unit_type, council: row.council },
    unitName: row.unit_name,
    version: row.version,
  };
  // A draft is its filer's alone, as the lists show it.
  if (
    !facts ||
    !(facts.filedBy === actor.id || (facts.status !== 'draft' && maySeeUnit(actor, facts.unit)))
  )
    throw AppError.notFound(CLAIM_MESSAGES.notVisible);
  return facts;
}

/** Refuses a change made from an older copy of the claim. */
export function checkVersion(facts: ClaimRecordFacts, version: string): void {
  if (facts.version !== version) throw AppError.conflict(CLAIM_MESSAGES.stale);
}

/** Writes a step of the claim's timeline. */
export async function addStep(
  tx: Executor,
  step: {
    claimId: string;
    action: string;
    actorId: string;
    amount?: number | null;
    reason?: string | null;
    reference?: string | null;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into claim_steps (claim_id, action, actor_id, amount, reason, reference)
    values (${step.claimId}::uuid, ${step.action}, ${step.actorId}::uuid,
      ${step.amount === undefined || step.amount === null ? null : step.amount.toFixed(2)}::numeric,
      ${step.reason ?? null}, ${step.reference ?? null})`);
}
