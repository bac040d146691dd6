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
  const id = params.get('id') ?? '';
  return {
    status: status === 'resolved' || status === 'unresolved' ? status : '',
    type: isType(type) ? type : '',
    id: UUID.test(id) ? id : '',
    page: pageFrom(params),
  };
}

/** A feedback's id as a link carries it (a search result's); anything else means the whole list. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The status, type, one feedback's id and page of /viewfeedback, kept in the address. */
export const useFeedbackFilters = () => useUrlFilters(filtersFrom);
