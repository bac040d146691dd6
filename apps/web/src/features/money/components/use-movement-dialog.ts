import { useState } from 'react';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { refusalOf } from '../money-labels';
import { messagesOf, serverMessagesOf, type FieldMessages } from '../money-form';
import { NO_MOVEMENT, type Movement } from './movement-fields';

type Mutation<Input> = {
  mutate: (input: Input, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

/**
 * What the dialogs that move money share (allocate, pass down): open or closed, the heading,
 * amount and reason, the fields' messages and the refusal; `send` checks the input with the
 * contract's schema before anything goes, then says so or puts the server's messages in place.
 */
export function useMovementDialog<Schema extends z.ZodType>(options: {
  schema: Schema;
  mutation: Mutation<z.output<Schema>>;
  /** The dialog's own fields, back to empty. */
  resetOwn: () => void;
  /** The refusal shown when the server names no field. */
  failed: string;
}) {
  const [open, setOpen] = useState(false);
  const [movement, setMovement] = useState<Movement>(NO_MOVEMENT);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    options.resetOwn();
    setMovement(NO_MOVEMENT);
    setErrors({});
    setFailure(null);
  };

  const send = (input: object, done: string) => {
    setFailure(null);
    const parsed = options.schema.safeParse({ ...input, ...movement });
    if (!parsed.success) {
      setErrors(messagesOf(parsed.error));
      return;
    }
    setErrors({});
    options.mutation.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(done);
        setOpen(false);
        reset();
      },
      onError: (error) => {
        const fields = serverMessagesOf(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFailure(refusalOf(error, options.failed));
      },
    });
  };

  return {
    open,
    /** For the dialog's onOpenChange: closing it empties it. */
    setOpen: (next: boolean) => {
      setOpen(next);
      if (!next) reset();
    },
    close: () => setOpen(false),
    movement,
    changeMovement: (patch: Partial<Movement>) => setMovement((before) => ({ ...before, ...patch })),
    errors,
    /** Clears one field's message once its value changes. */
    clearError: (field: string) => setErrors(({ [field]: _, ...rest }) => rest),
    failure,
    send,
  };
}
