import { useEffect, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ACHIEVEMENT_TYPES } from '@cosa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ExportLink } from '../../../components/ui/export-link';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import type { ReviewQuery } from '../api/pending-reviews-cache';
import { BulkBar, type BulkApproval } from './bulk-bar';
import type { Selection } from './review-card';
import { ReviewFilters, type FilteredKind } from './review-filters';

type ReviewType = (typeof ACHIEVEMENT_TYPES)[number];
/** `types`: the types the official reviews; left out by a list without types (positions). */
type ReviewListData<T> = {
  items: T[];
  total: number;
  overall?: number;
  page: number;
  pageSize: number;
  types?: ReviewType[];
};

type ReviewListProps<T extends { id: string }> = {
  query: UseQueryResult<ReviewListData<T>>;
  texts: { loading: string; empty: string; loadFailed: string; pages: string };
  filters: ReviewQuery;
  onChange: (patch: Partial<ReviewQuery>) => void;
  /** The item, with its checkbox when the list endorses several at once. */
  renderItem: (item: T, selection: Selection | null) => ReactNode;
  /** The list's search and filters; positions have none. */
  kind?: FilteredKind;
  /** "Endorse selected" (or "Verify selected"), for the lists that have it. */
  bulk?: BulkApproval;
  /** The list's CSV under the same filters, for the lists that have one. */
  exportHref?: string;
};

/** One list of the panel with its search and filters, loading, error and empty states, paged on the server. */
export function ReviewList<T extends { id: string }>({
  query,
  texts,
  filters,
  onChange,
  renderItem,
  kind,
  bulk,
  exportHref,
}: ReviewListProps<T>) {
  const list = query.data;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // Only what is on the page can be selected: an item that left the list is no longer selected.
  const onPage = list?.items.map((item) => item.id) ?? [];
  const selected = onPage.filter((id) => chosen.has(id));

  // When the last item of a later page leaves, that page is gone: show the last page there is.
  useEffect(() => {
    if (list && !list.items.length && list.page > 1)
      onChange({ page: Math.max(1, Math.ceil(list.total / list.pageSize)) });
  }, [list, onChange]);

  // A failed list keeps the filter when one is set, so the official can widen it again.
  const types = list?.types ?? (filters.type ? ACHIEVEMENT_TYPES : []);
  const narrowed = Boolean(
    filters.q || filters.level || filters.proficiency || filters.from || filters.to,
  );
  const toggle = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectionOf = (item: T): Selection | null =>
    bulk
      ? {
          checked: chosen.has(item.id),
          onChange: (on) => toggle(item.id, on),
          label: `Select ${bulk.nameOf(item.id)}`,
        }
      : null;

  let body;
  if (query.isPending) body = <Spinner label={texts.loading} visibleLabel size="lg" className="py-10" />;
  else if (query.isError)
    body = (
      <ErrorState
        message={texts.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (!list?.items.length)
    body = (
      <EmptyState title={narrowed ? 'Nothing matches this search and these filters.' : texts.empty} />
    );
  else
    body = (
      <>
        {bulk && (
          <BulkBar
            approval={bulk}
            onPage={onPage}
            selected={selected}
            total={list.total}
            onSelect={(ids) => setChosen(new Set(ids))}
          />
        )}
        <ul className="grid gap-4 lg:grid-cols-2" aria-busy={query.isPlaceholderData || undefined}>
          {list.items.map((item) => (
            <li key={item.id} className="min-w-0">
              {renderItem(item, selectionOf(item))}
            </li>
          ))}
        </ul>
        <Pager
          label={texts.pages}
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          onPage={(page) => onChange({ page })}
        />
      </>
    );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {kind && <ReviewFilters kind={kind} types={types} filters={filters} onChange={onChange} />}
      {exportHref && <ExportLink href={exportHref} className="self-start sm:self-end" />}
      {body}
    </div>
  );
}
