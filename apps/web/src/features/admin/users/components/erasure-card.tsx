import { useState } from 'react';
import { AdminErasureRequestSchema, type AdminUserDetail } from '@cosa/contracts';
import { Alert } from '../../../../components/ui/alert';
import { Card } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { ApiError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { ConfirmAction } from '../../components/confirm-action';
import { useAdminErasure, useChangeAdminErasure } from '../api/admin-erasure';

/**
 * A student's erasure, asked for by the administrator on their behalf with a reason (decision
 * 0041): scheduled after the grace period, cancellable until then by either of them.
 */
export function ErasureCard({ user }: { user: AdminUserDetail }) {
  const erasure = useAdminErasure(user.id);
  const change = useChangeAdminErasure(user.id);
  const [reason, setReason] = useState('');
  let body;
  if (erasure.isError)
    body = <p className="text-sm text-danger-700">The erasure state could not be loaded.</p>;
  else if (!erasure.data) body = <Spinner label="Loading..." />;
  else if (erasure.data.scheduled)
    body = (
      <>
        <Alert tone="error">
          This account will be erased on {formatDate(erasure.data.scheduled.dueAt)}, as{' '}
          {erasure.data.scheduled.requestedBy === 'self' ? 'the student' : 'an administrator'} asked.
        </Alert>
        <div>
          <ConfirmAction
            triggerLabel="Cancel the erasure"
            title={`Keep ${user.name}'s account?`}
            description="The erasure is cancelled and the student is told."
            confirmLabel="Cancel the erasure"
            pendingLabel="Cancelling..."
            failureMessage="The erasure could not be cancelled. Please try again."
            onConfirm={async () => {
              await change.mutateAsync('cancel');
              toast.success('The erasure was cancelled.');
            }}
          />
        </div>
      </>
    );
  else
    body = (
      <div>
        <ConfirmAction
          triggerLabel="Erase account"
          triggerVariant="danger"
          title={`Erase ${user.name}'s account?`}
          description={
            <div className="grid gap-3">
              <p>
                The account is erased after the grace period; the student is told and can cancel until
                then. Then its name, e-mail, Student ID, personal details and uploads are removed for
                good.
              </p>
              <TextAreaField
                label="Reason"
                hint="Kept in the audit log."
                required
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
          }
          confirmLabel="Schedule the erasure"
          pendingLabel="Scheduling..."
          failureMessage="The erasure could not be scheduled. Please try again."
          onConfirm={async () => {
            // The reason is checked here first, by the server's own rule, and its message shown.
            const checked = AdminErasureRequestSchema.safeParse({ reason });
            if (!checked.success)
              throw new ApiError(400, 'VALIDATION_FAILED', checked.error.issues[0]!.message);
            try {
              await change.mutateAsync(checked.data);
            } catch (error) {
              const field = error instanceof ApiError ? error.fields?.reason : undefined;
              throw field
                ? new ApiError(
                    error instanceof ApiError ? error.status : 400,
                    'VALIDATION_FAILED',
                    field,
                  )
                : error;
            }
            setReason('');
            toast.success('The erasure is scheduled.');
          }}
        />
      </div>
    );
  return (
    <Card aria-labelledby="erasure-heading" className="flex flex-col gap-3">
      <h2 id="erasure-heading" className="text-lg font-semibold text-ink">
        Erasure
      </h2>
      <p className="text-sm text-ink-muted">
        On the student&apos;s behalf, for example when they ask in writing. What the institute must keep
        stays without identifying them.
      </p>
      {body}
    </Card>
  );
}
