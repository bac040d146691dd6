import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ClubDirectorySchema, type ClubDirectory } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/**
 * The directory as the page keeps it in its address: the search, the council ('' for every
 * council), the category ('' for every category) and the page.
 */
export type ClubFilters = { q: string; council: string; category: string; page: number };

/** Every query of the clubs feature starts with this key, so one change refreshes them all. */
export const clubsKey = ['clubs'] as const;

/** The filters as the server reads them; blanks are left out. */
function directorySearch(filters: ClubFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.council) params.set('council', filters.council);
  if (filters.category) params.set('category', filters.category);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** GET /api/clubs: a page of the active clubs and council bodies the filters keep, recruiting ones first. */
function getClubs(filters: ClubFilters, signal: AbortSignal): Promise<ClubDirectory> {
  const search = directorySearch(filters);
  return api.get(search ? `${apiPaths.clubs}?${search}` : apiPaths.clubs, {
    schema: ClubDirectorySchema,
    signal,
  });
}

const clubsQueryOptions = (filters: ClubFilters) =>
  queryOptions({
    queryKey: [
      ...clubsKey,
      'directory',
      filters.q.trim(),
      filters.council,
      filters.category,
      filters.page,
    ],
    queryFn: ({ signal }) => getClubs(filters, signal),
    // The last answer stays on screen while the next search's loads.
    placeholderData: keepPreviousData,
  });

export const useClubs = (filters: ClubFilters) => useQuery(clubsQueryOptions(filters));
