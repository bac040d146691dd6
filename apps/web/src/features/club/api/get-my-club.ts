import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyClubResponseSchema, type MyClubResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

export const myClubKey = ['club', 'mine'] as const;

/** GET /api/clubs/mine: the coordinator's club and everything the dashboard shows, in one answer. */
function getMyClub(signal: AbortSignal): Promise<MyClubResponse> {
  return api.get(apiPaths.myClub, { schema: MyClubResponseSchema, signal });
}

const myClubQueryOptions = queryOptions({
  queryKey: myClubKey,
  queryFn: ({ signal }) => getMyClub(signal),
  // Reviews made on the endorsement panel change the counts: read them again on every visit.
  refetchOnMount: 'always',
});

export const useMyClub = () => useQuery(myClubQueryOptions);
