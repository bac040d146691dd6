import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type ACHIEVEMENT_TYPES } from '@cosa/contracts';
import { ApiError, errorFrom } from '../../../lib/api-client';
import { useRefreshCouncilSummary } from '../../../lib/council-summary';
import { apiPaths } from '../../../lib/api-paths';

/** The four lists of the endorsement panel, named as in their API paths and the page's ?tab=. */
export type ReviewKind = 'user-skills' | 'skills' | 'achievements' | 'positions';

/** One page of a list, narrowed to one type ('' for every type the official reviews). */
export type ReviewQuery = { type: (typeof ACHIEVEMENT_TYPES)[number] | ''; page: number };

export const pendingReviewsKey = (kind: ReviewKind) => ['endorsements', kind] as const;

/** The query string the server reads: ?page&pageSize&type. */
export function reviewSearch({ type, page }: ReviewQuery): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  if (type) params.set('type', type);
  return params.toString();
}

/** The lists that have a CSV export, and its address. */
const EXPORTS = {
  'user-skills': apiPaths.exports.userSkills,
  achievements: apiPaths.exports.achievements,
} as const;

/** The CSV of every page of a list under its type filter (the page itself is left out). */
export function reviewExportHref(
  kind: keyof typeof EXPORTS,
  { type }: Pick<ReviewQuery, 'type'>,
): string {
  return type ? `${EXPORTS[kind]}?${new URLSearchParams({ type }).toString()}` : EXPORTS[kind];
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
 * After a review (or a refusal saying the list is out of date): the reviewed item leaves the list
 * at once, then the list and the dashboard's counts are fetched again.
 */
export function useSettleReview(kind: ReviewKind) {
  const client = useQueryClient();
  const refreshSummary = useRefreshCouncilSummary();
  return async (reviewedId: string | null) => {
    if (reviewedId) {
      client.setQueriesData<CachedList>({ queryKey: pendingReviewsKey(kind) }, (list) => {
        if (!list?.items.some((item) => item.id === reviewedId)) return list;
        return {
          ...list,
          items: list.items.filter((item) => item.id !== reviewedId),
          total: Math.max(0, list.total - 1),
          overall: Math.max(0, list.overall - 1),
        };
      });
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: pendingReviewsKey(kind) }),
      refreshSummary(),
    ]);
  };
}
