import { useMutation } from '@tanstack/react-query';
import {
  ENDORSEMENT_MESSAGES,
  ERROR_CODES,
  PositionReviewOutcomeSchema,
  type PositionReviewOutcome,
} from '@cosa/contracts';
import { ApiError, api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { toast } from '../../../lib/toast';
import { staleReviewMessage, useSettleReview } from './pending-reviews-cache';

type VerifyVariables = { id: string; confirm: boolean; version: number };

/** POST /api/endorsements/positions/{id}/verify: the verifier is the signed-in official; confirm verifies despite a shortfall. */
function verifyPosition({ id, confirm, version }: VerifyVariables): Promise<PositionReviewOutcome> {
  return api.post(
    apiPaths.verifyPosition(id),
    { confirm, version },
    { schema: PositionReviewOutcomeSchema },
  );
}

/** True when the server answered with the shortfall of the position's requirements (asked again with confirm). */
export const isShortfall = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === ERROR_CODES.requirementsNotMet;

/**
 * Verifies one record awaiting verification. A refusal with the server's reason (the position is
 * full, another official was faster) is shown as it is; the record stays listed when it is still
 * pending. A shortfall of the requirements is left to the item, which shows it and asks again.
 */
export function useVerifyPosition() {
  const settle = useSettleReview('positions');
  return useMutation({
    mutationFn: verifyPosition,
    onSuccess: (_outcome, { id }) => {
      toast.success(ENDORSEMENT_MESSAGES.positionVerified);
      void settle(id);
    },
    onError: (error) => {
      if (isShortfall(error)) return;
      const stale = staleReviewMessage(error);
      toast.error(stale ?? ENDORSEMENT_MESSAGES.verifyPositionFailed);
      if (stale) void settle(null);
    },
  });
}
