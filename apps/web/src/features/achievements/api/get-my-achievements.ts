import { ownRecordKey } from '../../../lib/own-record';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  AchievementListSchema,
  DEFAULT_PAGE_SIZE,
  type ACHIEVEMENT_STATUSES,
  type AchievementList,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** The filters of the student's achievement list, as the page keeps them in its address. */
export type AchievementFilters = {
  q: string;
  category: string;
  level: string;
  status: (typeof ACHIEVEMENT_STATUSES)[number] | '';
  page: number;
};

const NO_ACHIEVEMENT_FILTERS: AchievementFilters = {
  q: '',
  category: '',
  level: '',
  status: '',
  page: 1,
};

const myAchievementsKey = ownRecordKey('achievements');

/** The query string the server reads; blank filters are left out. */
function achievementsSearch(
  { q, category, level, status, page }: AchievementFilters,
  pageSize: number,
): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (category) params.set('category', category);
  if (level) params.set('level', level);
  if (status) params.set('status', status);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** GET /api/me/achievements: one page of the student's achievements, with totals and the filters' choices. */
function getMyAchievements(
  filters: AchievementFilters,
  pageSize: number,
  signal: AbortSignal,
): Promise<AchievementList> {
  return api.get(`${apiPaths.myAchievements}?${achievementsSearch(filters, pageSize)}`, {
    schema: AchievementListSchema,
    signal,
  });
}

const myAchievementsQueryOptions = (filters: AchievementFilters, pageSize = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...myAchievementsKey, filters, pageSize],
    queryFn: ({ signal }) => getMyAchievements(filters, pageSize, signal),
    // The last page stays on screen while the next filter's answer loads.
    placeholderData: keepPreviousData,
  });

export const useMyAchievements = (filters: AchievementFilters) =>
  useQuery(myAchievementsQueryOptions(filters));

/** The categories and levels the student used before, as suggestions for a new achievement (one item is enough to get them). */
export const useAchievementFacets = () =>
  useQuery({
    ...myAchievementsQueryOptions(NO_ACHIEVEMENT_FILTERS, 1),
    select: (list: AchievementList) => list.facets,
  });
