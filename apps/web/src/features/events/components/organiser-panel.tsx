import { Link } from 'react-router';
import type { EventDetail } from '@cosa/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';

/** What the organisers and officials run from the event's page: its registrants and the door. */
export function OrganiserPanel({ event }: { event: EventDetail }) {
  if (!event.canManage || event.approval !== 'approved') return null;
  const takesPeople = event.registration.required || event.walkIns;
  if (!takesPeople) return null;
  return (
    <Card aria-labelledby="event-organise" className="flex flex-col gap-3">
      <h2 id="event-organise" className="text-lg font-semibold text-ink">
        For the organisers
      </h2>
      <p className="text-sm text-ink-muted">
        {event.seats.confirmed} registered · {event.seats.waitlisted} waiting
        {event.seats.checkedIn !== null && ` · ${event.seats.checkedIn} checked in`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.eventRegistrations(event.id)}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Registrations
        </Link>
        {event.status !== 'cancelled' && (
          <Link to={paths.eventCheckIn(event.id)} className={buttonClasses({ variant: 'secondary' })}>
            Check in at the door
          </Link>
        )}
      </div>
    </Card>
  );
}
