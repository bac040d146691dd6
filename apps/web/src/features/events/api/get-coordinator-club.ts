import { useQuery } from '@tanstack/react-query';
import { MyClubResponseSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** GET /api/clubs/mine, for a club coordinator only: their club is the organizing unit of the events they create. */
export function useCoordinatorClub(enabled: boolean) {
  return useQuery({
    queryKey: ['club', 'mine'],
    queryFn: ({ signal }) => api.get(apiPaths.myClub, { schema: MyClubResponseSchema, signal }),
    enabled,
  });
}
