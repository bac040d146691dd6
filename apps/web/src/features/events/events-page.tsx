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
import { cn } from '../../lib/cn';
import { eventsExportHref, useEvents, type EventFilters } from './api/get-events';
import { EventCard } from './components/event-card';
import { EventsFilters } from './components/events-filters';
import { EventsMonthView } from './components/events-month-view';
import { thisMonth } from './month-calendar';
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
  if (filters.category || filters.open || filters.week || filters.pending)
    return 'No events match these filters.';
  return filters.when === 'past' ? EVENT_MESSAGES.emptyPast : EVENT_MESSAGES.emptyUpcoming;
}

type EventsQuery = ReturnType<typeof useEvents>;

type EventListViewProps = {
  filters: EventFilters;
  events: EventsQuery;
  onPage: (page: number) => void;
  timeZone: string | undefined;
};

/** The list's loading and error states, shared by the list and the month view; null once loaded. */
function loadState(events: EventsQuery) {
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
  return null;
}

function EventListView({ filters, events, onPage, timeZone }: EventListViewProps) {
  const state = loadState(events);
  if (state || !events.data) return state;
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

type ViewSwitchProps = { month: boolean; onList: () => void; onMonth: () => void };

/** List or Month: two buttons of which the pressed one is the view shown. */
function ViewSwitch({ month, onList, onMonth }: ViewSwitchProps) {
  const option = (pressed: boolean, label: string, onClick: () => void) => (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'min-h-11 px-4 text-sm font-medium first:rounded-l-lg last:rounded-r-lg focus-visible:relative focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        pressed ? 'bg-accent text-on-accent' : 'bg-surface text-ink hover:bg-accent-soft',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="View" className="inline-flex shrink-0 rounded-lg border border-line">
      {option(!month, 'List', onList)}
      {option(month, 'Month', onMonth)}
    </div>
  );
}

/** /events: upcoming and past events, searched, filtered and paged on the server; or a month on a calendar. */
export function EventsPage() {
  const { filters, update } = useEventFilters();
  const events = useEvents(filters);
  const config = usePublicConfig();
  const timeZone = config.data?.timeZone;
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const counts = events.data?.counts;

  const body = (
    <EventListView
      filters={filters}
      events={events}
      onPage={(page) => update({ page })}
      timeZone={timeZone}
    />
  );
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={EVENT_MESSAGES.listHeading}
        actions={
          <>
            <Link to={paths.myEvents} className={buttonClasses({ variant: 'secondary' })}>
              My events
            </Link>
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
      <div className="flex flex-wrap items-end justify-between gap-x-4">
        <div className="min-w-0 flex-1 basis-72">
          <SearchBox value={filters.q} onSearch={onSearch} />
        </div>
        <div className="mb-4">
          <ViewSwitch
            month={Boolean(filters.month)}
            onList={() => update({ month: '' })}
            onMonth={() => update({ month: filters.month || thisMonth(timeZone) })}
          />
        </div>
      </div>
      <EventsFilters
        filters={filters}
        update={update}
        unitName={events.data?.unit?.name}
        awaitingDecision={events.data?.awaitingDecision ?? 0}
      />
      {filters.month ? (
        (loadState(events) ??
        (events.data && (
          <EventsMonthView
            month={filters.month}
            events={events.data.items}
            busy={events.isPlaceholderData}
            onMonth={(month) => update({ month })}
            timeZone={timeZone}
          />
        )))
      ) : (
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
      )}
    </div>
  );
}
