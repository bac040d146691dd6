import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthResponseSchema, type AuthResponse, type OnboardingRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { setSessionUser } from '../../../lib/session';

/** POST /api/onboarding: completes the student's registration and answers with the updated user. */
export function completeOnboarding(body: OnboardingRequest): Promise<AuthResponse> {
  return api.post(apiPaths.onboarding, body, { schema: AuthResponseSchema });
}

export function useCompleteOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}
