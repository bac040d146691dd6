import { useState } from 'react';
import { SUBMISSION_MESSAGES, type MyPosition } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { lazyPart } from '../../../lib/lazy-part';
import { toast } from '../../../lib/toast';
import { useWithdrawPosition } from '../api/edit-position';

/** The form (react-hook-form and the pickers) loads when the browser is idle, or when the dialog opens. */
const PositionFormPart = lazyPart(
  async () => (await import('./add-position-form')).AddPositionForm,
  <Spinner label="Loading..." visibleLabel />,
);

type PositionActionsProps = { record: MyPosition; title: string; holderName: string };

/**
 * Edit (self-declared) or Correct and resend (declined), and Withdraw, for a position the student
 * declared themselves and no official has verified; nothing otherwise.
 */
export function PositionActions({ record, title, holderName }: PositionActionsProps) {
  const [editing, setEditing] = useState(false);
  const withdraw = useWithdrawPosition();
  PositionFormPart.usePreload();
  if (!record.changeable) return null;
  const resend = record.verification === 'declined';
  const label = resend ? SUBMISSION_MESSAGES.resend : SUBMISSION_MESSAGES.edit;
  const named = `${title}, ${record.tenureYear}`;
  return (
    <div className="flex flex-wrap gap-2">
      <Dialog
        open={editing}
        onOpenChange={setEditing}
        size="lg"
        trigger={
          <Button variant="secondary" size="sm" aria-label={`${label}: ${named}`}>
            {label}
          </Button>
        }
        title={resend ? SUBMISSION_MESSAGES.positionResendTitle : SUBMISSION_MESSAGES.positionEditTitle}
        description={
          resend
            ? `Reason given by the official: ${record.declineReason ?? ''}`
            : 'Your record shows as self-declared until an official verifies it.'
        }
      >
        <PositionFormPart.Part
          holderName={holderName}
          editing={record}
          resend={resend}
          onCreated={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Dialog>
      <ConfirmDialog
        triggerLabel={SUBMISSION_MESSAGES.withdraw}
        triggerAriaLabel={`${SUBMISSION_MESSAGES.withdraw}: ${named}`}
        title={SUBMISSION_MESSAGES.positionWithdrawTitle}
        description={
          <>
            <p className="font-medium">{named}</p>
            <p className="mt-1">{SUBMISSION_MESSAGES.positionWithdrawText}</p>
          </>
        }
        confirmation={{
          confirmLabel: SUBMISSION_MESSAGES.withdraw,
          pendingLabel: SUBMISSION_MESSAGES.withdrawing,
          failureMessage: SUBMISSION_MESSAGES.changeFailed,
          onConfirm: async () => {
            await withdraw.mutateAsync(record.id);
            toast.success(SUBMISSION_MESSAGES.positionWithdrawn);
          },
        }}
      />
    </div>
  );
}
