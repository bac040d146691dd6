import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PendingAchievementListSchema, type PendingAchievementList } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { pendingReviewsKey, reviewSearch, type ReviewQuery } from './pending-reviews-cache';

/** GET /api/endorsements/achievements: one page of the achievements awaiting verification, of the types the official reviews. */
function getPendingAchievements(
  query: ReviewQuery,
  signal: AbortSignal,
): Promise<PendingAchievementList> {
  return api.get(`${apiPaths.pendingReviews('achievements')}?${reviewSearch(query)}`, {
    schema: PendingAchievementListSchema,
    signal,
  });
}

const pendingAchievementsQueryOptions = (query: ReviewQuery) =>
  queryOptions({
    queryKey: [...pendingReviewsKey('achievements'), query],
    queryFn: ({ signal }) => getPendingAchievements(query, signal),
    // The last page stays on screen while the next page or type loads.
    placeholderData: keepPreviousData,
  });

export const usePendingAchievements = (query: ReviewQuery) =>
  useQuery(pendingAchievementsQueryOptions(query));
