import { ACHIEVEMENT_STATUSES } from '@cosa/contracts';
import { pageFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { AchievementFilters } from './api/get-my-achievements';

const MAX_FILTER_LENGTH = 100;

function isStatus(value: string): value is (typeof ACHIEVEMENT_STATUSES)[number] {
  return (ACHIEVEMENT_STATUSES as readonly string[]).includes(value);
}

const text = (value: string | null) => (value ?? '').trim().slice(0, MAX_FILTER_LENGTH);

/** The list's filters read from the address; a value that makes no sense there is ignored. */
function filtersFrom(params: URLSearchParams): AchievementFilters {
  const status = params.get('status') ?? '';
  return {
    q: text(params.get('q')),
    category: text(params.get('category')),
    level: text(params.get('level')),
    status: isStatus(status) ? status : '',
    page: pageFrom(params),
  };
}

/** The search, filters and page of /view-achievements, kept in the address. */
export const useAchievementFilters = () => useUrlFilters(filtersFrom);
