import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_MAX_LENGTH } from '@cosa/contracts';

/** A list's search, filters and page: text values ('' for none) and a page from 1. */
export type UrlFilters = { page: number } & Record<string, string | number>;

/** A search or text filter from the address, trimmed and cut to the length the server accepts. */
export function searchFrom(value: string | null): string {
  return (value ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
}

/** The page number in the address, 1 when missing or nonsense. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list's filters kept in the address, so that a reload, a shared link or the back button shows
 * the same list. `read` takes the filters from the address, ignoring values that make no sense
 * there; changing any filter but the page goes back to the first page.
 */
export function useUrlFilters<T extends UrlFilters>(read: (params: URLSearchParams) => T) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => read(params), [params, read]);

  const update = useCallback(
    (patch: Partial<T>) => {
      setParams(
        (previous) => {
          const next: UrlFilters = { ...read(previous), ...patch };
          if (!('page' in patch)) next.page = 1;
          const out = new URLSearchParams();
          for (const [key, value] of Object.entries(next)) {
            if (key === 'page') continue;
            const text = String(value).trim();
            if (text) out.set(key, text);
          }
          if (next.page > 1) out.set('page', String(next.page));
          return out;
        },
        { replace: true },
      );
    },
    [setParams, read],
  );

  return { filters, update };
}
