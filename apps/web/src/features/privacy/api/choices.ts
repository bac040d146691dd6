import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PrivacyChoicesSchema, type PrivacyChoices, type PrivacyChoicesInput } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { privacyPaths } from './privacy-paths';

/** Every query of the privacy settings page starts with this key (a 'privacy' notification refreshes them all). */
export const privacyKey = ['me', 'privacy'] as const;
const choicesKey = [...privacyKey, 'choices'] as const;

const choicesQueryOptions = queryOptions({
  queryKey: choicesKey,
  queryFn: ({ signal }): Promise<PrivacyChoices> =>
    api.get(privacyPaths.choices, { schema: PrivacyChoicesSchema, signal }),
});

/** GET /api/me/privacy: my choices. */
export const usePrivacyChoices = () => useQuery(choicesQueryOptions);

/** PUT /api/me/privacy: new choices, in effect at once. */
export function useSavePrivacyChoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacyChoicesInput) =>
      api.put(privacyPaths.choices, body, { schema: PrivacyChoicesSchema }),
    onSuccess: (saved) => client.setQueryData(choicesKey, saved),
  });
}
