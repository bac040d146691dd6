import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, PendingPositionListSchema, type PendingPositionList } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { pendingReviewsKey } from './pending-reviews-cache';

/** GET /api/endorsements/positions: one page of the self-declared positions awaiting verification. */
function getPendingPositions(page: number, signal: AbortSignal): Promise<PendingPositionList> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  return api.get(`${apiPaths.pendingReviews('positions')}?${search.toString()}`, {
    schema: PendingPositionListSchema,
    signal,
  });
}

const pendingPositionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...pendingReviewsKey('positions'), { page }],
    queryFn: ({ signal }) => getPendingPositions(page, signal),
    placeholderData: keepPreviousData,
  });

export const usePendingPositions = (page: number) => useQuery(pendingPositionsQueryOptions(page));
