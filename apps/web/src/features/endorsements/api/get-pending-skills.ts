import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PendingSkillListSchema, type PendingSkillList } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { pendingReviewsKey, reviewSearch, type ReviewQuery } from './pending-reviews-cache';

/** GET /api/endorsements/skills: one page of the catalogue skills students created, awaiting endorsement, of the types the official reviews. */
function getPendingSkills(query: ReviewQuery, signal: AbortSignal): Promise<PendingSkillList> {
  return api.get(`${apiPaths.pendingReviews('skills')}?${reviewSearch(query)}`, {
    schema: PendingSkillListSchema,
    signal,
  });
}

const pendingSkillsQueryOptions = (query: ReviewQuery) =>
  queryOptions({
    queryKey: [...pendingReviewsKey('skills'), query],
    queryFn: ({ signal }) => getPendingSkills(query, signal),
    // The last page stays on screen while the next page or type loads.
    placeholderData: keepPreviousData,
  });

export const usePendingSkills = (query: ReviewQuery) => useQuery(pendingSkillsQueryOptions(query));
