import { and, eq, sql } from 'drizzle-orm';
import {
  POSITION_MESSAGES,
  SUBMISSION_MESSAGES,
  type EditPositionRequest,
  type MyPosition,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { positionHolders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { notifyQueue } from '../notifications/notify.service';
import { recordResend } from '../submissions/submission-history.service';
import { checkHoldingDates, positionNameOf } from './holdings.service';
import { checkDeclarable, declaredFields, ownPosition, type Student } from './my-positions.service';
import { positionReviewers, REVIEW_QUEUE_LINK } from './position-review.read';

/*
 * A student changing a position they declared themselves before an official decides it (decision
 * 0024): editing it while self-declared, correcting and resending it after a decline, withdrawing it.
 */

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The holder's own declared record, locked for the change: an official's decision on it waits for
 * this transaction and then finds another version (the edit) or no row (the withdrawal). 404 when
 * it is not theirs; 409 once verified, or when an official or a coordinator entered it.
 */
async function lockDeclared(tx: Transaction, userId: string, id: string) {
  const [row] = await tx
    .select({
      verification: positionHolders.verification,
      proposedBy: positionHolders.proposedBy,
      declinedBy: positionHolders.declinedBy,
      declinedAt: positionHolders.declinedAt,
      declineReason: positionHolders.declineReason,
    })
    .from(positionHolders)
    .where(and(eq(positionHolders.id, id), eq(positionHolders.userId, userId)))
    .for('update');
  if (!row) throw AppError.notFound(SUBMISSION_MESSAGES.positionNotFound);
  if (row.verification === 'verified') throw AppError.conflict(SUBMISSION_MESSAGES.positionDecided);
  // A coordinator's appointment (pending, or declined with its proposer) is not the student's to change.
  if (row.verification === 'pending' || row.proposedBy !== null)
    throw AppError.conflict(SUBMISSION_MESSAGES.positionNotDeclared);
  return row;
}

/**
 * Replaces a self-declared record's details, or, with `resend`, a declined one's, sending it back to
 * the reviewers' queue with the decline kept in its history. Each edit raises the version, so a
 * decision made on what the official saw before is refused.
 */
export async function editOwnPosition(
  db: Database,
  student: Student,
  id: string,
  input: EditPositionRequest,
  timeZone: string,
  now = new Date(),
): Promise<MyPosition> {
  const userId = student.id;
  checkHoldingDates(input, timeZone, now);
  try {
    await db.transaction(async (tx) => {
      await auditAs(tx, userId);
      const row = await lockDeclared(tx, userId, id);
      const declined = row.verification === 'declined';
      // An edit sent while an official declined it must not resend it unread.
      if (declined && !input.resend)
        throw AppError.conflict(SUBMISSION_MESSAGES.positionDeclinedMeanwhile);
      await checkDeclarable(tx, userId, input);
      if (declined)
        await recordResend(
          tx,
          'holding',
          id,
          { by: row.declinedBy, at: row.declinedAt!, reason: row.declineReason! },
          userId,
          now,
        );
      await tx
        .update(positionHolders)
        .set({
          ...declaredFields(input),
          verification: 'self_declared',
          declinedBy: null,
          declinedAt: null,
          declineReason: null,
          version: sql`${positionHolders.version} + 1`,
        })
        .where(eq(positionHolders.id, id));
      if (declined)
        await notifyQueue(
          tx,
          positionReviewers(id),
          'positions',
          await positionNameOf(tx, id),
          REVIEW_QUEUE_LINK,
        );
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'position_holders_user_position_tenure_key')
      throw AppError.conflict(POSITION_MESSAGES.duplicate, { positionId: POSITION_MESSAGES.duplicate });
    throw error;
  }
  return ownPosition(db, student, id);
}

/**
 * Withdraws a self-declared or declined record: the row is deleted, so it leaves the reviewers'
 * queues, and the audit log keeps what it was, who withdrew it and when.
 */
export async function withdrawOwnPosition(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await auditAs(tx, userId);
    await lockDeclared(tx, userId, id);
    await tx.delete(positionHolders).where(eq(positionHolders.id, id));
  });
}
