import { useState } from 'react';
import { ApiError } from '../../lib/api-client';

/**
 * The state of a dialog that asks before it acts: it cannot close while the action runs, it closes
 * once the action succeeds, and on a refusal it stays open with the server's reason (or, when the
 * server gave none the user can act on, the failure line given).
 */
export function useConfirmedAction() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onOpenChange = (next: boolean) => {
    if (pending) return;
    setError(null);
    setOpen(next);
  };
  /** Runs the action; true once it succeeded (and the dialog closed). */
  const confirm = async (action: () => Promise<unknown>, failureMessage: string): Promise<boolean> => {
    if (pending) return false;
    setPending(true);
    try {
      await action();
      setOpen(false);
      return true;
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status >= 400 && caught.status < 500
          ? caught.message
          : failureMessage,
      );
      return false;
    } finally {
      setPending(false);
    }
  };
  return { open, onOpenChange, pending, error, confirm };
}
