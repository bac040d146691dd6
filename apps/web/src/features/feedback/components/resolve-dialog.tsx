import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEEDBACK_DESK_MESSAGES,
  ResolveFeedbackRequestSchema,
  type FeedbackItem,
  type ResolveFeedbackRequest,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useResolveFeedback } from '../api/resolve-feedback';

type Submit = ReturnType<typeof useResolveFeedback>['mutate'];

/**
 * What the official reads when the resolution fails: the server's own words when they say why
 * (resolved by someone else first, feedback about the official, feedback gone), otherwise a retry hint.
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && [403, 404, 409].includes(error.status)) return error.message;
  return FEEDBACK_DESK_MESSAGES.resolveFailed;
}

type ResolveFormProps = { id: string; feedback: FeedbackItem; submit: Submit; onResolved: () => void };

function ResolveForm({ id, feedback, submit, onResolved }: ResolveFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResolveFeedbackRequestSchema),
    defaultValues: { actionsTaken: '' },
  });

  // A double click validates twice before the request is pending: only the first valid submit is sent.
  const sending = useRef(false);
  const onValid = (body: ResolveFeedbackRequest) => {
    if (sending.current) return;
    sending.current = true;
    submit(
      { id: feedback.id, body },
      {
        onSuccess: () => {
          sending.current = false;
          toast.success(FEEDBACK_DESK_MESSAGES.resolvedToast);
          onResolved();
        },
        onError: (error) => {
          sending.current = false;
          if (!applyFieldErrors(error, setError, ['actionsTaken']))
            setError('root.server', { message: failureMessage(error) });
        },
      },
    );
  };

  return (
    <form
      id={id}
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      aria-label={FEEDBACK_DESK_MESSAGES.resolveTitle}
      className="grid gap-4"
    >
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <TextAreaField
        label={FEEDBACK_DESK_MESSAGES.actionsLabel}
        required
        rows={5}
        // The one field of the dialog: typing can start at once.
        autoFocus
        error={errors.actionsTaken?.message}
        {...register('actionsTaken')}
      />
    </form>
  );
}

type ResolveDialogProps = {
  feedback: FeedbackItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The resolve dialog (spec section 2): the official writes down the actions taken; the resolver is whoever is signed in. */
export function ResolveDialog({ feedback, open, onOpenChange }: ResolveDialogProps) {
  const formId = useId();
  const resolve = useResolveFeedback();
  // While the request is on its way the dialog stays, so its answer is seen.
  const change = (next: boolean) => {
    if (!next && resolve.isPending) return;
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={FEEDBACK_DESK_MESSAGES.resolveTitle}
      description={feedback ? `${feedback.type} about ${feedback.target.label}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={resolve.isPending}
            loadingText={FEEDBACK_DESK_MESSAGES.resolving}
          >
            {FEEDBACK_DESK_MESSAGES.markResolved}
          </Button>
        </>
      }
    >
      {feedback && (
        <ResolveForm
          key={feedback.id}
          id={formId}
          feedback={feedback}
          submit={resolve.mutate}
          onResolved={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}
