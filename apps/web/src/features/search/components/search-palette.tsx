import { useCombobox } from 'downshift';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { searchTextOf, useGlobalSearch } from '../api/search';
import { SearchResults, type ListedResult } from './search-results';

const { InputKeyDownEnter } = useCombobox.stateChangeTypes;

export type SearchPaletteProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The command palette: a field whose results are listed below it, grouped by kind, chosen with the
 * arrow keys and Enter (or a click); Escape closes it. A modal dialog on Radix, the field and list
 * on Downshift's combobox. Loaded apart from the pages, when first opened (global-search.tsx).
 * @public (read from the dynamically imported module)
 */
export function SearchPalette({ open, onOpenChange }: SearchPaletteProps) {
  const [text, setText] = useState('');
  const { tooShort, waiting, query } = useGlobalSearch(text);
  const navigate = useNavigate();
  // Results shown only for what is typed now: stale ones from an earlier text are not offered.
  const data = !tooShort && query.data ? query.data : null;
  const groups = data?.groups ?? [];
  const listed: ListedResult[] = groups.flatMap((group) =>
    group.items.map((item) => ({ ...item, key: `${group.kind}:${item.id}` })),
  );

  // The first result is highlighted whenever the results change, so Enter opens the best match.
  const [highlighted, setHighlighted] = useState(0);
  const [shownData, setShownData] = useState(data);
  if (data !== shownData) {
    setShownData(data);
    setHighlighted(0);
  }

  // Focus goes back to whatever held it as the palette opened (its button, or the page for a shortcut).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open)
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };

  // A palette opened again starts afresh.
  const change = (next: boolean) => {
    if (!next) setText('');
    onOpenChange(next);
  };
  const close = () => change(false);
  const openResult = (item: ListedResult) => {
    close();
    void navigate(item.url);
  };
  const combobox = useCombobox<ListedResult>({
    id: 'global-search',
    items: listed,
    isOpen: true,
    inputValue: text,
    selectedItem: null,
    highlightedIndex: listed.length > 0 ? Math.min(highlighted, listed.length - 1) : -1,
    itemToString: (item) => item?.label ?? '',
    onHighlightedIndexChange: ({ highlightedIndex }) => setHighlighted(highlightedIndex ?? 0),
    onStateChange: ({ type, selectedItem }) => {
      if (type === InputKeyDownEnter && selectedItem) openResult(selectedItem);
    },
  });

  const typed = searchTextOf(text);
  let status: ReactNode = null;
  if (tooShort) {
    status = (
      <p className="px-4 py-6 text-sm text-ink-muted">
        Type at least 2 characters to find people (by name, username or student id), clubs, events,
        positions and announcements.
      </p>
    );
  } else if (query.isError && !waiting) {
    status = (
      <ErrorState
        className="m-3"
        message="The search could not be run. Check your connection and try again."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (waiting && listed.length === 0) {
    status = <Spinner className="px-4 py-6" label="Searching..." visibleLabel />;
  } else if (data && listed.length === 0) {
    status = <p className="px-4 py-6 text-sm text-ink">No results for “{typed}”.</p>;
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={change}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed top-[8dvh] left-1/2 z-50 flex max-h-[80dvh] w-[calc(100%-1.5rem)] -translate-x-1/2 flex-col overflow-hidden rounded-card bg-surface shadow-xl focus-visible:outline-none sm:max-w-xl"
        >
          <DialogPrimitive.Title className="sr-only">Search the portal</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b border-line-soft px-3">
            <label {...combobox.getLabelProps()} className="sr-only">
              Search people, clubs, events, positions and announcements
            </label>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-5 shrink-0 text-ink-muted"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <circle cx="9" cy="9" r="5.5" />
              <path d="m13.5 13.5 3.5 3.5" strokeLinecap="round" />
            </svg>
            <input
              {...combobox.getInputProps({
                // Typing is taken as it happens: Downshift reports its changes after the render.
                onChange: (event) => setText((event.target as HTMLInputElement).value),
              })}
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder="Search..."
              className="min-h-12 w-full min-w-0 bg-transparent py-3 text-base text-ink placeholder:text-ink-muted focus-visible:outline-none"
            />
            {waiting && listed.length > 0 && <Spinner size="sm" label="Searching..." />}
          </div>
          <div className="overflow-y-auto overscroll-contain">
            {status}
            <div {...combobox.getMenuProps()} hidden={listed.length === 0} className="pb-2">
              <SearchResults
                groups={groups}
                listed={listed}
                highlightedIndex={combobox.highlightedIndex}
                getItemProps={combobox.getItemProps}
                onOpen={close}
              />
            </div>
          </div>
          <p className="hidden border-t border-line-soft px-4 py-2 text-xs text-ink-muted sm:block">
            ↑ ↓ to move, Enter to open, Esc to close
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
