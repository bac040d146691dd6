import { useState } from 'react';
import { EVENT_MESSAGES } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCancelEvent } from '../api/cancel-event';

/** The server's reason when it refused for one the official can act on (not allowed, already cancelled). */
function failureMessage(error: unknown): string {
  return error instanceof ApiError && (error.status === 403 || error.status === 409)
    ? error.message
    : EVENT_MESSAGES.cancelFailed;
}

/** 'Cancel event', which asks first; the event then stays listed, marked cancelled. */
export function CancelEventButton({ eventId, title }: { eventId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelEvent(eventId);

  const onOpenChange = (next: boolean) => {
    if (cancel.isPending) return;
    if (next) cancel.reset();
    setOpen(next);
  };

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        toast.success(EVENT_MESSAGES.cancelled);
        setOpen(false);
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      trigger={<Button variant="danger">Cancel event</Button>}
      title={EVENT_MESSAGES.cancelTitle}
      description={EVENT_MESSAGES.cancelText}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep event
          </Button>
          <Button
            variant="danger"
            onClick={confirm}
            loading={cancel.isPending}
            loadingText="Cancelling..."
          >
            Yes, cancel event
          </Button>
        </>
      }
    >
      <p className="text-sm break-words text-ink">{title}</p>
      {cancel.isError && (
        <Alert tone="error" className="mt-3">
          {failureMessage(cancel.error)}
        </Alert>
      )}
    </Dialog>
  );
}
