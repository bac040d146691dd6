import { and, eq, sql } from 'drizzle-orm';
import { CLAIM_MESSAGES, MAX_CLAIM_RECEIPTS, type ClaimInput } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { claimReceipts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { addStep, checkVersion, claimFactsOf, type ClaimRecordFacts } from './claim-facts';
import { moneyUnitOf, type Executor } from './ledger';
import { notifyDeciders } from './money-notices';
import { decidesClaimsOf, mayChangeClaim, mayFileFor, type MoneyActor } from './money.policy';

/*
 * Filing a claim (decision 0040): a draft made by the club's coordinator or an organiser of the
 * club's event, its receipts, and its submission to the general secretary of the club's council.
 */

const fieldError = (field: string, message: string) =>
  AppError.badRequest(message, { [field]: message });

/** The unit, event and line of a claim as the filer gave them, checked against the database. */
async function checkedTarget(tx: Executor, actor: MoneyActor, input: ClaimInput) {
  const unit = await moneyUnitOf(tx, input.unitId);
  if (!unit) throw fieldError('unitId', CLAIM_MESSAGES.unitRequired);
  let organises = false;
  if (input.eventId) {
    const [event] = rowsOf<{ organises: boolean }>(
      await tx.execute(sql`
        select exists (select 1 from event_organizers eo
          where eo.event_id = e.id and eo.user_id = ${actor.id}::uuid) as organises
        from events e where e.id = ${input.eventId}::uuid and e.organizing_unit_id = ${unit.id}::uuid`),
    );
    if (!event) throw fieldError('eventId', CLAIM_MESSAGES.eventUnknown);
    organises = event.organises;
  }
  if (decidesClaimsOf(actor, unit)) throw AppError.forbidden(CLAIM_MESSAGES.deciderFiles);
  if (!mayFileFor(actor, unit, organises)) throw AppError.forbidden(CLAIM_MESSAGES.notFiler);
  const [line] = rowsOf<{ unit_id: string }>(
    await tx.execute(sql`select unit_id from budget_lines where id = ${input.lineId}::uuid`),
  );
  if (!line) throw fieldError('lineId', CLAIM_MESSAGES.lineUnknown);
  if (line.unit_id !== unit.id) throw fieldError('lineId', CLAIM_MESSAGES.lineOtherUnit);
  return unit;
}

/** Files a draft claim; resolves to its id. */
export async function fileClaim(db: Database, actor: MoneyActor, input: ClaimInput): Promise<string> {
  return db.transaction(async (tx) => {
    await checkedTarget(tx, actor, input);
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into expense_claims (unit_id, line_id, event_id, amount, payee, description, filed_by)
        values (${input.unitId}::uuid, ${input.lineId}::uuid, ${input.eventId}::uuid,
          ${input.amount.toFixed(2)}::numeric, ${input.payee}, ${input.description}, ${actor.id}::uuid)
        returning id`),
    );
    await addStep(tx, { claimId: row!.id, action: 'filed', actorId: actor.id, amount: input.amount });
    return row!.id;
  });
}

/** The claim locked, when the actor may change it now: 403 for someone else's, 409 once it left their hands. */
async function changeableClaim(
  tx: Executor,
  actor: MoneyActor,
  claimId: string,
  version: string | null,
): Promise<ClaimRecordFacts> {
  const facts = await claimFactsOf(tx, actor, claimId, true);
  if (facts.filedBy !== actor.id) throw AppError.forbidden(CLAIM_MESSAGES.notYours);
  if (!mayChangeClaim(actor, facts)) throw AppError.conflict(CLAIM_MESSAGES.notEditable);
  if (version !== null) checkVersion(facts, version);
  return facts;
}

/** Changes a draft or a claim sent back, as the filer now gives it. */
export async function changeClaim(
  db: Database,
  actor: MoneyActor,
  claimId: string,
  input: ClaimInput & { version: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await changeableClaim(tx, actor, claimId, input.version);
    await checkedTarget(tx, actor, input);
    await tx.execute(sql`
      update expense_claims set unit_id = ${input.unitId}::uuid, line_id = ${input.lineId}::uuid,
        event_id = ${input.eventId}::uuid, amount = ${input.amount.toFixed(2)}::numeric,
        payee = ${input.payee}, description = ${input.description}, updated_at = now()
      where id = ${claimId}::uuid`);
  });
}

/** Deletes a draft (a claim once submitted stays on the record). */
export async function deleteDraft(db: Database, actor: MoneyActor, claimId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await changeableClaim(tx, actor, claimId, null);
    if (facts.status !== 'draft') throw AppError.conflict(CLAIM_MESSAGES.draftOnlyDelete);
    await tx.execute(sql`delete from expense_claims where id = ${claimId}::uuid`);
  });
}

/** Sends the claim to its first decider: refused without a receipt. */
export async function submitClaim(
  db: Database,
  actor: MoneyActor,
  claimId: string,
  version: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await changeableClaim(tx, actor, claimId, version);
    const [count] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from claim_receipts where claim_id = ${claimId}::uuid`,
      ),
    );
    if (!count || count.n === 0) throw fieldError('receipts', CLAIM_MESSAGES.receiptRequired);
    await tx.execute(sql`
      update expense_claims set status = 'submitted', submitted_at = now(), approved_amount = null,
        updated_at = now()
      where id = ${claimId}::uuid`);
    await addStep(tx, { claimId, action: 'submitted', actorId: actor.id, amount: facts.amount });
    await notifyDeciders(tx, { ...facts, status: 'submitted' });
  });
}

