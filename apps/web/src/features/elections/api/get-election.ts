import { useQuery } from '@tanstack/react-query';
import { ElectionResponseSchema, type ElectionDetail } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { electionsKey } from './get-elections';
import { electionApi } from '../election-paths';

export const electionKey = (id: string) => [...electionsKey, 'detail', id] as const;

/** The longest wait before the page asks again whether the election has moved to its next phase. */
const MAX_WAIT_MS = 60 * 60_000;

/**
 * How long until the election's next window opens or closes (and its phase changes), a second
 * after it; false once voting has closed.
 */
export function untilNextPhase(election: ElectionDetail, now = Date.now()): number | false {
  const next = [
    election.nominationsOpenAt,
    election.nominationsCloseAt,
    election.votingOpenAt,
    election.votingCloseAt,
  ]
    .map((instant) => Date.parse(instant))
    .find((at) => at > now);
  return next === undefined ? false : Math.min(next - now + 1_000, MAX_WAIT_MS);
}

/**
 * GET /api/elections/{id}: the election, its posts and what the signed-in person may do in each;
 * asked again as a window opens or closes, so the page follows the phase without a reload.
 */
export function useElection(id: string) {
  return useQuery({
    queryKey: electionKey(id),
    queryFn: async ({ signal }) => {
      const { election } = await api.get(electionApi.election(id), {
        schema: ElectionResponseSchema,
        signal,
      });
      return election;
    },
    refetchInterval: (query) => (query.state.data ? untilNextPhase(query.state.data) : false),
    // One request at each window's boundary: a page left in a background tab is up to date too.
    refetchIntervalInBackground: true,
  });
}
