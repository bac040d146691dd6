import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  GLOBAL_SEARCH_MAX_LENGTH,
  GLOBAL_SEARCH_MIN_LENGTH,
  SearchResponseSchema,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** How long typing must pause before the search is sent. */
const DEBOUNCE_MS = 200;

/** The text after it has stayed the same for DEBOUNCE_MS, so a search is not sent on every keystroke. */
function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/** What the server reads of a typed text: trimmed, at most as long as it accepts. */
export const searchTextOf = (text: string): string => text.trim().slice(0, GLOBAL_SEARCH_MAX_LENGTH);

/**
 * GET /api/search for the typed text once typing pauses, the previous request aborted; nothing is
 * sent for fewer than two characters. `q` is the text the shown results are for.
 */
export function useGlobalSearch(text: string) {
  const typed = searchTextOf(text);
  const q = useDebounced(typed);
  const enabled = q.length >= GLOBAL_SEARCH_MIN_LENGTH;
  const query = useQuery({
    queryKey: ['global-search', q],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.search}?q=${encodeURIComponent(q)}`, { schema: SearchResponseSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
    // A text searched before shows its last results at once and is asked again: what waits in a
    // queue changes as people act on it (an item just resolved must not be offered again).
    staleTime: 0,
  });
  return {
    /** Too short to search: the palette shows its hint. */
    tooShort: typed.length < GLOBAL_SEARCH_MIN_LENGTH,
    /** Typing has not paused yet, or the answer for the typed text has not come. */
    waiting: typed !== q || (enabled && (query.isPending || query.isPlaceholderData)),
    query,
  };
}
