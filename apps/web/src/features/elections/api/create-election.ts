import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ElectionResponseSchema, type ElectionInput } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { electionKey } from './get-election';
import { electionsKey } from './get-elections';
import { electionApi } from '../election-paths';

/** POST /api/elections: the administrator sets an election up; resolves to the new election. */
export function useCreateElection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ElectionInput) => {
      const { election } = await api.post(electionApi.elections, body, {
        schema: ElectionResponseSchema,
      });
      return election;
    },
    onSuccess: (election) => {
      client.setQueryData(electionKey(election.id), election);
      void client.invalidateQueries({ queryKey: [...electionsKey, 'list'] });
    },
  });
}
