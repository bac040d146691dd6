import { useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  type ACHIEVEMENT_LEVELS,
  type ACHIEVEMENT_TYPES,
  type PROFICIENCY_LEVELS,
} from '@cosa/contracts';
import { ApiError, errorFrom } from '../../../lib/api-client';
import { useRefreshCouncilSummary } from '../../../lib/council-summary';
import { apiPaths } from '../../../lib/api-paths';

/** The four lists of the endorsement panel, named as in their API paths and the page's ?tab=. */
export type ReviewKind = 'user-skills' | 'skills' | 'achievements' | 'positions';

/**
 * One page of a list, narrowed to one type ('' for every type the official reviews), a search, a
 * level (achievements), a proficiency (claims) and the days submitted ('' for none).
 */
export type ReviewQuery = {
  type: (typeof ACHIEVEMENT_TYPES)[number] | '';
  q: string;
  level: (typeof ACHIEVEMENT_LEVELS)[number] | '';
  proficiency: (typeof PROFICIENCY_LEVELS)[number] | '';
  from: string;
  to: string;
  page: number;
};

/** The filters a list sends and its export carries: the search, the type and the rest, never the page. */
function filterParams(query: Omit<ReviewQuery, 'page'>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['type', 'q', 'level', 'proficiency', 'from', 'to'] as const)
    if (query[key]) params.set(key, query[key]);
  return params;
}

export const pendingReviewsKey = (kind: ReviewKind) => ['endorsements', kind] as const;
/** The tab counts' cache key: refreshed with the lists after every decision. */
export const reviewCountsKey = ['endorsements', 'counts'] as const;

/** The query string the server reads: ?page&pageSize and the filters that are set. */
export function reviewSearch({ page, ...filters }: ReviewQuery): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  for (const [key, value] of filterParams(filters)) params.set(key, value);
  return params.toString();
}

/** The lists that have a CSV export, and its address. */
const EXPORTS = {
  'user-skills': apiPaths.exports.userSkills,
  achievements: apiPaths.exports.achievements,
} as const;

/** The CSV of every page of a list under its search and filters (the page itself is left out). */
export function reviewExportHref(kind: keyof typeof EXPORTS, query: ReviewQuery): string {
  const { page: _page, ...filters } = query;
  const params = filterParams(filters).toString();
  return params ? `${EXPORTS[kind]}?${params}` : EXPORTS[kind];
}

const STALE_STATUSES: readonly number[] = [403, 404, 409];

/**
 * The server's own words when the item changed under the official: another official was faster,
 * it is another secretary's type, or it is gone. Null for any other failure, and for a refusal
 * without a message of its own (errorFrom then gave its stock text).
 */
export function staleReviewMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !STALE_STATUSES.includes(error.status)) return null;
  return error.message !== errorFrom(error.status, undefined).message ? error.message : null;
}

type CachedList = { items: { id: string }[]; total: number; overall: number };

/**
 * After a review (or a refusal saying the list is out of date, or an undo): the reviewed items
 * leave the list at once, then the list, the tab counts and the dashboard's counts are fetched again.
 */
export function useSettleReview(kind: ReviewKind) {
  const client = useQueryClient();
  const refreshSummary = useRefreshCouncilSummary();
  return async (reviewed: string | readonly string[] | null) => {
    const gone = new Set(typeof reviewed === 'string' ? [reviewed] : (reviewed ?? []));
    if (gone.size) {
      client.setQueriesData<CachedList>({ queryKey: pendingReviewsKey(kind) }, (list) => {
        const left = list?.items.filter((item) => !gone.has(item.id));
        if (!list || !left || left.length === list.items.length) return list;
        const removed = list.items.length - left.length;
        return {
          ...list,
          items: left,
          total: Math.max(0, list.total - removed),
          overall: Math.max(0, list.overall - removed),
        };
      });
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: pendingReviewsKey(kind) }),
      client.invalidateQueries({ queryKey: reviewCountsKey }),
      refreshSummary(),
    ]);
  };
}
