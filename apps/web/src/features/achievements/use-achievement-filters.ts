import { ACHIEVEMENT_STATUSES } from '@cosa/contracts';
import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { AchievementFilters } from './api/get-my-achievements';

function isStatus(value: string): value is (typeof ACHIEVEMENT_STATUSES)[number] {
  return (ACHIEVEMENT_STATUSES as readonly string[]).includes(value);
}

/** The list's filters read from the address; a value that makes no sense there is ignored. */
function filtersFrom(params: URLSearchParams): AchievementFilters {
  const status = params.get('status') ?? '';
  return {
    q: searchFrom(params.get('q')),
    category: searchFrom(params.get('category')),
    level: searchFrom(params.get('level')),
    status: isStatus(status) ? status : '',
    page: pageFrom(params),
  };
}

/** The search, filters and page of /view-achievements, kept in the address. */
export const useAchievementFilters = () => useUrlFilters(filtersFrom);
