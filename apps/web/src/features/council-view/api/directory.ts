import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DirectoryPositionListSchema, OfficeBearerListSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** The search, unit filter and page of a COSA View list. */
export type DirectoryFilters = { q: string; unitId: string; page: number };

function search(filters: Record<string, string | number | boolean>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = String(value).trim();
    if (text && value !== false) params.set(key, text);
  }
  return params.toString();
}

/** GET /api/directory/office-bearers: one page of the people holding a position now. */
export function useOfficeBearers(filters: DirectoryFilters) {
  return useQuery({
    queryKey: ['council-view', 'office-bearers', filters],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.officeBearers}?${search(filters)}`, {
        schema: OfficeBearerListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/directory/positions: one page of the positions in use, with their seats and the viewer's fit. */
export function useDirectoryPositions(filters: DirectoryFilters & { open: boolean }) {
  return useQuery({
    queryKey: ['council-view', 'positions', filters],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.directoryPositions}?${search(filters)}`, {
        schema: DirectoryPositionListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
