import { FEEDBACK_TYPES } from '@cosa/contracts';
import { pageFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { FeedbackFilters } from './api/get-feedback-list';

function isType(value: string): value is (typeof FEEDBACK_TYPES)[number] {
  return (FEEDBACK_TYPES as readonly string[]).includes(value);
}

/** The list's filters read from the address; a value that makes no sense there means All. */
function filtersFrom(params: URLSearchParams): FeedbackFilters {
  const status = params.get('status') ?? '';
  const type = params.get('type') ?? '';
  return {
    status: status === 'resolved' || status === 'unresolved' ? status : '',
    type: isType(type) ? type : '',
    page: pageFrom(params),
  };
}

/** The status, type and page of /viewfeedback, kept in the address. */
export const useFeedbackFilters = () => useUrlFilters(filtersFrom);
