import { useMutation } from '@tanstack/react-query';
import { ENDORSEMENT_MESSAGES, ReviewOutcomeSchema, type ReviewOutcome } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { toast } from '../../../lib/toast';
import { staleReviewMessage, useSettleReview } from './pending-reviews-cache';
import { useOfferUndo } from './undo-review';

type SkillKind = 'user-skills' | 'skills';

/** POST /api/endorsements/{user-skills|skills}/{id}/endorse, without a body: the endorser is the signed-in official. */
function endorseSkill(kind: SkillKind, id: string): Promise<ReviewOutcome> {
  return api.post(apiPaths.endorse(kind, id), undefined, { schema: ReviewOutcomeSchema });
}

/** Endorses one item; the callbacks live here so they run even when the item's row has already left the screen. */
export function useEndorseSkill(kind: SkillKind) {
  const settle = useSettleReview(kind);
  const offerUndo = useOfferUndo(kind);
  return useMutation({
    mutationFn: (id: string) => endorseSkill(kind, id),
    onSuccess: (_outcome, id) => {
      offerUndo(ENDORSEMENT_MESSAGES.skillEndorsed, [id]);
      void settle(id);
    },
    onError: (error) => {
      const stale = staleReviewMessage(error);
      toast.error(stale ?? ENDORSEMENT_MESSAGES.endorseFailed);
      if (stale) void settle(null);
    },
  });
}
