import {
  ENDORSEMENT_DECISION_MESSAGES,
  UNDO_TOAST_MS,
  UndoOutcomeSchema,
  type UndoOutcome,
} from '@cosa/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { toast } from '../../../lib/toast';
import { useSettleReview } from './pending-reviews-cache';

/** The kinds whose decisions can be undone (decision 0023); position records cannot. */
export type UndoableKind = 'user-skills' | 'skills' | 'achievements';

/** POST /api/endorsements/{kind}/{id}/undo: the server reverts the official's own recent decision. */
function undoReview(kind: UndoableKind, id: string): Promise<UndoOutcome> {
  return api.post(apiPaths.undoReview(kind, id), undefined, { schema: UndoOutcomeSchema });
}

/**
 * The toast after a decision, offering Undo for a few seconds. The decision is already made on the
 * server (decision 0023); Undo asks the server to revert each item, which then returns to the list.
 */
export function useOfferUndo(kind: UndoableKind) {
  const settle = useSettleReview(kind);
  return (message: string, ids: readonly string[]) => {
    const undo = async () => {
      const results = await Promise.allSettled(ids.map((id) => undoReview(kind, id)));
      const undone = results.filter((result) => result.status === 'fulfilled').length;
      const refusal = results.find((result) => result.status === 'rejected');
      if (undone)
        toast.success(
          undone === 1
            ? ENDORSEMENT_DECISION_MESSAGES.undone
            : ENDORSEMENT_DECISION_MESSAGES.undoneMany(undone),
        );
      if (refusal)
        toast.error(
          refusal.reason instanceof ApiError && refusal.reason.status !== 500
            ? refusal.reason.message
            : ENDORSEMENT_DECISION_MESSAGES.undoFailed,
        );
      await settle(null);
    };
    toast.withAction(
      message,
      { label: ENDORSEMENT_DECISION_MESSAGES.undo, onClick: () => void undo() },
      UNDO_TOAST_MS,
    );
  };
}
