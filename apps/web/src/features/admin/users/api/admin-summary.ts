import { useQuery } from '@tanstack/react-query';
import { AdminSummarySchema } from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';

export const adminSummaryKey = ['admin', 'summary'] as const;

/** GET /api/admin/summary: the counts of the /admin overview, asked afresh each time the overview opens (requests arrive meanwhile). */
export function useAdminSummary() {
  return useQuery({
    queryKey: adminSummaryKey,
    refetchOnMount: 'always',
    queryFn: ({ signal }) => api.get(apiPaths.adminSummary, { schema: AdminSummarySchema, signal }),
  });
}
