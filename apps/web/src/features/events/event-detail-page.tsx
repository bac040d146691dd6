import { Link, useParams } from 'react-router';
import { EVENT_MESSAGES } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../lib/paths';
import { lazyPart } from '../../lib/lazy-part';
import { usePublicConfig } from '../../lib/public-config';
import { useEvent } from './api/get-event';
import { eventUnavailable } from './components/event-unavailable';
import { BackLink } from '../../components/ui/back-link';
import { CancelEventButton } from './components/cancel-event-button';
import { DecisionPanel } from './components/decision-panel';
import { EventDetails } from './components/event-details';
import { OrganiserPanel } from './components/organiser-panel';
import { RegistrationPanel } from './components/registration-panel';
import { UnitFeedLink } from './components/unit-feed-link';

/**
 * The rating form, with the form library it brings (15 KiB), loads apart: only those who attended
 * a past event see it, and with it the page was the heaviest of the portal.
 */
const RateEventPart = lazyPart(async () => (await import('./components/rate-event')).RateEvent);

function EventView({ id }: { id: string }) {
  const event = useEvent(id);
  const config = usePublicConfig();

  const unavailable = eventUnavailable(event);
  if (unavailable || !event.data) return unavailable;

  const { data } = event;
  const changeable = data.canEdit && data.status !== 'cancelled';
  return (
    <>
      <PageHeader
        title={data.title}
        description={data.eventCode}
        actions={
          changeable && (
            <>
              <Link to={paths.editEvent(data.id)} className={buttonClasses({ variant: 'secondary' })}>
                Edit
              </Link>
              {data.canCancel && <CancelEventButton eventId={data.id} title={data.title} />}
            </>
          )
        }
      />
      <div className="flex flex-col gap-4">
        <DecisionPanel event={data} timeZone={config.data?.timeZone} />
        <RegistrationPanel event={data} timeZone={config.data?.timeZone} />
        {data.canRate && <RateEventPart.Part eventId={data.id} eventTitle={data.title} />}
        <OrganiserPanel event={data} />
        <EventDetails event={data} timeZone={config.data?.timeZone} />
        {data.unit && data.approval === 'approved' && (
          <UnitFeedLink unitId={data.unit.id} unitName={data.unit.name} />
        )}
      </div>
    </>
  );
}

/**
 * /events/{id}: everything about one event; registering and the ticket; the council's decision on a
 * proposal; its organisers' registrants and door; its creator, the president and its club's
 * coordinator may edit or cancel it.
 */
export function EventDetailPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <BackLink to={paths.events}>{EVENT_MESSAGES.backToEvents}</BackLink>
      <EventView key={id} id={id} />
    </div>
  );
}
