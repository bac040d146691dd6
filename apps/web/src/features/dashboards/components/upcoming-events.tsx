import { HOME_MESSAGES, type UpcomingEvent } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextLink } from '../../../components/ui/text-link';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';

type UpcomingEventsProps = {
  events: readonly UpcomingEvent[];
  total: number;
  timeZone: string | undefined;
};

/** On a phone the list shows this many; the rest are one link away, so the page stays short. */
const ON_A_PHONE = 3;

function EventItem({
  event,
  timeZone,
  className,
}: {
  event: UpcomingEvent;
  timeZone: string | undefined;
  className?: string;
}) {
  return (
    <li className={cn('min-w-0 rounded-lg border border-line-soft p-3 sm:p-4', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold break-words text-ink">
          <TextLink to={paths.event(event.id)}>{event.title}</TextLink>
        </h3>
        <Badge tone="accent" className="capitalize">
          {event.category}
        </Badge>
      </div>
      {event.description && (
        <p className="mt-1 text-sm break-words text-ink-muted">{event.description}</p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-ink">Organized by</dt>
        <dd className="break-words text-ink-muted">{event.unitName ?? HOME_MESSAGES.notApplicable}</dd>
        <dt className="font-medium text-ink">Starts</dt>
        <dd className="text-ink-muted">
          <time dateTime={event.start}>{formatDateTime(event.start, timeZone)}</time>
        </dd>
        <dt className="font-medium text-ink">Ends</dt>
        <dd className="text-ink-muted">
          {event.end ? (
            <time dateTime={event.end}>{formatDateTime(event.end, timeZone)}</time>
          ) : (
            HOME_MESSAGES.notApplicable
          )}
        </dd>
      </dl>
    </li>
  );
}

/** Events still to come, soonest first, as the server chose them. */
export function UpcomingEvents({ events, total, timeZone }: UpcomingEventsProps) {
  return (
    <Card aria-labelledby="upcoming-events-heading">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="upcoming-events-heading" className="text-lg font-semibold text-ink">
          Upcoming Events
        </h2>
        {total > events.length ? (
          <TextLink to={paths.events}>View all {total} events</TextLink>
        ) : (
          events.length > ON_A_PHONE && (
            <TextLink to={paths.events} className="sm:hidden">
              View all {total} events
            </TextLink>
          )
        )}
      </div>
      {events.length === 0 ? (
        <EmptyState title={HOME_MESSAGES.noUpcoming} />
      ) : (
        <ul className="flex flex-col gap-3">
          {events.map((event, index) => (
            <EventItem
              key={event.id}
              event={event}
              timeZone={timeZone}
              {...(index >= ON_A_PHONE ? { className: 'max-sm:hidden' } : {})}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
