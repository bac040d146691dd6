import { useCallback } from 'react';
import { Link } from 'react-router';
import { EVENT_MESSAGES, type EventList } from '@cosa/contracts';
import { Button, buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { SearchField } from '../../components/ui/search-field';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { eventsExportHref, useEvents, type EventFilters } from './api/get-events';
import { EventCard } from './components/event-card';
import { useEventFilters } from './use-event-filters';
import { ExportLink } from '../../components/ui/export-link';

/** The search box: what is typed goes to the address (and so to the server) once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  return (
    <div role="search" aria-label="Search events" className="mb-4 max-w-md">
      <SearchField
        label="Search events"
        placeholder="Title, venue or organizing unit"
        value={value}
        onSearch={onSearch}
      />
    </div>
  );
}

/** Which unit the list is narrowed to (the club dashboard's 'Events'), with a way back to every event. */
function UnitFilter({ name, onClear }: { name: string | undefined; onClear: () => void }) {
  return (
    <div
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-line-soft bg-surface px-3 py-2 text-sm text-ink"
      role="status"
    >
      <span className="min-w-0 break-words">
        Showing the events of <span className="font-semibold">{name ?? 'one unit'}</span>
      </span>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Show all events
      </Button>
    </div>
  );
}

function emptyText(filters: EventFilters): string {
  if (filters.q) return EVENT_MESSAGES.noMatch;
  return filters.when === 'past' ? EVENT_MESSAGES.emptyPast : EVENT_MESSAGES.emptyUpcoming;
}

type EventListViewProps = {
  filters: EventFilters;
  events: ReturnType<typeof useEvents>;
  onPage: (page: number) => void;
  timeZone: string | undefined;
};

function EventListView({ filters, events, onPage, timeZone }: EventListViewProps) {
  if (events.isPending)
    return <Spinner label="Loading events..." visibleLabel size="lg" className="py-10" />;
  if (events.isError)
    return (
      <ErrorState
        message={EVENT_MESSAGES.loadFailed}
        onRetry={() => void events.refetch()}
        retrying={events.isFetching}
      />
    );
  const list: EventList = events.data;
  if (list.items.length === 0) return <EmptyState title={emptyText(filters)} />;
  return (
    <div className="flex flex-col gap-4">
      <ul
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        aria-busy={events.isPlaceholderData || undefined}
      >
        {list.items.map((event) => (
          <li key={event.id} className="min-w-0">
            <EventCard event={event} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      <Pager
        label="Events pages"
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onPage={onPage}
      />
    </div>
  );
}

const tabLabel = (name: string, count: number | undefined) =>
  count === undefined ? name : `${name} (${count})`;

/** /events: upcoming and past events, searched and paged on the server. */
export function EventsPage() {
  const { filters, update } = useEventFilters();
  const events = useEvents(filters);
  const config = usePublicConfig();
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const counts = events.data?.counts;

  const body = (
    <EventListView
      filters={filters}
      events={events}
      onPage={(page) => update({ page })}
      timeZone={config.data?.timeZone}
    />
  );
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={EVENT_MESSAGES.listHeading}
        actions={
          <>
            <ExportLink href={eventsExportHref(filters)} />
            {events.data?.canCreate && (
              <Link to={paths.addEvent} className={buttonClasses()}>
                {EVENT_MESSAGES.createHeading}
              </Link>
            )}
          </>
        }
      />
      {filters.unitId && (
        <UnitFilter name={events.data?.unit?.name} onClear={() => update({ unitId: '' })} />
      )}
      <SearchBox value={filters.q} onSearch={onSearch} />
      <Tabs
        label="Events by date"
        value={filters.when}
        onValueChange={(when) => update({ when: when === 'past' ? 'past' : 'upcoming' })}
        items={[
          {
            value: 'upcoming',
            label: tabLabel(EVENT_MESSAGES.upcomingTab, counts?.upcoming),
            content: body,
          },
          { value: 'past', label: tabLabel(EVENT_MESSAGES.pastTab, counts?.past), content: body },
        ]}
      />
    </div>
  );
}
