import { Link } from 'react-router';
import type { MyEvents } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useMyRegistrations } from './api/my-registrations';
import { CalendarFeedCard } from './components/calendar-feed-card';

type Item = MyEvents['upcoming'][number];

function Standing({ item }: { item: Item }) {
  const { registration, event } = item;
  if (event.status === 'cancelled') return <Badge tone="danger">Event cancelled</Badge>;
  if (registration.checkedInAt) return <Badge tone="success">Attended</Badge>;
  if (registration.status === 'waitlisted')
    return <Badge tone="info">Waitlist #{registration.waitlistPlace}</Badge>;
  return <Badge tone="accent">Registered</Badge>;
}

function EventRow({ item, timeZone, upcoming }: { item: Item; timeZone?: string; upcoming: boolean }) {
  const { event, registration } = item;
  return (
    <li className="flex flex-col gap-2 border-b border-line-soft py-3 last:border-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link
          to={paths.event(event.id)}
          className="font-medium break-words text-accent-ink underline-offset-2 hover:underline"
        >
          {event.title}
        </Link>
        <p className="text-sm break-words text-ink-muted">
          {event.start ? formatDateTime(event.start, timeZone) : 'Date to be announced'}
          {event.venue && ` · ${event.venue}`}
          {event.unitName && ` · ${event.unitName}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Standing item={item} />
        {upcoming && registration.status === 'confirmed' && event.status !== 'cancelled' && (
          <Link
            to={paths.eventTicket(event.id)}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Ticket
          </Link>
        )}
      </div>
    </li>
  );
}

function Section({
  title,
  items,
  empty,
  timeZone,
  upcoming,
}: {
  title: string;
  items: Item[];
  empty: string;
  timeZone?: string;
  upcoming: boolean;
}) {
  const id = `my-events-${upcoming ? 'upcoming' : 'past'}`;
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-ink">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <EventRow key={item.registration.id} item={item} timeZone={timeZone} upcoming={upcoming} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /events/mine: the person's registrations and waitlist places, their tickets, and their calendar feed. */
export function MyEventsPage() {
  const mine = useMyRegistrations();
  const config = usePublicConfig();
  const timeZone = config.data?.timeZone;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <BackLink to={paths.events}>Back to events</BackLink>
      <PageHeader
        title="My events"
        description="The events you registered for, your tickets and your place on waitlists."
      />
      {mine.isPending ? (
        <Spinner label="Loading your events..." visibleLabel size="lg" className="py-10" />
      ) : mine.isError ? (
        <ErrorState
          message="Your events could not be loaded. Please try again."
          onRetry={() => void mine.refetch()}
          retrying={mine.isFetching}
        />
      ) : mine.data.upcoming.length === 0 && mine.data.past.length === 0 ? (
        <EmptyState
          title="You have not registered for any event yet."
          description="Events that take registrations show a Register button on their page."
          action={
            <Link to={`${paths.events}?open=true`} className={buttonClasses()}>
              Find events open for registration
            </Link>
          }
        />
      ) : (
        <>
          <Section
            title="Coming up"
            items={mine.data.upcoming}
            empty="Nothing coming up."
            timeZone={timeZone}
            upcoming
          />
          <Section
            title="Past"
            items={mine.data.past}
            empty="No past events yet."
            timeZone={timeZone}
            upcoming={false}
          />
        </>
      )}
      <CalendarFeedCard timeZone={timeZone} />
    </div>
  );
}
