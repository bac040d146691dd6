import { ACHIEVEMENT_TYPES } from '@cosa/contracts';
import { pageFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { ReviewKind, ReviewQuery } from './api/pending-reviews-cache';

const REVIEW_KINDS: readonly ReviewKind[] = ['user-skills', 'skills', 'achievements', 'positions'];

/** The panel's tab, type filter and page, as the address keeps them. */
export type EndorseFilters = { tab: ReviewKind } & ReviewQuery;

const isKind = (value: string | null): value is ReviewKind => REVIEW_KINDS.includes(value as ReviewKind);
const isType = (value: string | null): value is (typeof ACHIEVEMENT_TYPES)[number] =>
  (ACHIEVEMENT_TYPES as readonly (string | null)[]).includes(value);

/** The filters read from the address; the User Skills tab and every type when the address says nothing that makes sense. */
function filtersFrom(params: URLSearchParams): EndorseFilters {
  const tab = params.get('tab');
  const type = params.get('type');
  return {
    tab: isKind(tab) ? tab : 'user-skills',
    type: isType(type) ? type : '',
    page: pageFrom(params),
  };
}

/** /gensec-endorse?tab=user-skills|skills|achievements|positions&type=&page=, kept in the address. */
export const useEndorseFilters = () => useUrlFilters(filtersFrom);
