import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, errorFrom } from '../../../lib/api-client';
import { ENDORSEMENT_MESSAGES, ReviewOutcomeSchema, type ReviewOutcome } from '@cosa/contracts';
import { apiPaths } from '../../../lib/api-paths';
import { toast } from '../../../lib/toast';
import { myClubKey } from './get-my-club';

/** POST /api/endorsements/achievements/{id}/verify: the same verification as the endorsement panel's. */
function endorseAchievement(id: string): Promise<ReviewOutcome> {
  return api.post(apiPaths.verifyAchievement(id), undefined, { schema: ReviewOutcomeSchema });
}

/** The server's own words for a refusal the coordinator can act on (another official was faster, not a member). */
function refusal(error: unknown): string {
  if (
    error instanceof ApiError &&
    [403, 404, 409].includes(error.status) &&
    error.message !== errorFrom(error.status, undefined).message
  )
    return error.message;
  return ENDORSEMENT_MESSAGES.verifyFailed;
}

/** Endorse on the club dashboard: verifies the achievement, then reads the club's data again. */
export function useEndorseAchievement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endorseAchievement,
    onSuccess: () => toast.success(ENDORSEMENT_MESSAGES.achievementVerified),
    onError: (error) => toast.error(refusal(error)),
    onSettled: () => client.invalidateQueries({ queryKey: myClubKey }),
  });
}
