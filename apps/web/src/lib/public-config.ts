import { PublicConfigSchema } from '@cosa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { apiPaths } from './paths';

/** Settings of this installation: institute name, e-mail domain, time zone, logo. */
const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'] as const,
  queryFn: ({ signal }) => apiRequest(apiPaths.config, { schema: PublicConfigSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
