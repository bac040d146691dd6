import type { PublicConfig } from '@cosa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { apiPaths } from './paths';

/** Settings of this installation: institute name, e-mail domain, time zone, logo. */
const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'] as const,
  // Trusted to match PublicConfigSchema, like the session (lib/session.ts).
  queryFn: ({ signal }) => apiRequest<PublicConfig>(apiPaths.config, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
