import { AuthResponseSchema, type AuthResponse, type OnboardingRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useSigningInMutation } from '../../../lib/session';

/** POST /api/onboarding: completes the student's registration and answers with the updated user. */
function completeOnboarding(body: OnboardingRequest): Promise<AuthResponse> {
  return api.post(apiPaths.onboarding, body, { schema: AuthResponseSchema });
}

export const useCompleteOnboarding = () => useSigningInMutation(completeOnboarding);
