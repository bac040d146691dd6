import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReceiptResponseSchema, type BallotInputSchema } from '@cosa/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { electionsKey } from './get-elections';
import { electionApi } from '../election-paths';

/**
 * POST /api/elections/posts/{postId}/ballots: casts the ranking (candidate ids, most preferred
 * first; none: none of the above); resolves to the receipt code, shown once. The ranking and the
 * receipt live only in this mutation while its page shows it: never in storage, the address or
 * the query cache (gcTime 0 forgets them as the page closes).
 */
export function useCastBallot(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ranking: readonly string[]) => {
      const body: z.input<typeof BallotInputSchema> = { ranking: [...ranking] };
      return api.post(electionApi.ballots(postId), body, { schema: ReceiptResponseSchema });
    },
    gcTime: 0,
    onSuccess: () => void client.invalidateQueries({ queryKey: electionsKey }),
  });
}
