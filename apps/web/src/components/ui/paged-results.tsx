import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { cn } from '../../lib/cn';
import { usePagePastTheEnd } from '../../lib/use-page-past-the-end';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { Pager } from './pager';
import { Spinner } from './spinner';

type Page = { items: readonly unknown[]; page: number; pageSize: number; total: number };
type ItemOf<P extends Page> = P['items'][number];

type PagedResultsProps<P extends Page> = {
  query: UseQueryResult<P>;
  /** Said beside the spinner while the first page loads. */
  loadingLabel: string;
  failedMessage: string;
  emptyTitle: ReactNode;
  /** Names the pager for screen readers. */
  pagerLabel: string;
  onPage: (page: number) => void;
  itemKey: (item: ItemOf<P>) => string;
  renderItem: (item: ItemOf<P>, page: P) => ReactNode;
  listClassName?: string;
};

/**
 * One page of a list paged on the server, as cards: its loading, error and empty states, and
 * Previous and Next. A page beyond the last (an old link, a typed address, or the last item of the
 * last page gone) turns to the last page instead of saying that nothing matches.
 */
export function PagedResults<P extends Page>({
  query,
  loadingLabel,
  failedMessage,
  emptyTitle,
  pagerLabel,
  onPage,
  itemKey,
  renderItem,
  listClassName,
}: PagedResultsProps<P>) {
  const shown = query.isError ? undefined : query.data;
  const pastTheEnd = usePagePastTheEnd(
    shown && {
      total: shown.total,
      pageSize: shown.pageSize,
      page: shown.page,
      shown: shown.items.length,
    },
    query.isPlaceholderData,
    onPage,
  );

  if (query.isPending || pastTheEnd)
    return <Spinner label={loadingLabel} visibleLabel size="lg" className="py-10" />;
  if (query.isError)
    return (
      <ErrorState
        message={failedMessage}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const page = query.data;
  if (page.items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <div className="flex flex-col gap-4">
      <ul
        className={cn('grid gap-4', listClassName ?? 'md:grid-cols-2 xl:grid-cols-3')}
        aria-busy={query.isPlaceholderData || undefined}
      >
        {page.items.map((item: ItemOf<P>) => (
          <li key={itemKey(item)} className="min-w-0">
            {renderItem(item, page)}
          </li>
        ))}
      </ul>
      <Pager
        label={pagerLabel}
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        onPage={onPage}
      />
    </div>
  );
}
