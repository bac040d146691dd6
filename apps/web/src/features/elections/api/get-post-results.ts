import { useQuery } from '@tanstack/react-query';
import type { PostResults } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { electionsKey } from './get-elections';
import { electionApi } from '../election-paths';

/**
 * GET /api/elections/posts/{postId}/results: the count round by round and the ballots; 409 before
 * the close. The answer is read as PostResultsSchema describes it without parsing it with the
 * schema: its round actions are zod's only discriminated union on the web, and zod's code loads
 * with every page, where it would put /events/:id over its weight budget.
 */
export function usePostResults(postId: string) {
  return useQuery({
    queryKey: [...electionsKey, 'results', postId],
    queryFn: ({ signal }) => api.get<PostResults>(electionApi.results(postId), { signal }),
    // Published once and never changed: no need to ask again while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
