import type { LookupItem } from '@cosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 250;

/** The value after it has stayed the same for delayMs, so a search is not sent on every keystroke. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

type LookupOptionsInput = {
  /** What the search asks for: the typed text, or '' for the first page. */
  query: string;
  /** Searches only while the list is open. */
  open: boolean;
  search: (q: string, signal: AbortSignal) => Promise<LookupItem[]>;
  queryKey: readonly unknown[];
  extraOptions: LookupItem[];
  emptyText: string;
};

/** What the list shows: its options, and the line under them, if any. */
export type LookupOptions = {
  options: LookupItem[];
  /** A line shown under the options: loading, nothing found, or the search failed. */
  message: string | null;
  /** What a screen reader hears: the line above, or how many options there are. */
  announcement: string;
};

/**
 * The options of a search picker: an option named exactly as typed first, then the extra options,
 * then the other results of the search for the typed text, sent once the typing has paused
 * (250 ms), the previous request aborted.
 */
export function useLookupOptions({
  query,
  open,
  search,
  queryKey,
  extraOptions,
  emptyText,
}: LookupOptionsInput): LookupOptions {
  const debouncedQuery = useDebouncedValue(query, DEBOUNCE_MS);
  const results = useQuery({
    queryKey: [...queryKey, debouncedQuery],
    queryFn: ({ signal }) => search(debouncedQuery, signal),
    enabled: open,
  });
  // An option named exactly as typed (in any case) is the one meant: it comes before the extras.
  const typed = debouncedQuery.trim().toLowerCase();
  const found = results.data ?? [];
  const exact = typed ? found.filter((item) => item.label.trim().toLowerCase() === typed) : [];
  const options = [...exact, ...extraOptions, ...found.filter((item) => !exact.includes(item))];

  const searching = open && (results.isPending || results.isFetching || debouncedQuery !== query);
  let message: string | null = null;
  if (results.isError && !results.isFetching) message = 'Could not load options. Try again.';
  else if (searching && !results.data?.length) message = 'Searching...';
  else if (results.isSuccess && results.data.length === 0) message = emptyText;

  let announcement = message ?? '';
  if (!open) announcement = '';
  else if (!message && options.length > 0)
    announcement = options.length === 1 ? '1 option' : `${options.length} options`;
  return { options, message, announcement };
}
