import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { REGISTRATION_MESSAGES, TICKET_CODE_MAX, type EventDetail } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { BackLink } from '../../components/ui/back-link';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime, formatDateTimeRange } from '../../lib/format';
import { lazyPart } from '../../lib/lazy-part';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { checkInSearchKey, postCheckIns } from './api/check-ins';
import { useEvent } from './api/get-event';
import { eventUnavailable } from './components/event-unavailable';
import { CheckInQueue, queueKeyOf, type QueueState } from './check-in/check-in-queue';
import { CheckInSearch } from './check-in/check-in-search';
import { OneFieldForm } from './check-in/one-field-form';
import { LatestScan, RecentScans } from './check-in/scan-outcome';

// The scanner and its WebAssembly load only when the camera is turned on.
const { Part: Camera } = lazyPart(
  async () => (await import('./check-in/check-in-camera')).CheckInCamera,
  <Spinner label="Starting the camera..." visibleLabel className="py-6" />,
);

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function SyncStatus({
  state,
  event,
  onRetry,
}: {
  state: QueueState;
  event: EventDetail;
  onRetry: () => void;
}) {
  const counts = state.counts ?? {
    checkedIn: event.seats.checkedIn ?? 0,
    confirmed: event.seats.confirmed,
  };
  const waiting = state.pending.length;
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-ink">
        <span className="text-lg font-semibold">
          {counts.checkedIn} of {counts.confirmed} checked in
        </span>
        <span className="text-sm text-ink-muted" data-testid="sync-status">
          {waiting === 0
            ? 'All scans synced'
            : `${plural(waiting, 'scan')} waiting to sync${state.offline ? ' (no connection: they will be sent when it is back)' : ''}`}
        </span>
      </p>
      {state.refusal && (
        <ErrorState
          message={`${state.refusal} The scans are kept on this device.`}
          onRetry={onRetry}
          retrying={state.syncing}
        />
      )}
    </div>
  );
}

function CheckInDesk({ event, userId }: { event: EventDetail; userId: string }) {
  const client = useQueryClient();
  const queue = useMemo(
    () =>
      new CheckInQueue(queueKeyOf(userId, event.id), async (scans) => {
        const result = await postCheckIns(event.id, scans);
        void client.invalidateQueries({ queryKey: checkInSearchKey(event.id) });
        return result;
      }),
    [client, event.id, userId],
  );
  useEffect(() => queue.start(), [queue]);
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  const [camera, setCamera] = useState(false);
  const scanTicket = (code: string) => queue.add({ ticket: code }, 'Ticket');

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-4">
        <LatestScan latest={state.latest} offline={state.offline} />
        <SyncStatus state={state} event={event} onRetry={() => queue.retry()} />
        <Card aria-labelledby="scan-tickets" className="flex flex-col gap-4">
          <h2 id="scan-tickets" className="text-lg font-semibold text-ink">
            Scan tickets
          </h2>
          {camera && <Camera onCode={scanTicket} />}
          <Button
            variant={camera ? 'secondary' : 'primary'}
            size="lg"
            onClick={() => setCamera(!camera)}
          >
            {camera ? 'Stop the camera' : 'Scan with the camera'}
          </Button>
          <OneFieldForm
            label="Ticket code"
            hint="Type the code, or read it with a hand scanner."
            button="Check ticket"
            required="Enter a ticket code."
            maxLength={TICKET_CODE_MAX}
            onSubmit={scanTicket}
          />
        </Card>
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <Card aria-labelledby="find-registrant" className="flex flex-col gap-3">
          <h2 id="find-registrant" className="text-lg font-semibold text-ink">
            Find a registrant
          </h2>
          <CheckInSearch
            eventId={event.id}
            onCheckIn={(registrant) => queue.add({ registrationId: registrant.id }, registrant.name)}
          />
        </Card>
        {event.walkIns && (
          <Card aria-labelledby="walk-in" className="flex flex-col gap-3">
            <h2 id="walk-in" className="text-lg font-semibold text-ink">
              Walk-in
            </h2>
            <OneFieldForm
              label="Student ID"
              hint="Registers a student who did not register, and checks them in."
              button="Check in walk-in"
              required="Enter the student ID."
              check={(text) => (/^\d{1,40}$/.test(text) ? null : 'A student ID has digits only.')}
              inputMode="numeric"
              maxLength={40}
              onSubmit={(studentId) => queue.add({ walkInStudentId: studentId }, `Walk-in ${studentId}`)}
            />
          </Card>
        )}
        <RecentScans answers={state.answers} />
      </div>
    </div>
  );
}

/** The door opens 3 hours before the start (the server's rule); before that, or without a date, the page says so. */
function doorNote(event: EventDetail, now: number): string | null {
  if (!event.start) return REGISTRATION_MESSAGES.checkInNoDate;
  const opens = Date.parse(event.start) - 3 * 3_600_000;
  return opens > now
    ? `${REGISTRATION_MESSAGES.checkInTooEarly} It opens ${formatDateTime(new Date(opens))}.`
    : null;
}

function CheckInView({ id }: { id: string }) {
  const event = useEvent(id);
  const { data: user } = useSession();
  // The clock when the page opened: the server refuses what the hour does not allow.
  const [now] = useState(Date.now);
  const unavailable = eventUnavailable(event);
  if (unavailable || !event.data) return unavailable;
  if (!user) return <Spinner label="Loading event..." visibleLabel size="lg" className="py-10" />;
  const { data } = event;
  const door = doorNote(data, now);
  const refusal = !data.canManage
    ? REGISTRATION_MESSAGES.notOrganizer
    : data.status === 'cancelled'
      ? REGISTRATION_MESSAGES.eventCancelled
      : data.approval !== 'approved'
        ? REGISTRATION_MESSAGES.notApproved
        : null;
  return (
    <>
      <title>{`Check-in: ${data.title} · COSA Portal`}</title>
      <PageHeader
        title="Check-in"
        description={[data.title, formatDateTimeRange(data.start, data.end), data.venue]
          .filter(Boolean)
          .join(' · ')}
      />
      {refusal ? (
        <Alert tone="error">{refusal}</Alert>
      ) : door ? (
        <Alert tone="info">{door}</Alert>
      ) : (
        <CheckInDesk event={data} userId={user.id} />
      )}
    </>
  );
}

/** /events/{id}/check-in: the door, for the event's organisers and officials; works through a dropped connection. */
export function CheckInPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-5xl">
      <BackLink to={paths.event(id)}>Back to the event</BackLink>
      <CheckInView key={id} id={id} />
    </div>
  );
}