/** Refuses (404, 403, 409) before a receipt is read and decoded, unless the actor may still add one to the claim. */
export async function mayAddReceiptTo(db: Database, actor: MoneyActor, claimId: string): Promise<void> {
  await changeableClaim(db, actor, claimId, null);
}

/** Stores a checked receipt on a claim its filer may still change; at most MAX_CLAIM_RECEIPTS. */
export async function addReceipt(
  db: Database,
  actor: MoneyActor,
  claimId: string,
  receipt: { contentType: 'application/pdf' | 'image/jpeg'; content: Buffer },
): Promise<void> {
  await db.transaction(async (tx) => {
    await changeableClaim(tx, actor, claimId, null);
    const [count] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from claim_receipts where claim_id = ${claimId}::uuid`,
      ),
    );
    if ((count?.n ?? 0) >= MAX_CLAIM_RECEIPTS) throw AppError.conflict(CLAIM_MESSAGES.tooManyReceipts);
    await tx.insert(claimReceipts).values({
      claimId,
      contentType: receipt.contentType,
      content: receipt.content,
      size: receipt.content.length,
      uploadedBy: actor.id,
    });
    await tx.execute(sql`update expense_claims set updated_at = now() where id = ${claimId}::uuid`);
  });
}

/** Removes a receipt from a claim its filer may still change. */
export async function removeReceipt(
  db: Database,
  actor: MoneyActor,
  claimId: string,
  receiptId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await changeableClaim(tx, actor, claimId, null);
    const removed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        delete from claim_receipts where id = ${receiptId}::uuid and claim_id = ${claimId}::uuid
        returning id`),
    );
    if (removed.length === 0) throw AppError.notFound(CLAIM_MESSAGES.receiptNotFound);
    await tx.execute(sql`update expense_claims set updated_at = now() where id = ${claimId}::uuid`);
  });
}

/** A receipt of a claim the actor sees. */
export async function receiptOf(
  db: Database,
  actor: MoneyActor,
  claimId: string,
  receiptId: string,
): Promise<{ contentType: string; content: Buffer; claimCode: string }> {
  const facts = await claimFactsOf(db, actor, claimId);
  const [row] = await db
    .select({ contentType: claimReceipts.contentType, content: claimReceipts.content })
    .from(claimReceipts)
    .where(and(eq(claimReceipts.id, receiptId), eq(claimReceipts.claimId, claimId)));
  if (!row) throw AppError.notFound(CLAIM_MESSAGES.receiptNotFound);
  return { contentType: row.contentType, content: row.content, claimCode: facts.claimCode };
}
