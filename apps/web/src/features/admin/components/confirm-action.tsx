import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';

type ConfirmActionProps = {
  /** The button that opens the dialog. */
  triggerLabel: string;
  triggerVariant?: ButtonVariant;
  /** A trigger that cannot be pressed yet (nothing to change). */
  disabled?: boolean;
  /** Names the trigger for screen readers when its label alone is ambiguous ('Retire Chess Club'). */
  triggerAriaLabel?: string;
  /** The small trigger of a row of a list. */
  triggerSize?: 'sm';
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** Does the change; a rejection keeps the dialog open with the server's reason. */
  onConfirm: () => Promise<unknown>;
  /** The line shown when it failed for a reason the server did not explain. */
  failureMessage: string;
};

/** A privileged change that asks first (a role, a deactivation, a retirement): the dialog says what will happen, and why the server refused when it does. */
export function ConfirmAction({
  triggerLabel,
  triggerVariant = 'secondary',
  disabled,
  triggerAriaLabel,
  triggerSize,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  failureMessage,
}: ConfirmActionProps) {
  const { open, onOpenChange, pending, error, confirm: run } = useConfirmedAction();
  const confirm = () => run(onConfirm, failureMessage);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      trigger={
        <Button
          variant={triggerVariant}
          disabled={disabled}
          {...(triggerAriaLabel ? { 'aria-label': triggerAriaLabel } : {})}
          {...(triggerSize ? { size: triggerSize } : {})}
        >
          {triggerLabel}
        </Button>
      }
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant={triggerVariant === 'danger' ? 'danger' : 'primary'}
            onClick={() => void confirm()}
            loading={pending}
            loadingText={pendingLabel}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm break-words text-ink">{description}</div>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
