import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_PAGE, SEARCH_MAX_LENGTH } from '@cosa/contracts';

/** A list's search, filters and page: text values ('' for none) and a page from 1. */
export type UrlFilters = { page: number } & Record<string, string | number>;

/** A search or text filter from the address, trimmed and cut to the length the server accepts. */
export function searchFrom(value: string | null): string {
  return (value ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
}

/** The page number in the address, 1 when missing or nonsense, at most the furthest a list is asked for. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** Filters as the address holds them: the page only past the first, empty values left out. */
function paramsOf(next: UrlFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(next)) {
    if (key === 'page') continue;
    const text = String(value).trim();
    if (text) out.set(key, text);
  }
  if (next.page > 1) out.set('page', String(next.page));
  return out;
}

/**
 * A list's filters kept in the address, so that a reload, a shared link or the back button shows
 * the same list. `read` takes the filters from the address, ignoring values that make no sense
 * there; changing any filter but the page goes back to the first page.
 *
 * The router changes the address a moment after it is asked to (in a transition, which what the
 * user types goes ahead of). So a change made here shows at once, and the address follows: a
 * search box cleared by "Clear search and filters" is empty before the next letter typed, and the
 * search just sent is the one in force while the next letters are typed. Any change of the address
 * itself (back button, a link) then wins.
 */
export function useUrlFilters<T extends UrlFilters>(read: (params: URLSearchParams) => T) {
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => read(params), [params, read]);
  /**
   * What was last asked for, shown until the address holds it: `pending` are the addresses asked
   * for and not seen yet, in order, and `seen` the address when this was last looked at.
   */
  const [asked, setAsked] = useState<Asked | null>(null);
  let current = asked;
  if (current && current.seen !== params) {
    // The address moved: to one asked for (the later ones still to come), or elsewhere (the back
    // button, a link), which wins.
    const at = current.pending.indexOf(params.toString());
    current =
      at === -1 || at === current.pending.length - 1
        ? null
        : { ...current, seen: params, pending: current.pending.slice(at + 1) };
    setAsked(current);
  }
  const lastAsked = current?.pending.at(-1);
  const filtersAsked = useMemo(
    () => (lastAsked === undefined ? null : read(new URLSearchParams(lastAsked))),
    [lastAsked, read],
  );
  const filters = filtersAsked ?? fromAddress;
  // What update() starts from: the filters and address of the last render, whichever render's
  // update() is called (a list may hold on to an older one).
  const latest = useRef({ filters, params });
  useLayoutEffect(() => {
    latest.current = { filters, params };
  });

  const update = useCallback(
    (patch: Partial<T>) => {
      const { filters: shown, params: address } = latest.current;
      const next: UrlFilters = { ...shown, ...patch };
      if (!('page' in patch)) next.page = 1;
      const target = paramsOf(next);
      latest.current = { filters: read(target), params: address };
      setAsked((before) => ({
        seen: address,
        pending: [...(before?.seen === address ? before.pending : []), target.toString()],
      }));
      // From what is shown, not from the address: the router gives a function the address of its
      // last render, which lacks a change still on its way (a search, then a filter at once).
      setParams(target, { replace: true });
    },
    [setParams, read],
  );

  return { filters, update };
}

type Asked = { seen: URLSearchParams; pending: string[] };
