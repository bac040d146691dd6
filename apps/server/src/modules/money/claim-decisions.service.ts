import { sql } from 'drizzle-orm';
import {
  CLAIM_MESSAGES,
  formatRupees,
  MONEY_MESSAGES,
  type ClaimDecision,
  type ClaimPayment,
  type ClaimWithdrawal,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { presidentAbove } from './budgets.service';
import { addStep, checkVersion, claimFactsOf } from './claim-facts';
import { addEntries, lockLine } from './ledger';
import { notifyApprovers, notifyDeciders, notifyFiler } from './money-notices';
import { mayDecide, mayPay, mayWithdraw, needsPresident, type MoneyActor } from './money.policy';

/*
 * Deciding, paying and withdrawing claims (decision 0040). The claim's row is locked first, then its
 * line's: an approval that commits money checks what the line has left and writes the commitment
 * with the line locked, so two approvals of one line, from any number of server processes, never
 * commit more than it has. A payment and a withdrawal of one claim wait for each other on the
 * claim's row, and the second finds the claim no longer approved.
 */

const fieldError = (field: string, message: string) =>
  AppError.badRequest(message, { [field]: message });

/** Approves (in full or in part), sends back or rejects a claim awaiting the actor's decision. */
export async function decideClaim(
  db: Database,
  actor: MoneyActor,
  claimId: string,
  input: Pick<ClaimDecision, 'decision' | 'version'> & { amount?: number; reason?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await claimFactsOf(tx, actor, claimId, true);
    if (!mayDecide(actor, facts)) {
      if (facts.filedBy === actor.id) throw AppError.forbidden(CLAIM_MESSAGES.ownClaim);
      if (facts.status === 'submitted' || facts.status === 'secretary_approved')
        throw AppError.forbidden(CLAIM_MESSAGES.notDecider);
      throw AppError.conflict(CLAIM_MESSAGES.notAwaiting);
    }
    checkVersion(facts, input.version);
    const reason = input.reason ?? null;
    if (input.decision !== 'approve') {
      if (!reason) throw fieldError('reason', CLAIM_MESSAGES.reasonRequired);
      const status = input.decision === 'return' ? 'returned' : 'rejected';
      await tx.execute(sql`
        update expense_claims set status = ${status}, approved_amount = null, updated_at = now()
        where id = ${claimId}::uuid`);
      await addStep(tx, { claimId, action: status, actorId: actor.id, reason });
      await notifyFiler(tx, facts, status, reason);
      return;
    }
    const cap = facts.status === 'secretary_approved' ? facts.approvedAmount! : facts.amount;
    const amount = input.amount ?? cap;
    if (amount > cap)
      throw fieldError(
        'amount',
        facts.status === 'secretary_approved'
          ? CLAIM_MESSAGES.amountAboveApproved
          : CLAIM_MESSAGES.amountAboveClaim,
      );
    if (amount < cap && !reason) throw fieldError('reason', CLAIM_MESSAGES.partialNeedsReason);
    if (needsPresident(facts, amount, await presidentAbove(tx))) {
      await tx.execute(sql`
        update expense_claims set status = 'secretary_approved',
          approved_amount = ${amount.toFixed(2)}::numeric, updated_at = now()
        where id = ${claimId}::uuid`);
      await addStep(tx, { claimId, action: 'secretary_approved', actorId: actor.id, amount, reason });
      await notifyDeciders(tx, { ...facts, status: 'secretary_approved' });
      return;
    }
    const line = (await lockLine(tx, facts.lineId))!;
    if (amount > line.available)
      throw AppError.conflict(MONEY_MESSAGES.notEnough(line.available), {
        amount: MONEY_MESSAGES.notEnough(line.available),
      });
    await addEntries(tx, [
      { lineId: line.id, kind: 'commitment', amount, actorId: actor.id, claimId, reason },
    ]);
    await tx.execute(sql`
      update expense_claims set status = 'approved', approved_amount = ${amount.toFixed(2)}::numeric,
        updated_at = now()
      where id = ${claimId}::uuid`);
    await addStep(tx, { claimId, action: 'approved', actorId: actor.id, amount, reason });
    await notifyFiler(tx, facts, 'approved', `${formatRupees(amount)} approved.`);
    await notifyDeciders(tx, { ...facts, status: 'approved' });
  });
}

/** The accounts office marks an approved claim paid: the commitment becomes a payment. */
export async function payClaim(
  db: Database,
  actor: MoneyActor,
  claimId: string,
  input: ClaimPayment,
): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await claimFactsOf(tx, actor, claimId, true);
    if (actor.role !== 'ADMIN') throw AppError.forbidden(CLAIM_MESSAGES.payAdminOnly);
    if (facts.filedBy === actor.id) throw AppError.forbidden(CLAIM_MESSAGES.ownClaim);
    if (!mayPay(actor, facts)) throw AppError.conflict(CLAIM_MESSAGES.notPayable);
    checkVersion(facts, input.version);
    const amount = facts.approvedAmount!;
    const line = (await lockLine(tx, facts.lineId))!;
    await addEntries(tx, [
      {
        lineId: line.id,
        kind: 'payment',
        amount,
        actorId: actor.id,
        claimId,
        reference: input.reference,
      },
    ]);
    await tx.execute(sql`
      update expense_claims set status = 'paid', payment_reference = ${input.reference},
        paid_at = now(), updated_at = now()
      where id = ${claimId}::uuid`);
    await addStep(tx, {
      claimId,
      action: 'paid',
      actorId: actor.id,
      amount,
      reference: input.reference,
    });
    await notifyFiler(tx, facts, 'paid', `${formatRupees(amount)} paid, reference ${input.reference}.`);
  });
}

/** Refuses a withdrawal of a claim that is not approved, saying what became of it. */
function notWithdrawable(status: string): AppError {
  if (status === 'paid') return AppError.conflict(CLAIM_MESSAGES.withdrawnPaid);
  if (status === 'cancelled') return AppError.conflict(CLAIM_MESSAGES.withdrawnAlready);
  return AppError.conflict(CLAIM_MESSAGES.notWithdrawable);
}

/**
 * The accounts office withdraws the approval of a claim it will not pay: its commitment is released
 * to the line, the claim is cancelled, and the filer and those who approved it are told why.
 */
export async function withdrawClaim(
  db: Database,
  actor: MoneyActor,
  claimId: string,
  input: ClaimWithdrawal,
): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await claimFactsOf(tx, actor, claimId, true);
    if (actor.role !== 'ADMIN') throw AppError.forbidden(CLAIM_MESSAGES.withdrawAdminOnly);
    if (!mayWithdraw(actor, facts)) throw notWithdrawable(facts.status);
    checkVersion(facts, input.version);
    const reason = input.reason?.trim() ?? '';
    if (!reason) throw fieldError('reason', CLAIM_MESSAGES.withdrawReasonRequired);
    const amount = facts.approvedAmount!;
    const line = (await lockLine(tx, facts.lineId))!;
    await addEntries(tx, [
      { lineId: line.id, kind: 'release', amount, actorId: actor.id, claimId, reason },
    ]);
    await tx.execute(sql`
      update expense_claims set status = 'cancelled', updated_at = now()
      where id = ${claimId}::uuid`);
    await addStep(tx, { claimId, action: 'cancelled', actorId: actor.id, amount, reason });
    await notifyFiler(tx, facts, 'cancelled', reason);
    await notifyApprovers(tx, facts, reason);
  });
}
