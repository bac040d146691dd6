import type { UseComboboxPropGetters } from 'downshift';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import {
  SEARCH_COUNT_LIMIT,
  SEARCH_KIND_HEADINGS,
  type SearchGroup,
  type SearchResult,
} from '@cosa/contracts';
import { cn } from '../../../lib/cn';

/** A result as the combobox lists it: the groups' results in one list, in order. */
export type ListedResult = SearchResult & { key: string };

type SearchResultsProps = {
  groups: SearchGroup[];
  listed: ListedResult[];
  highlightedIndex: number;
  getItemProps: UseComboboxPropGetters<ListedResult>['getItemProps'];
  /** A result was clicked: its link opens the page; the palette closes. */
  onOpen: () => void;
};

/**
 * The results grouped by kind, each group under its heading with how many match in all. Each result
 * is a link (an option of the listbox, reached by the arrow keys from the field, which keeps focus).
 */
export function SearchResults({
  groups,
  listed,
  highlightedIndex,
  getItemProps,
  onOpen,
}: SearchResultsProps) {
  let index = 0;
  return groups.map((group) => {
    const headingId = `global-search-heading-${group.kind}`;
    const shown = group.items.length;
    return (
      <div key={group.kind} role="presentation" className="py-1">
        <div className="flex items-baseline justify-between gap-2 px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          <span id={headingId}>{SEARCH_KIND_HEADINGS[group.kind]}</span>
          {group.total > shown && (
            <span className="font-normal normal-case">
              {shown} of {group.total >= SEARCH_COUNT_LIMIT ? `${SEARCH_COUNT_LIMIT}+` : group.total}
            </span>
          )}
        </div>
        <div role="group" aria-labelledby={headingId}>
          {group.items.map(() => {
            const item = listed[index]!;
            const itemIndex = index;
            index += 1;
            const highlighted = itemIndex === highlightedIndex;
            return (
              <Link
                key={item.key}
                to={item.url}
                {...getItemProps({
                  item,
                  index: itemIndex,
                  // The link opens the page itself (a new tab with Ctrl or the middle button too);
                  // Downshift would open it a second time.
                  onClick: (event: MouseEvent) => {
                    (
                      event.nativeEvent as Event & { preventDownshiftDefault?: boolean }
                    ).preventDownshiftDefault = true;
                    if (!event.ctrlKey && !event.metaKey && !event.shiftKey) onOpen();
                  },
                })}
                tabIndex={-1}
                className={cn(
                  'mx-1 flex min-h-11 flex-col justify-center rounded-lg px-3 py-2 text-ink no-underline',
                  highlighted && 'bg-accent-soft',
                )}
              >
                <span className="truncate text-sm font-medium">{item.label}</span>
                {item.detail && <span className="truncate text-xs text-ink-muted">{item.detail}</span>}
              </Link>
            );
          })}
        </div>
      </div>
    );
  });
}
