import { useNavigate, useParams } from 'react-router';
import {
  CLUB_MESSAGES,
  DEFAULT_TIME_ZONE,
  EVENT_MESSAGES,
  normalizeRole,
  type EventDetail,
} from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useCreateEvent } from './api/create-event';
import { useCoordinatorClub } from './api/get-coordinator-club';
import { useEvent } from './api/get-event';
import { useRequestableRooms } from './api/get-rooms';
import { useUpdateEvent } from './api/update-event';
import { BackLink } from '../../components/ui/back-link';
import { EventForm } from './components/event-form';
import { EMPTY_EVENT_FORM, eventFormValues } from './event-form-values';

/** The institute's time zone once known (the default if the settings cannot be read); undefined while loading. */
function useInstituteTimeZone(): string | undefined {
  const config = usePublicConfig();
  return config.data?.timeZone ?? (config.isError ? DEFAULT_TIME_ZONE : undefined);
}

const loading = (label: string) => <Spinner label={label} visibleLabel size="lg" className="py-10" />;

/**
 * /add-event: an official creates an event, then sees its page; a club coordinator proposes one for
 * their club, which the general secretary of the club's council decides.
 */
export function AddEventPage() {
  const { data: user } = useSession();
  const timeZone = useInstituteTimeZone();
  const create = useCreateEvent();
  // The room field shows only once the rooms are known: without them the event is made all the same.
  const rooms = useRequestableRooms();
  const navigate = useNavigate();
  const coordinator = user ? normalizeRole(user.role) === 'CLUB_COORDINATOR' : false;
  const club = useCoordinatorClub(coordinator);
  const fixedUnit = club.data?.club
    ? { id: club.data.club.unit.id, name: club.data.club.unit.name }
    : undefined;
  let body;
  if (coordinator && club.isError)
    body = (
      <ErrorState
        message={CLUB_MESSAGES.loadFailed}
        onRetry={() => void club.refetch()}
        retrying={club.isFetching}
      />
    );
  else if (coordinator && club.isSuccess && !fixedUnit)
    body = <EmptyState title={CLUB_MESSAGES.noClub} description={CLUB_MESSAGES.noClubHint} />;
  else if (!timeZone || (coordinator && !fixedUnit)) body = loading('Loading form...');
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={EVENT_MESSAGES.createHeading} />
      <Card>
        {body ??
          (timeZone && (
            <EventForm
              label={EVENT_MESSAGES.createHeading}
              defaultValues={
                fixedUnit
                  ? {
                      ...EMPTY_EVENT_FORM,
                      unit: { id: fixedUnit.id, label: fixedUnit.name, detail: null },
                    }
                  : EMPTY_EVENT_FORM
              }
              fixedUnit={fixedUnit}
              rooms={rooms.data?.rooms}
              timeZone={timeZone}
              submitLabel={EVENT_MESSAGES.createHeading}
              pendingLabel="Creating..."
              pending={create.isPending}
              cancelTo={paths.events}
              onSubmit={async (body) => {
                const event = await create.mutateAsync(body);
                toast.success(
                  event.approval === 'proposed' ? EVENT_MESSAGES.proposed : EVENT_MESSAGES.created,
                );
                void navigate(paths.event(event.id));
              }}
              failureMessage={() => EVENT_MESSAGES.createFailed}
            />
          ))}
      </Card>
    </div>
  );
}

/** Why the change was refused: the server's word for a refusal the official can understand, else a general line. */
function updateFailure(error: unknown): string {
  return error instanceof ApiError && (error.status === 403 || error.status === 409)
    ? error.message
    : EVENT_MESSAGES.updateFailed;
}

function EditForm({ event, timeZone }: { event: EventDetail; timeZone: string }) {
  const update = useUpdateEvent(event.id);
  const navigate = useNavigate();
  const { data: user } = useSession();
  if (!event.canEdit) return <Alert tone="error">{EVENT_MESSAGES.notAllowed}</Alert>;
  if (event.status === 'cancelled') return <Alert tone="error">{EVENT_MESSAGES.alreadyCancelled}</Alert>;
  if (event.approval === 'rejected')
    return <Alert tone="error">{EVENT_MESSAGES.rejectedCannotChange}</Alert>;
  // A club coordinator's events stay their club's: the unit is shown, not offered for change.
  const fixedUnit =
    user && normalizeRole(user.role) === 'CLUB_COORDINATOR' && event.unit ? event.unit : undefined;
  return (
    <EventForm
      label={EVENT_MESSAGES.editHeading}
      defaultValues={eventFormValues(event, timeZone)}
      fixedUnit={fixedUnit}
      timeZone={timeZone}
      submitLabel="Save changes"
      pendingLabel="Saving..."
      pending={update.isPending}
      cancelTo={paths.event(event.id)}
      onSubmit={async (body) => {
        await update.mutateAsync(body);
        toast.success(EVENT_MESSAGES.updated);
        void navigate(paths.event(event.id));
      }}
      failureMessage={updateFailure}
    />
  );
}

function EditView({ id }: { id: string }) {
  const event = useEvent(id);
  const timeZone = useInstituteTimeZone();
  if (event.isError) {
    if (event.error instanceof ApiError && event.error.status === 404)
      return <EmptyState title={EVENT_MESSAGES.notFound} />;
    return (
      <ErrorState
        message={EVENT_MESSAGES.loadFailed}
        onRetry={() => void event.refetch()}
        retrying={event.isFetching}
      />
    );
  }
  if (event.isPending || !timeZone) return loading('Loading event...');
  return (
    <Card>
      <EditForm event={event.data} timeZone={timeZone} />
    </Card>
  );
}

/** /events/{id}/edit: the event's creator, the president or its club's coordinator changes it, with the create form. */
export function EditEventPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink to={paths.event(id)}>Back to the event</BackLink>
      <PageHeader title={EVENT_MESSAGES.editHeading} />
      <EditView key={id} id={id} />
    </div>
  );
}
