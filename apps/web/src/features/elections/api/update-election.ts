import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ElectionResponseSchema, type ElectionChange } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { electionKey } from './get-election';
import { electionsKey } from './get-elections';
import { electionApi } from '../election-paths';

/** PUT /api/elections/{id}: the administrator or the officer changes the election; resolves to it as changed. */
export function useUpdateElection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ElectionChange) => {
      const { election } = await api.put(electionApi.election(id), body, {
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
