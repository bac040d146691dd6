import { ownRecordKey } from '../../../lib/own-record';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeDashboardSchema, type HomeDashboard } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/**
 * The key is the endpoint itself, not the user: the cache is cleared at sign-out, and other
 * features (a new photo, a profile edit) can refresh the dashboard without importing this file.
 */
const dashboardQueryKey = ownRecordKey('dashboard');

/** GET /api/me/dashboard: the whole student home dashboard in one answer. */
function getDashboard(signal?: AbortSignal): Promise<HomeDashboard> {
  return api.get(apiPaths.dashboard, { schema: HomeDashboardSchema, signal });
}

const dashboardQueryOptions = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: ({ signal }) => getDashboard(signal),
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
