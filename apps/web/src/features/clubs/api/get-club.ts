import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClubPageResponseSchema, type ClubPage } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { clubPaths } from './club-paths';
import { clubsKey } from './get-clubs';

/** GET /api/clubs/by-slug/{slug}: the club's page as the reader sees it; 404 for no such club. */
async function getClub(slug: string, signal: AbortSignal): Promise<ClubPage> {
  const { page } = await api.get(clubPaths.bySlug(slug), { schema: ClubPageResponseSchema, signal });
  return page;
}

const clubQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...clubsKey, 'page', slug],
    queryFn: ({ signal }) => getClub(slug, signal),
  });

export const useClub = (slug: string) => useQuery(clubQueryOptions(slug));
