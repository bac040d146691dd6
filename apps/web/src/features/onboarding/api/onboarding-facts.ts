import { useQuery } from '@tanstack/react-query';
import { OnboardingFactsSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** GET /api/onboarding: the facts the institute already holds for the signed-in user (null when none). */
export function useOnboardingFacts() {
  return useQuery({
    queryKey: ['onboarding', 'facts'],
    queryFn: ({ signal }) => api.get(apiPaths.onboarding, { schema: OnboardingFactsSchema, signal }),
  });
}
