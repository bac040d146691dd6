import { ownRecordKey } from '../../../lib/own-record';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  MyPositionListSchema,
  type MyPosition,
  type MyPositionList,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** The filters of the student's position list, as the page keeps them in its address. */
export type MyPositionFilters = {
  q: string;
  status: MyPosition['status'] | '';
  tenureYear: string;
  page: number;
};

const myPositionsKey = ownRecordKey('positions');

/** The query string the server reads; blank filters are left out. */
function myPositionsSearch({ q, status, tenureYear, page }: MyPositionFilters): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  if (tenureYear) params.set('tenureYear', tenureYear);
  params.set('page', String(page));
  params.set('pageSize', String(DEFAULT_PAGE_SIZE));
  return params.toString();
}

/** GET /api/me/positions: one page of the student's own position-holder records. */
function getMyPositions(filters: MyPositionFilters, signal: AbortSignal): Promise<MyPositionList> {
  return api.get(`${apiPaths.myPositions}?${myPositionsSearch(filters)}`, {
    schema: MyPositionListSchema,
    signal,
  });
}

const myPositionsQueryOptions = (filters: MyPositionFilters) =>
  queryOptions({
    queryKey: [...myPositionsKey, filters],
    queryFn: ({ signal }) => getMyPositions(filters, signal),
    // The last page stays on screen while the next filter's answer loads.
    placeholderData: keepPreviousData,
  });

export const useMyPositions = (filters: MyPositionFilters) => useQuery(myPositionsQueryOptions(filters));
