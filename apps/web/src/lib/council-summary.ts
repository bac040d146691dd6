import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { CouncilSummarySchema, type CouncilSummary } from '@cosa/contracts';
import { api } from './api-client';
import { apiPaths } from './api-paths';

/** Shared by the officials' dashboards (which show it) and the review screens (which change it). */
const councilSummaryQueryKey = ['council', 'summary'] as const;

/** GET /api/council/summary: what waits for the signed-in official. */
function getCouncilSummary(signal: AbortSignal): Promise<CouncilSummary> {
  return api.get(apiPaths.councilSummary, { schema: CouncilSummarySchema, signal });
}

const councilSummaryQueryOptions = queryOptions({
  queryKey: councilSummaryQueryKey,
  queryFn: ({ signal }) => getCouncilSummary(signal),
});

export const useCouncilSummary = () => useQuery(councilSummaryQueryOptions);

/** Marks the summary stale after a review, so the counts on the dashboard follow. */
export function useRefreshCouncilSummary(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: councilSummaryQueryKey });
}
