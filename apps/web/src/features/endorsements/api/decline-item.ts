import { useMutation } from '@tanstack/react-query';
import {
  ENDORSEMENT_MESSAGES,
  ReviewOutcomeSchema,
  type DeclineRequest,
  type ReviewOutcome,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { toast } from '../../../lib/toast';
import { staleReviewMessage, useSettleReview, type ReviewKind } from './pending-reviews-cache';
import { useOfferUndo } from './undo-review';

/** `version`: what the official saw of an achievement or a position record (refused when changed since). */
type DeclineVariables = { id: string; version?: number } & DeclineRequest;

/** POST /api/endorsements/{kind}/{id}/decline with {reason}, which the student sees. */
function declineItem(
  kind: ReviewKind,
  { id, reason, version }: DeclineVariables,
): Promise<ReviewOutcome> {
  return api.post(apiPaths.decline(kind, id), { reason, version }, { schema: ReviewOutcomeSchema });
}

/**
 * Declines one item. A refusal that says the list is out of date is shown as a toast and refreshes
 * the list; other failures are left to the dialog, which stays open to try again.
 */
export function useDeclineItem(kind: ReviewKind) {
  const settle = useSettleReview(kind);
  // Position records have no undo; the hook is made for every kind, as hooks must be.
  const offerUndo = useOfferUndo(kind === 'positions' ? 'achievements' : kind);
  return useMutation({
    mutationFn: (variables: DeclineVariables) => declineItem(kind, variables),
    onSuccess: (_outcome, { id }) => {
      if (kind === 'positions') toast.success(ENDORSEMENT_MESSAGES.declined);
      else offerUndo(ENDORSEMENT_MESSAGES.declined, [id]);
      void settle(id);
    },
    onError: (error) => {
      const stale = staleReviewMessage(error);
      if (!stale) return;
      toast.error(stale);
      void settle(null);
    },
  });
}
