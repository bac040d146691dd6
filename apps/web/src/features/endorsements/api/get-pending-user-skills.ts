import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PendingUserSkillListSchema, type PendingUserSkillList } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { pendingReviewsKey, reviewSearch, type ReviewQuery } from './pending-reviews-cache';

/** GET /api/endorsements/user-skills: one page of the user skills awaiting endorsement, of the types the official reviews. */
function getPendingUserSkills(query: ReviewQuery, signal: AbortSignal): Promise<PendingUserSkillList> {
  return api.get(`${apiPaths.pendingReviews('user-skills')}?${reviewSearch(query)}`, {
    schema: PendingUserSkillListSchema,
    signal,
  });
}

const pendingUserSkillsQueryOptions = (query: ReviewQuery) =>
  queryOptions({
    queryKey: [...pendingReviewsKey('user-skills'), query],
    queryFn: ({ signal }) => getPendingUserSkills(query, signal),
    // The last page stays on screen while the next page or type loads.
    placeholderData: keepPreviousData,
  });

export const usePendingUserSkills = (query: ReviewQuery) =>
  useQuery(pendingUserSkillsQueryOptions(query));
