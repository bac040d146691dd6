import { useCallback, useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { Spinner } from '../../components/ui/spinner';
import { useClubs, type ClubFilters } from './api/get-clubs';
import { ClubCard } from './components/club-card';
import { ClubFiltersRow } from './components/club-filters';
import { useClubFilters } from './use-club-filters';

const LOAD_FAILED = 'The clubs could not be loaded. Check your connection and try again.';

type ClubListProps = {
  filters: ClubFilters;
  clubs: ReturnType<typeof useClubs>;
  onClear: () => void;
  onPage: (page: number) => void;
};

/** Asks for another page once, showing the spinner meanwhile. */
function TurnToPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const turn = useRef(onPage);
  useEffect(() => {
    turn.current(page);
  }, [page]);
  return <Spinner label="Loading clubs..." visibleLabel size="lg" className="py-10" />;
}

/** The cards, or the loading, failure and empty states of the list. */
function ClubList({ filters, clubs, onClear, onPage }: ClubListProps) {
  if (clubs.isPending)
    return <Spinner label="Loading clubs..." visibleLabel size="lg" className="py-10" />;
  if (clubs.isError)
    return (
      <ErrorState
        message={LOAD_FAILED}
        onRetry={() => void clubs.refetch()}
        retrying={clubs.isFetching}
      />
    );
  const { clubs: list, total, page, pageSize } = clubs.data;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  // A page past the last (an old link, a typed address) turns to the last one.
  if (list.length === 0 && total > 0 && page > lastPage)
    return <TurnToPage page={lastPage} onPage={onPage} />;
  const narrowed = Boolean(filters.q || filters.council || filters.category);
  if (total === 0)
    return narrowed ? (
      <EmptyState
        title="No clubs match your search and filters."
        description="Try other words, or clear the search and filters to see every club."
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear search and filters
          </Button>
        }
      />
    ) : (
      <EmptyState title="There are no clubs yet." />
    );
  return (
    <>
      <p role="status" className="mb-3 text-sm text-ink-muted">
        {total === 1 ? '1 club' : `${total} clubs`}
      </p>
      <ul
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        aria-label="Clubs"
        aria-busy={clubs.isPlaceholderData || undefined}
      >
        {list.map((club) => (
          <li key={club.id} className="min-w-0">
            <ClubCard club={club} />
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={pageSize} total={total} onPage={onPage} label="Club pages" />
    </>
  );
}

/** /clubs: every active club and council body, searched (near misses too) and filtered on the server. */
export function ClubsPage() {
  const { filters, update } = useClubFilters();
  const clubs = useClubs(filters);
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const clear = () => update({ q: '', council: '', category: '' });
  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>Clubs · COSA Portal</title>
      <PageHeader
        title="Clubs"
        description="Find a club by its name, tags or what it does; clubs recruiting now come first."
      />
      <div role="search" aria-label="Search clubs" className="mb-4 max-w-md">
        <SearchField
          label="Search clubs"
          placeholder="Name, tag or description"
          value={filters.q}
          onSearch={onSearch}
        />
      </div>
      <ClubFiltersRow filters={filters} update={update} offered={clubs.data} />
      <ClubList filters={filters} clubs={clubs} onClear={clear} onPage={(page) => update({ page })} />
    </div>
  );
}
