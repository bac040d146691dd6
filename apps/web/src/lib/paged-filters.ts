import { useCallback, useState } from 'react';

/**
 * The filters of a list paged on the server: any change but the page itself goes back to page 1;
 * `onSearch` takes the search box's text, trimmed.
 */
export function usePagedFilters<Filters extends { q: string; page: number }>(start: Filters) {
  const [filters, setFilters] = useState(start);
  const update = useCallback(
    (patch: Partial<Filters>) => setFilters((previous) => ({ ...previous, page: 1, ...patch })),
    [],
  );
  const onSearch = useCallback((q: string) => update({ q: q.trim() } as Partial<Filters>), [update]);
  return { filters, update, onSearch };
}
