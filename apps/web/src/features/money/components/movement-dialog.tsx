import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { MovementFields } from './movement-fields';
import type { useMovementDialog } from './use-movement-dialog';

/**
 * A dialog that moves money (allocate, pass down): its own fields above the heading, amount and
 * reason, the refusal over them, and Cancel beside the action, which waits while the change is sent.
 */
export function MovementDialog({
  dialog,
  pending,
  trigger,
  title,
  description,
  action,
  pendingText,
  onSend,
  children,
}: {
  dialog: ReturnType<typeof useMovementDialog>;
  pending: boolean;
  trigger: ReactNode;
  title: string;
  description: string;
  action: string;
  pendingText: string;
  onSend: () => void;
  /** The dialog's own fields. */
  children: ReactNode;
}) {
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      trigger={trigger}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.close} disabled={pending}>
            Cancel
          </Button>
          <Button loading={pending} loadingText={pendingText} onClick={onSend}>
            {action}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {dialog.failure && <Alert tone="error">{dialog.failure}</Alert>}
        {children}
        <MovementFields
          value={dialog.movement}
          errors={dialog.errors}
          onChange={dialog.changeMovement}
        />
      </div>
    </Dialog>
  );
}
