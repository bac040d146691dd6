import { useMutation } from '@tanstack/react-query';
import { ENDORSEMENT_MESSAGES, ReviewOutcomeSchema, type ReviewOutcome } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { toast } from '../../../lib/toast';
import { staleReviewMessage, useSettleReview } from './pending-reviews-cache';
import { useOfferUndo } from './undo-review';

type VerifyVariables = { id: string; version: number };

/**
 * POST /api/endorsements/achievements/{id}/verify with the version the official saw (refused when
 * the student changed the achievement since); the verifier is the signed-in official.
 */
function verifyAchievement({ id, version }: VerifyVariables): Promise<ReviewOutcome> {
  return api.post(apiPaths.verifyAchievement(id), { version }, { schema: ReviewOutcomeSchema });
}

/** Verifies one achievement; the callbacks live here so they run even when its row has already left the screen. */
export function useVerifyAchievement() {
  const settle = useSettleReview('achievements');
  const offerUndo = useOfferUndo('achievements');
  return useMutation({
    mutationFn: verifyAchievement,
    onSuccess: (_outcome, { id }) => {
      offerUndo(ENDORSEMENT_MESSAGES.achievementVerified, [id]);
      void settle(id);
    },
    onError: (error) => {
      const stale = staleReviewMessage(error);
      toast.error(stale ?? ENDORSEMENT_MESSAGES.verifyFailed);
      if (stale) void settle(null);
    },
  });
}
