import { ACHIEVEMENT_LEVELS, ACHIEVEMENT_TYPES, PROFICIENCY_LEVELS } from '@cosa/contracts';
import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { ReviewKind, ReviewQuery } from './api/pending-reviews-cache';

const REVIEW_KINDS: readonly ReviewKind[] = ['user-skills', 'skills', 'achievements', 'positions'];

/** The panel's tab, search, filters and page, as the address keeps them. */
export type EndorseFilters = { tab: ReviewKind } & ReviewQuery;

const isKind = (value: string | null): value is ReviewKind => REVIEW_KINDS.includes(value as ReviewKind);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : '';
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The filters read from the address; the User Skills tab and no filter when the address says nothing that makes sense. */
function filtersFrom(params: URLSearchParams): EndorseFilters {
  const tab = params.get('tab');
  return {
    tab: isKind(tab) ? tab : 'user-skills',
    type: oneOf(ACHIEVEMENT_TYPES, params.get('type')),
    q: searchFrom(params.get('q')),
    level: oneOf(ACHIEVEMENT_LEVELS, params.get('level')),
    proficiency: oneOf(PROFICIENCY_LEVELS, params.get('proficiency')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: pageFrom(params),
  };
}

/** /gensec-endorse?tab=&type=&q=&level=&proficiency=&from=&to=&page=, kept in the address. */
export const useEndorseFilters = () => useUrlFilters(filtersFrom);
