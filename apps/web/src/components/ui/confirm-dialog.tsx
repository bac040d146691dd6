import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button, type ButtonVariant } from './button';
import { Dialog } from './dialog';
import { useConfirmedAction } from './use-confirmed-action';

/** What the dialog's confirm button does; none when the dialog only explains why the action cannot be taken. */
type Confirmation = {
  confirmLabel: string;
  pendingLabel: string;
  /** The confirm button's look; by default that of the trigger. */
  confirmVariant?: ButtonVariant;
  /** Does the thing; a rejection keeps the dialog open with the reason. */
  onConfirm: () => Promise<unknown>;
  /** The line shown when it failed for a reason the server did not explain. */
  failureMessage: string;
};

type ConfirmDialogProps = {
  /** The button that opens the dialog; none when the page opens it (from a menu) through `open`. */
  triggerLabel?: string;
  triggerAriaLabel?: string;
  triggerVariant?: ButtonVariant;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  title: string;
  description: ReactNode;
  confirmation: Confirmation | null;
};

/** A button that asks first (every destructive action does), then acts; the server's reason shows when it refuses. */
export function ConfirmDialog({
  triggerLabel,
  triggerAriaLabel,
  triggerVariant = 'danger',
  title,
  description,
  confirmation,
  ...controlled
}: ConfirmDialogProps) {
  const state = useConfirmedAction();
  const { pending, error, confirm: run } = state;
  const open = controlled.open ?? state.open;
  const onOpenChange = (next: boolean) => {
    if (pending) return;
    state.onOpenChange(next);
    controlled.onOpenChange?.(next);
  };
  const confirm = async () => {
    if (confirmation && (await run(confirmation.onConfirm, confirmation.failureMessage)))
      controlled.onOpenChange?.(false);
  };
  const confirmVariant =
    confirmation?.confirmVariant ?? (triggerVariant === 'danger' ? 'danger' : 'primary');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      onCloseAutoFocus={controlled.onCloseAutoFocus}
      trigger={
        triggerLabel && (
          <Button variant={triggerVariant} size="sm" aria-label={triggerAriaLabel}>
            {triggerLabel}
          </Button>
        )
      }
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {confirmation ? 'Keep it' : 'Close'}
          </Button>
          {confirmation && (
            <Button
              variant={confirmVariant}
              onClick={() => void confirm()}
              loading={pending}
              loadingText={confirmation.pendingLabel}
            >
              {confirmation.confirmLabel}
            </Button>
          )}
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
