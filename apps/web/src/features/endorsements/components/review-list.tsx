import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ACHIEVEMENT_TYPES } from '@cosa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import type { ReviewQuery } from '../api/pending-reviews-cache';
import { capitalised } from './review-card';
import { ExportLink } from '../../../components/ui/export-link';

type ReviewType = (typeof ACHIEVEMENT_TYPES)[number];
/** `types`: the types the official reviews; left out by a list without types (positions). */
type ReviewListData<T> = {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  types?: ReviewType[];
};

type ReviewListProps<T extends { id: string }> = {
  query: UseQueryResult<ReviewListData<T>>;
  texts: { loading: string; empty: string; loadFailed: string; pages: string };
  filters: ReviewQuery;
  onChange: (patch: Partial<ReviewQuery>) => void;
  renderItem: (item: T) => ReactNode;
  /** The list's CSV under the same filters, for the lists that have one. */
  exportHref?: string;
};

/** The type filter: only for an official who reviews more than one type (the president). */
function TypeFilter({
  types,
  value,
  onChange,
}: {
  types: readonly ReviewType[];
  value: ReviewQuery['type'];
  onChange: (type: ReviewQuery['type']) => void;
}) {
  return (
    <SelectField
      label="Type"
      placeholder="All types"
      options={types.map((type) => ({ value: type, label: capitalised(type) }))}
      value={value}
      onChange={(event) => onChange(event.target.value as ReviewQuery['type'])}
      containerClassName="sm:max-w-xs"
    />
  );
}

/** One list of the panel with its loading, error and empty states, paged on the server. */
export function ReviewList<T extends { id: string }>({
  query,
  texts,
  filters,
  onChange,
  renderItem,
  exportHref,
}: ReviewListProps<T>) {
  const list = query.data;

  // When the last item of a later page leaves, that page is gone: show the last page there is.
  useEffect(() => {
    if (list && !list.items.length && list.page > 1)
      onChange({ page: Math.max(1, Math.ceil(list.total / list.pageSize)) });
  }, [list, onChange]);

  // A failed list keeps the filter when one is set, so the official can widen it again.
  const types = list?.types ?? (filters.type ? ACHIEVEMENT_TYPES : []);

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
  else if (!list?.items.length) body = <EmptyState title={texts.empty} />;
  else
    body = (
      <>
        <ul className="grid gap-4 lg:grid-cols-2" aria-busy={query.isPlaceholderData || undefined}>
          {list.items.map((item) => (
            <li key={item.id} className="min-w-0">
              {renderItem(item)}
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
      {(types.length > 1 || exportHref) && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          {types.length > 1 ? (
            <TypeFilter types={types} value={filters.type} onChange={(type) => onChange({ type })} />
          ) : (
            <span />
          )}
          {exportHref && <ExportLink href={exportHref} className="self-start sm:self-auto" />}
        </div>
      )}
      {body}
    </div>
  );
}
