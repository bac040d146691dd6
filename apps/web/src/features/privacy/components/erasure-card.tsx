import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useChangeMyErasure, useMyErasure } from '../api/erasure';

/** Erase my account: scheduled after the grace period, cancellable until then. */
export function ErasureCard({ graceDays }: { graceDays: number }) {
  const erasure = useMyErasure();
  const change = useChangeMyErasure();
  let body;
  if (erasure.isError)
    body = (
      <ErrorState
        message="The state of your account could not be loaded. Check your connection and try again."
        onRetry={() => void erasure.refetch()}
        retrying={erasure.isFetching}
      />
    );
  else if (!erasure.data) body = <Spinner label="Loading..." visibleLabel />;
  else if (erasure.data.scheduled)
    body = (
      <>
        <Alert tone="error">
          Your account will be erased on {formatDate(erasure.data.scheduled.dueAt)}
          {erasure.data.scheduled.requestedBy === 'administrator'
            ? ', as the administrator asked on your behalf'
            : ''}
          . Until then you can cancel.
        </Alert>
        <div>
          <ConfirmDialog
            triggerLabel="Cancel the erasure"
            triggerVariant="secondary"
            title="Keep your account?"
            description="The erasure is cancelled and your account stays as it is."
            confirmation={{
              confirmLabel: 'Keep my account',
              pendingLabel: 'Cancelling...',
              onConfirm: () => change.mutateAsync('cancel'),
              failureMessage: 'The erasure could not be cancelled. Try again.',
            }}
          />
        </div>
      </>
    );
  else
    body = (
      <div>
        <ConfirmDialog
          triggerLabel="Erase my account"
          title="Erase your account?"
          description={
            <>
              Your account will be erased in {graceDays} days; until then you can sign in and cancel.
              After that your name, e-mail address, Student ID, personal details, photo and uploads are
              removed for good and you cannot sign in. Download a copy of your data first if you want
              one.
            </>
          }
          confirmation={{
            confirmLabel: 'Erase my account',
            pendingLabel: 'Scheduling...',
            onConfirm: () => change.mutateAsync('schedule'),
            failureMessage: 'The erasure could not be scheduled. Try again.',
          }}
        />
      </div>
    );
  return (
    <Card aria-labelledby="erasure-title" className="grid gap-3">
      <h2 id="erasure-title" className="text-lg font-semibold text-ink">
        Erase your account
      </h2>
      <p className="text-sm text-ink-muted">
        What the institute must keep (positions that were verified, council decisions, money paid,
        election results) stays without your name. Credentials issued to you are revoked and transcripts
        withdrawn. Feedback you gave anonymously stays anonymous.
      </p>
      {body}
    </Card>
  );
}
