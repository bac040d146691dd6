import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReviewCountsSchema, type ReviewCounts } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { reviewCountsKey } from './pending-reviews-cache';

/** GET /api/endorsements/counts: how many items await the official on each tab. */
function getReviewCounts(signal: AbortSignal): Promise<ReviewCounts> {
  return api.get(apiPaths.reviewCounts, { schema: ReviewCountsSchema, signal });
}

const reviewCountsQueryOptions = () =>
  queryOptions({ queryKey: reviewCountsKey, queryFn: ({ signal }) => getReviewCounts(signal) });

export const useReviewCounts = () => useQuery(reviewCountsQueryOptions());
