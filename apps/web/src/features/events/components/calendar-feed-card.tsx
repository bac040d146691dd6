import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCalendarFeed, useMakeCalendarFeed, useStopCalendarFeed } from '../api/calendar-feed';
import { CalendarAddress } from './calendar-address';

type CalendarFeedCardProps = { timeZone?: string };

const MAKE_FAILED = 'The address could not be made. Check your connection and try again.';

/** Where each calendar program takes a subscribed address. */
function HowToAdd() {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm break-words text-ink-muted">
      <li>Google Calendar: Other calendars, then From URL.</li>
      <li>Outlook: Add calendar, then Subscribe from web.</li>
      <li>iPhone: Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar.</li>
    </ul>
  );
}

/**
 * "Your calendar": the person's private feed of the events they registered for. Its address is
 * shown once, when made; a new address ends the old one, and the feed can be stopped.
 */
export function CalendarFeedCard({ timeZone }: CalendarFeedCardProps) {
  const feed = useCalendarFeed();
  const make = useMakeCalendarFeed();
  const stop = useStopCalendarFeed();
  // The secret address of the answer that made it: held here only, never in the query cache.
  const [address, setAddress] = useState<string | null>(null);
  const [makeError, setMakeError] = useState<string | null>(null);

  const makeAddress = async () => {
    const made = await make.mutateAsync();
    setAddress(made.url);
    toast.success('Your calendar address is ready. Copy it now: it is shown only once.');
  };
  const makeFirst = async () => {
    setMakeError(null);
    try {
      await makeAddress();
    } catch (caught) {
      setMakeError(caught instanceof ApiError && caught.status < 500 ? caught.message : MAKE_FAILED);
    }
  };

  let body;
  if (feed.isPending) body = <Spinner label="Loading your calendar feed..." visibleLabel />;
  else if (feed.isError)
    body = (
      <ErrorState
        message="Your calendar feed could not be loaded. Check your connection and try again."
        onRetry={() => void feed.refetch()}
        retrying={feed.isFetching}
      />
    );
  else if (!feed.data.active)
    body = (
      <div className="flex flex-col items-start gap-3">
        <Button onClick={() => void makeFirst()} loading={make.isPending} loadingText="Making...">
          Make my calendar address
        </Button>
        {makeError && <Alert tone="error">{makeError}</Alert>}
      </div>
    );
  else
    body = (
      <div className="flex min-w-0 flex-col gap-3">
        {address ? (
          <>
            <CalendarAddress
              label="Your private calendar address"
              address={address}
              hint="Private: anyone with this address sees the events you registered for and the clubs you follow. It is shown only now; if you lose it, make a new one."
            />
            <HowToAdd />
          </>
        ) : (
          <p className="text-sm break-words text-ink">
            Your calendar feed is on: its address was made{' '}
            {formatDateTime(feed.data.createdAt, timeZone)} and shown then. If you no longer have it,
            make a new one.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <ConfirmDialog
            triggerLabel="Make a new address"
            triggerVariant="secondary"
            title="Make a new calendar address?"
            description="Your current address stops working at once: calendars that use it stop updating until you add the new one."
            confirmation={{
              confirmLabel: 'Make a new address',
              pendingLabel: 'Making...',
              confirmVariant: 'primary',
              onConfirm: makeAddress,
              failureMessage: MAKE_FAILED,
            }}
          />
          <ConfirmDialog
            triggerLabel="Stop the feed"
            title="Stop your calendar feed?"
            description="Its address stops working at once, and your calendar program no longer gets your events. You can make a new address later."
            confirmation={{
              confirmLabel: 'Stop the feed',
              pendingLabel: 'Stopping...',
              onConfirm: async () => {
                await stop.mutateAsync();
                setAddress(null);
                toast.success('Your calendar feed is stopped.');
              },
              failureMessage: 'The feed could not be stopped. Check your connection and try again.',
            }}
          />
        </div>
      </div>
    );

  return (
    <Card aria-labelledby="calendar-feed-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="calendar-feed-heading" className="text-lg font-semibold text-ink">
        Your calendar
      </h2>
      <p className="text-sm break-words text-ink-muted">
        See the events you registered for, and those of the clubs you follow, in Google Calendar, Outlook
        or your phone&apos;s calendar. Your calendar program reads a private address of yours and keeps
        up with changes and cancellations; events you wait for a seat at are marked
        &quot;(waitlist)&quot;.
      </p>
      {body}
    </Card>
  );
}
