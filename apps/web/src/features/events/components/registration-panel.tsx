import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { REGISTRATION_MESSAGES, type EventDetail } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatINR } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useRegistration } from '../api/registration';

/** The server's reason when it refused (full, closed, not eligible...), else a general line. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'Your registration could not be changed. Please try again.';

function Seats({ event }: { event: EventDetail }) {
  const { maxParticipants } = event.registration;
  const { confirmed, waitlisted } = event.seats;
  const left = maxParticipants === null ? null : Math.max(maxParticipants - confirmed, 0);
  return (
    <p className="text-sm text-ink-muted">
      {maxParticipants === null
        ? `${confirmed} registered`
        : `${confirmed} of ${maxParticipants} seats taken${left === 0 ? ' · full' : ` · ${left} left`}`}
      {waitlisted > 0 && ` · ${waitlisted} on the waitlist`}
    </p>
  );
}

/** Where the person stands: seat, waitlist place, checked in; with what they can do next. */
function Standing({ event }: { event: EventDetail }) {
  const mine = event.mine;
  if (!mine || mine.status === 'cancelled') return null;
  if (mine.status === 'waitlisted')
    return (
      <Alert tone="info">
        You are number {mine.waitlistPlace} on the waitlist. If a seat frees up it is yours at once, and
        you will be told.
      </Alert>
    );
  return (
    <Alert tone="success">
      {mine.checkedInAt
        ? `You were checked in at ${formatDateTime(mine.checkedInAt)}.`
        : mine.promotedAt
          ? 'A seat freed up and it is yours: you are registered. If you cannot come, cancel so the next person gets it.'
          : 'You are registered.'}{' '}
      {event.registration.fees
        ? mine.paid
          ? 'Your fee is marked paid.'
          : 'Your fee is not marked paid yet.'
        : ''}
    </Alert>
  );
}

/** Register, join the waitlist, or give the seat or place up (asking first). */
function Actions({ event }: { event: EventDetail }) {
  const change = useRegistration(event.id);
  const [confirming, setConfirming] = useState(false);
  const sending = useRef(false);
  const mine = event.mine?.status === 'cancelled' ? null : event.mine;
  const full =
    event.registration.maxParticipants !== null &&
    (event.seats.confirmed >= event.registration.maxParticipants || event.seats.waitlisted > 0);
  // The clock when the page was shown: the server refuses what the hour no longer allows.
  const [now] = useState(Date.now);
  const started = event.start !== null && Date.parse(event.start) <= now;

  const register = () => {
    // A second click before the answer (a double click) sends nothing more.
    if (sending.current) return;
    sending.current = true;
    change.mutate(true, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (registration) =>
        toast.success(
          registration.status === 'confirmed'
            ? REGISTRATION_MESSAGES.registered
            : REGISTRATION_MESSAGES.waitlisted,
        ),
    });
  };
  const giveUp = () =>
    change.mutate(false, {
      onSuccess: () => {
        toast.success(
          mine?.status === 'waitlisted'
            ? REGISTRATION_MESSAGES.leftWaitlist
            : REGISTRATION_MESSAGES.unregistered,
        );
        setConfirming(false);
      },
    });

  if (mine) {
    return (
      <div className="flex flex-wrap gap-2">
        {mine.status === 'confirmed' && (
          <Link to={paths.eventTicket(event.id)} className={buttonClasses({ variant: 'primary' })}>
            Show my ticket
          </Link>
        )}
        {!mine.checkedInAt && !started && (
          <Dialog
            open={confirming}
            onOpenChange={(open) => !change.isPending && setConfirming(open)}
            size="sm"
            trigger={
              <Button variant="secondary">
                {mine.status === 'waitlisted' ? 'Leave the waitlist' : 'Cancel my registration'}
              </Button>
            }
            title={mine.status === 'waitlisted' ? 'Leave the waitlist?' : 'Cancel your registration?'}
            description={
              mine.status === 'waitlisted'
                ? 'You lose your place; joining again puts you at the back.'
                : 'Your seat goes to the first person waiting. Registering again puts you at the back of the queue.'
            }
            footer={
              <>
                <Button
                  variant="secondary"
                  onClick={() => setConfirming(false)}
                  disabled={change.isPending}
                >
                  Keep it
                </Button>
                <Button
                  variant="danger"
                  onClick={giveUp}
                  loading={change.isPending}
                  loadingText="Cancelling..."
                >
                  {mine.status === 'waitlisted' ? 'Yes, leave' : 'Yes, cancel'}
                </Button>
              </>
            }
          >
            {change.isError && <Alert tone="error">{failureOf(change.error)}</Alert>}
          </Dialog>
        )}
      </div>
    );
  }
  if (event.ineligibleReason) return <Alert tone="info">{event.ineligibleReason}</Alert>;
  if (!event.registrationOpen) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button
        onClick={register}
        loading={change.isPending}
        loadingText="Registering..."
        className="self-start"
      >
        {full ? 'Join the waitlist' : 'Register'}
      </Button>
      {change.isError && <Alert tone="error">{failureOf(change.error)}</Alert>}
    </div>
  );
}

/** Why registering is not possible now, when it is not: not open yet, closed, cancelled. */
function WindowNote({ event, timeZone }: { event: EventDetail; timeZone: string | undefined }) {
  const [now] = useState(Date.now);
  if (
    event.registrationOpen ||
    event.mine?.status === 'confirmed' ||
    event.mine?.status === 'waitlisted'
  )
    return null;
  if (event.status === 'cancelled')
    return <p className="text-sm text-ink-muted">{REGISTRATION_MESSAGES.eventCancelled}</p>;
  if (event.approval !== 'approved')
    return <p className="text-sm text-ink-muted">{REGISTRATION_MESSAGES.notApproved}</p>;
  const opens = event.registration.start;
  if (opens && Date.parse(opens) > now)
    return (
      <p className="text-sm text-ink-muted">Registration opens {formatDateTime(opens, timeZone)}.</p>
    );
  return <p className="text-sm text-ink-muted">{REGISTRATION_MESSAGES.closed}</p>;
}

/** The event's registration as a student uses it: seats, fees, who may come, and their own seat or place. */
export function RegistrationPanel({
  event,
  timeZone,
}: {
  event: EventDetail;
  timeZone: string | undefined;
}) {
  if (!event.registration.required) return null;
  const { eligibility } = event;
  const limits = [
    eligibility.batchYears.length ? `batch ${eligibility.batchYears.join(', ')}` : null,
    eligibility.programs.length ? eligibility.programs.join(', ') : null,
    eligibility.disciplines.length ? eligibility.disciplines.join(', ') : null,
  ].filter(Boolean);
  return (
    <Card aria-labelledby="event-take-part" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="event-take-part" className="text-lg font-semibold text-ink">
          Take part
        </h2>
        {event.registrationOpen && <Badge tone="success">Registration open</Badge>}
      </div>
      <Seats event={event} />
      {event.registration.fees ? (
        <p className="text-sm text-ink">
          Fee: {formatINR(event.registration.fees)}, paid to the organisers outside the portal.
        </p>
      ) : null}
      {limits.length > 0 && <p className="text-sm text-ink">Open to {limits.join('; ')}.</p>}
      <Standing event={event} />
      <WindowNote event={event} timeZone={timeZone} />
      <Actions event={event} />
    </Card>
  );
}
