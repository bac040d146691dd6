import { useState, type ReactNode } from 'react';
import { MEMBERSHIP_MESSAGES } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { refusalOf } from '../club-admin-texts';

type ReasonDialogProps = {
  /** The button that opens the dialog, and the one that confirms. */
  triggerLabel: string;
  triggerAriaLabel: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** Sends the reason; a refusal keeps the dialog open with the server's words. */
  onConfirm: (reason: string) => Promise<unknown>;
  failureMessage: string;
};

/** A change the student is told of, with the reason they will read: asked first, the reason required. */
export function ReasonDialog({
  triggerLabel,
  triggerAriaLabel,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  failureMessage,
}: ReasonDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    setReason('');
    setFieldError(undefined);
    setFailure(null);
  };

  const confirm = async () => {
    if (pending) return;
    if (!reason.trim()) {
      setFieldError(MEMBERSHIP_MESSAGES.reasonRequired);
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(reason);
      setPending(false);
      setOpen(false);
      setReason('');
    } catch (error) {
      setPending(false);
      const message = error instanceof ApiError ? error.fields?.reason : undefined;
      if (message) setFieldError(message);
      else setFailure(refusalOf(error, failureMessage));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={title}
      trigger={
        <Button variant="secondary" size="sm" aria-label={triggerAriaLabel}>
          {triggerLabel}
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            loading={pending}
            loadingText={pendingLabel}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="text-sm break-words text-ink">{description}</div>
        <TextAreaField
          label="Reason"
          required
          rows={3}
          hint="The student reads it; at most 500 characters."
          value={reason}
          error={fieldError}
          onChange={(event) => {
            setReason(event.target.value);
            setFieldError(undefined);
          }}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
    </Dialog>
  );
}
