import { HOME_MESSAGES, type UpcomingEvent } from '@cosa/contracts';
import { Card } from '../../../components/ui/card';
import { TextLink } from '../../../components/ui/text-link';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';

type FollowedClubEventsProps = {
  events: readonly UpcomingEvent[];
  timeZone: string | undefined;
};

/**
 * The next upcoming events of the clubs the student follows, soonest first, each a link to its
 * page; nothing at all when there are none.
 */
export function FollowedClubEvents({ events, timeZone }: FollowedClubEventsProps) {
  if (events.length === 0) return null;
  return (
    <Card aria-labelledby="followed-club-events-heading">
      <h2 id="followed-club-events-heading" className="mb-3 text-lg font-semibold text-ink">
        {HOME_MESSAGES.followedClubsHeading}
      </h2>
      <ul className="flex flex-col divide-y divide-line-soft">
        {events.map((event) => (
          <li key={event.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <h3 className="min-w-0 text-base font-semibold break-words text-ink">
              <TextLink to={paths.event(event.id)}>{event.title}</TextLink>
            </h3>
            <p className="text-sm break-words text-ink-muted">
              {event.unitName && <>{event.unitName} · </>}
              <time dateTime={event.start}>{formatDateTime(event.start, timeZone)}</time>
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
