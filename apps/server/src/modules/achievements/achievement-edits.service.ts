import { and, eq, sql } from 'drizzle-orm';
import { SUBMISSION_MESSAGES, type Achievement, type EditAchievementRequest } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { achievements } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { achievementReviewers, reviewTabLink } from '../endorsements/review-recipients.service';
import { notifyQueue } from '../notifications/notify.service';
import { recordResend } from '../submissions/submission-history.service';
import { checkEvent, ownAchievement, ownerFields } from './achievements.service';

/*
 * A student changing their own achievement before an official decides it (decision 0024): editing
 * it while pending, correcting and resending it after a decline, withdrawing it.
 */

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The owner's row, locked for the change: an official's decision on it waits for this transaction
 * and then finds another version (the edit) or no row (the withdrawal). 404 when it is not theirs,
 * 409 once verified.
 */
async function lockOwn(tx: Transaction, userId: string, id: string) {
  const [row] = await tx
    .select({
      verified: achievements.verified,
      declinedBy: achievements.declinedBy,
      declinedAt: achievements.declinedAt,
      declineReason: achievements.declineReason,
    })
    .from(achievements)
    .where(and(eq(achievements.id, id), eq(achievements.userId, userId)))
    .for('update');
  if (!row) throw AppError.notFound(SUBMISSION_MESSAGES.achievementNotFound);
  if (row.verified) throw AppError.conflict(SUBMISSION_MESSAGES.achievementDecided);
  return row;
}

/**
 * Replaces a pending achievement's details, or, with `resend`, a declined one's, sending it back to
 * the reviewers' queue with the decline kept in its history. Each edit raises the version, so a
 * decision made on what the official saw before is refused.
 */
export async function editOwnAchievement(
  db: Database,
  userId: string,
  id: string,
  input: EditAchievementRequest,
  now = new Date(),
): Promise<Achievement> {
  await checkEvent(db, input.eventId);
  await db.transaction(async (tx) => {
    await auditAs(tx, userId);
    const row = await lockOwn(tx, userId, id);
    const declined = row.declinedAt !== null;
    // An edit sent while an official declined it must not resend it unread.
    if (declined && !input.resend)
      throw AppError.conflict(SUBMISSION_MESSAGES.achievementDeclinedMeanwhile);
    if (declined)
      await recordResend(
        tx,
        'achievement',
        id,
        { by: row.declinedBy, at: row.declinedAt!, reason: row.declineReason! },
        userId,
        now,
      );
    await tx
      .update(achievements)
      .set({
        ...ownerFields(input),
        declinedBy: null,
        declinedAt: null,
        declineReason: null,
        version: sql`${achievements.version} + 1`,
      })
      .where(eq(achievements.id, id));
    if (declined)
      await notifyQueue(
        tx,
        achievementReviewers(id),
        'achievements',
        input.title,
        reviewTabLink('achievements'),
      );
  });
  return (await ownAchievement(db, userId, id))!;
}

/**
 * Withdraws a pending or declined achievement: the row is deleted, so it leaves the queues and
 * their counts (the tally triggers), and the audit log keeps what it was, who withdrew it and when.
 */
export async function withdrawOwnAchievement(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await auditAs(tx, userId);
    await lockOwn(tx, userId, id);
    await tx.delete(achievements).where(eq(achievements.id, id));
  });
}
