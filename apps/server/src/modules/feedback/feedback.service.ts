import { FEEDBACK_MESSAGES, FEEDBACK_TARGET_LOOKUP, type SubmitFeedbackRequest } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { feedback } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { sqlStateOf } from '../../lib/db-errors';
import { exists } from '../lookup/lookup.service';
import { notifyQueue } from '../notifications/notify.service';
import { targetLabelOf } from './feedback-desk.read';
import { feedbackResolvers, UNRESOLVED_FEEDBACK_LINK } from './feedback-recipients';

/** The target column of each target type. */
const TARGET_COLUMN = {
  User: 'targetUserId',
  Event: 'targetEventId',
  'Club/Organization': 'targetUnitId',
  POR: 'targetPositionId',
} as const;

/**
 * Records feedback from the signed-in user about an existing target. The author is always the
 * session's user; for anonymous feedback it is kept only so the author can count and list their own.
 */
export async function submitFeedback(db: Database, authorId: string, input: SubmitFeedbackRequest) {
  // The picker never offers oneself; feedback about yourself is no feedback.
  const aboutSelf =
    input.targetType === 'User' && input.targetId.toLowerCase() === authorId.toLowerCase();
  const targetNotFound = () =>
    AppError.badRequest(FEEDBACK_MESSAGES.targetNotFound, {
      targetId: FEEDBACK_MESSAGES.targetNotFound,
    });
  if (aboutSelf || !(await exists(db, FEEDBACK_TARGET_LOOKUP[input.targetType], input.targetId)))
    throw targetNotFound();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(feedback)
      .values({
        type: input.type,
        targetType: input.targetType,
        [TARGET_COLUMN[input.targetType]]: input.targetId,
        rating: input.rating ?? null,
        comments: input.comments,
        isAnonymous: input.isAnonymous,
        authorId,
      })
      .returning({ id: feedback.id, isAnonymous: feedback.isAnonymous, createdAt: feedback.createdAt })
      .catch((error: unknown) => {
        // The target was removed between the check and the insert.
        throw sqlStateOf(error) === '23503' ? targetNotFound() : error;
      });
    // The resolvers hear what it is about, never who wrote it.
    await notifyQueue(
      tx,
      feedbackResolvers(created!.id),
      'feedback',
      await targetLabelOf(tx, authorId, created!.id),
      UNRESOLVED_FEEDBACK_LINK,
    );
    return created;
  });
  return { id: row!.id, isAnonymous: row!.isAnonymous, createdAt: row!.createdAt.toISOString() };
}
