import type { PushDevice } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useRemovePushDevice } from '../api/remove-push-device';
import { usePushDevice, type PushCardState } from './use-push-device';

const HEADING_ID = 'push-card-heading';

/** The words for a state in which the card offers nothing to press. */
function Explanation({ state }: { state: PushCardState }) {
  switch (state.kind) {
    case 'unsupported':
      return (
        <p>
          This browser cannot receive push notifications. Your notifications still appear in the portal,
          and by e-mail as you choose below.
        </p>
      );
    case 'needs-home-screen':
      return (
        <p>
          On iPhone and iPad, push notifications work once the portal is added to the Home Screen: tap
          Share, then Add to Home Screen, then open the portal from there and turn them on on this page.
        </p>
      );
    case 'blocked':
      return (
        <p>
          Notifications are blocked for this site in this browser. To unblock them, open the site
          settings (the icon beside the address), allow Notifications, then reload this page.
        </p>
      );
    default:
      return null;
  }
}

/** My other devices with push on, each removable. */
function OtherDevices({ devices }: { devices: readonly PushDevice[] }) {
  const remove = useRemovePushDevice();
  if (devices.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-ink">Your other devices with push on</h3>
      <ul aria-label="Your other devices with push on" className="grid gap-2">
        {devices.map((device) => (
          <li
            key={device.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line-soft p-2"
          >
            <span className="flex min-w-0 flex-col">
              <span className="font-medium wrap-anywhere text-ink">{device.label}</span>
              <span className="text-xs text-ink-muted">Turned on {formatDate(device.createdAt)}</span>
            </span>
            <ConfirmDialog
              triggerLabel="Remove"
              triggerAriaLabel={`Remove ${device.label}, turned on ${formatDate(device.createdAt)}`}
              triggerVariant="secondary"
              title={`Stop push notifications to ${device.label}?`}
              description="That device gets no more push notifications until push is turned on there again."
              confirmation={{
                confirmLabel: 'Remove device',
                pendingLabel: 'Removing...',
                confirmVariant: 'danger',
                onConfirm: () => remove.mutateAsync(device.id),
                failureMessage: 'The device could not be removed. Please try again.',
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Push notifications on this device": turned on only by the person's tap (the browser asks for
 * permission then, never at sign-in), tested and turned off here; what the browser cannot do, or
 * the person blocked, is said in words with what to do about it.
 */
export function PushCard() {
  const { state, others, devices, busy, problem, notice, turnOn, turnOff, sendTest } = usePushDevice();

  return (
    <Card aria-labelledby={HEADING_ID} className="flex flex-col gap-4">
      <h2 id={HEADING_ID} className="text-lg font-semibold text-ink">
        Push notifications on this device
      </h2>
      <div className="text-sm text-ink-muted">
        <Explanation state={state} />
        {state.kind === 'off' && (
          <p>
            Get a notification on this device as soon as something arrives, even with the portal closed.
            Your browser asks for your permission when you turn them on.
          </p>
        )}
        {state.kind === 'on' && <p>Push notifications are on for this device ({state.device.label}).</p>}
      </div>
      {state.kind === 'checking' && <Spinner label="Checking this device..." visibleLabel />}
      {problem && <Alert tone="error">{problem}</Alert>}
      {notice && !problem && <Alert tone="success">{notice}</Alert>}
      {state.kind === 'off' && (
        <div>
          <Button onClick={() => void turnOn()} loading={busy === 'on'} loadingText="Turning on...">
            Turn on push notifications
          </Button>
        </div>
      )}
      {state.kind === 'on' && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => void sendTest(state.device)}
            loading={busy === 'test'}
            loadingText="Sending..."
            disabled={busy !== null && busy !== 'test'}
          >
            Send a test notification
          </Button>
          <Button
            variant="secondary"
            onClick={() => void turnOff()}
            loading={busy === 'off'}
            loadingText="Turning off..."
            disabled={busy !== null && busy !== 'off'}
          >
            Turn off on this device
          </Button>
        </div>
      )}
      {devices.isError ? (
        <ErrorState
          message="Your devices with push on could not be loaded. Check your connection and try again."
          onRetry={() => void devices.refetch()}
          retrying={devices.isFetching}
        />
      ) : (
        <OtherDevices devices={others} />
      )}
    </Card>
  );
}
