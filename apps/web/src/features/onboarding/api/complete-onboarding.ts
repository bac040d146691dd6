import { useMutation } from '@tanstack/react-query';
import { AuthResponseSchema, type AuthResponse, type OnboardingRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useSessionStore } from '../../../lib/session';

/** POST /api/onboarding: completes the student's registration and answers with the updated user. */
function completeOnboarding(body: OnboardingRequest): Promise<AuthResponse> {
  return api.post(apiPaths.onboarding, body, { schema: AuthResponseSchema });
}

/** The answer's user is who is signed in now: the guards let the onboarded student in at once. */
export function useCompleteOnboarding() {
  const session = useSessionStore();
  return useMutation({ mutationFn: completeOnboarding, onSuccess: ({ user }) => session.set(user) });
}
