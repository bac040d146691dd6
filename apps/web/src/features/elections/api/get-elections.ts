import { queryOptions, useQuery } from '@tanstack/react-query';
import { ElectionListSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { electionApi } from '../election-paths';

/** Every query of the elections feature starts with this key, so one change refreshes them all. */
export const electionsKey = ['elections'] as const;

const electionListOptions = queryOptions({
  queryKey: [...electionsKey, 'list'] as const,
  queryFn: ({ signal }) => api.get(electionApi.elections, { schema: ElectionListSchema, signal }),
});

/** GET /api/elections: every election, with its phase and windows. */
export const useElections = () => useQuery(electionListOptions);
