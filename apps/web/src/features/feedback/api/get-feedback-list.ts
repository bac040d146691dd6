import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  FeedbackListSchema,
  type FEEDBACK_TYPES,
  type FeedbackList,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** The filters of the feedback list, as the page keeps them in its address ('' for All). */
export type FeedbackFilters = {
  status: 'resolved' | 'unresolved' | '';
  type: (typeof FEEDBACK_TYPES)[number] | '';
  /** One feedback alone (a search result's link); '' for the whole list. */
  id: string;
  page: number;
};

/** Every feedback list query starts with this key, so a resolution refreshes them all. */
export const feedbackListKey = ['feedback', 'list'] as const;

/** The filters as the server reads them: the status always, the type only when one is chosen. */
function filterParams({ status, type }: FeedbackFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set('status', status || 'all');
  if (type) params.set('type', type);
  return params;
}

/** The list's query string: its filters, the one feedback asked for, and the page. */
function feedbackSearch(filters: FeedbackFilters, pageSize: number): string {
  const params = filterParams(filters);
  if (filters.id) params.set('id', filters.id);
  params.set('page', String(filters.page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** GET /api/feedback/export: the CSV of every page of the list under the same filters. */
export const feedbackExportHref = (filters: FeedbackFilters): string =>
  `${apiPaths.exports.feedback}?${filterParams(filters).toString()}`;

/** GET /api/feedback: one page of the feedback this user may see, with the counts of the status filter. */
function getFeedbackList(
  filters: FeedbackFilters,
  pageSize: number,
  signal: AbortSignal,
): Promise<FeedbackList> {
  return api.get(`${apiPaths.feedback}?${feedbackSearch(filters, pageSize)}`, {
    schema: FeedbackListSchema,
    signal,
  });
}

const feedbackListQueryOptions = (filters: FeedbackFilters, pageSize = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...feedbackListKey, filters, pageSize],
    queryFn: ({ signal }) => getFeedbackList(filters, pageSize, signal),
    // The last page stays on screen while the next filter's answer loads.
    placeholderData: keepPreviousData,
  });

export const useFeedbackList = (filters: FeedbackFilters) => useQuery(feedbackListQueryOptions(filters));
