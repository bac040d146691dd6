import { useSearchParams } from 'react-router';
import { NOTIFICATION_KIND_LABELS } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextLink } from '../../components/ui/text-link';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useUnsubscribe } from './api/unsubscribe';

const NO_TOKEN =
  'This link is not valid. Open the link from the e-mail again, or change your notification settings after signing in.';
const FAILED = 'We could not unsubscribe you. Check your connection and try again.';

/** A refusal of the link itself (altered, expired, unknown), which no second press mends. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

function SettingsLink() {
  return (
    <p className="text-sm text-ink-muted">
      You can choose how each kind of notification reaches you in your{' '}
      <TextLink to={paths.notificationSettings}>notification settings</TextLink>.
    </p>
  );
}

/**
 * /unsubscribe?token=…: the one-click link at the foot of every notification e-mail. It works signed
 * out, but only on a press of the button, so that a mail scanner following links unsubscribes nobody.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();

  let body;
  if (unsubscribe.isSuccess) {
    const { kind, email } = unsubscribe.data;
    body = (
      <>
        <Alert tone="success">
          You will no longer receive e-mails about “{NOTIFICATION_KIND_LABELS[kind]}” ({email}).
        </Alert>
        <p className="text-sm text-ink-muted">These notifications still appear in the portal.</p>
        <SettingsLink />
      </>
    );
  } else if (!token || isRefusal(unsubscribe.error)) {
    body = (
      <>
        <Alert tone="error">{isRefusal(unsubscribe.error) ? unsubscribe.error.message : NO_TOKEN}</Alert>
        <SettingsLink />
      </>
    );
  } else {
    body = (
      <>
        {unsubscribe.isError && <Alert tone="error">{FAILED}</Alert>}
        <p className="text-sm text-ink">
          Press Unsubscribe to stop the e-mails of the kind this link came with. You will still see these
          notifications when you sign in to the portal.
        </p>
        <Button
          onClick={() => unsubscribe.mutate(token)}
          loading={unsubscribe.isPending}
          loadingText="Unsubscribing..."
          className="self-start"
        >
          Unsubscribe
        </Button>
        <SettingsLink />
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl min-w-0 py-4 sm:py-10">
      <title>Unsubscribe · COSA Portal</title>
      <Card className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Unsubscribe from e-mails</h1>
        {body}
        <TextLink to={paths.root} className="self-start text-sm">
          Go to the portal
        </TextLink>
      </Card>
    </div>
  );
}
