import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataExportListSchema, DataExportSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { privacyPaths } from './privacy-paths';
import { privacyKey } from './choices';

const exportsKey = [...privacyKey, 'data-exports'] as const;

/** GET /api/me/data-exports: my recent requests; asked again every few seconds while one is being prepared. */
export const useDataExports = () =>
  useQuery({
    queryKey: exportsKey,
    queryFn: ({ signal }) => api.get(privacyPaths.dataExports, { schema: DataExportListSchema, signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 5000 : false,
  });

/** POST /api/me/data-exports: ask for a copy of my data. */
export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(privacyPaths.dataExports, {}, { schema: DataExportSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: exportsKey }),
  });
}
