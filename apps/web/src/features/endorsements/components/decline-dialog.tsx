import { useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DeclineRequestSchema, ENDORSEMENT_MESSAGES, type DeclineRequest } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { applyFieldErrors } from '../../../lib/form-errors';
import type { useDeclineItem } from '../api/decline-item';
import { staleReviewMessage } from '../api/pending-reviews-cache';

const MAX_REASON = 500;

type DeclineDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: string;
  /** The version of the item shown (achievements, position records). */
  version?: number;
  /** What is declined, e.g. 'Python by Asha Verma'. */
  name: string;
  decline: ReturnType<typeof useDeclineItem>;
};

/** Asks for the reason the student will see, then declines the item. */
export function DeclineDialog({ open, onOpenChange, id, version, name, decline }: DeclineDialogProps) {
  const formId = useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DeclineRequest>({
    resolver: zodResolver(DeclineRequestSchema),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control, name: 'reason' }) ?? '';

  const change = (next: boolean) => {
    if (!next) {
      reset();
      decline.reset();
    }
    onOpenChange(next);
  };

  // A double click validates twice before the request is pending: only the first valid submit is sent.
  const sending = useRef(false);
  const onValid = (request: DeclineRequest) => {
    if (sending.current) return;
    sending.current = true;
    decline.mutate(
      { id, version, ...request },
      {
        onSuccess: () => change(false),
        onError: (error) => {
          // The list is out of date: a toast says why and the item leaves it; nothing is left to decline.
          if (staleReviewMessage(error)) return change(false);
          if (!applyFieldErrors(error, setError, ['reason']))
            setError('root.server', { message: ENDORSEMENT_MESSAGES.declineFailed });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      size="sm"
      title={ENDORSEMENT_MESSAGES.declineTitle}
      description={`${name} goes back to the student with your reason.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            loading={decline.isPending}
            loadingText={ENDORSEMENT_MESSAGES.declining}
          >
            {ENDORSEMENT_MESSAGES.decline}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        aria-label={ENDORSEMENT_MESSAGES.declineTitle}
        className="grid gap-3"
      >
        {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
        <TextAreaField
          label={ENDORSEMENT_MESSAGES.declineReasonLabel}
          required
          rows={4}
          hint={`${reason.length}/${MAX_REASON} characters`}
          error={errors.reason?.message}
          {...register('reason')}
        />
      </form>
    </Dialog>
  );
}
