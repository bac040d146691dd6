import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  JoinRequestInputSchema,
  MEMBERSHIP_MESSAGES,
  type ClubPage,
  type JoinRequestInput,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useAskToJoin } from '../api/club-actions';

/** The longest answer the server takes. */
const MAX_ANSWER = 1000;
const SEND_FAILED = 'Your request could not be sent. Check your connection and try again.';

type Values = { answer: string };

/** The answer is required when the club asks a question, and optional otherwise. */
const schemaFor = (question: string | null) =>
  JoinRequestInputSchema.refine((input) => !question || Boolean(input.answer), {
    path: ['answer'],
    message: MEMBERSHIP_MESSAGES.answerRequired,
  });

/** 'Ask to join': a dialog with the club's question, whose answer goes to the club's coordinator. */
export function AskToJoinDialog({ club }: { club: ClubPage }) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const ask = useAskToJoin(club.id);
  const question = club.joinQuestion;
  const resolver = useMemo(() => zodResolver(schemaFor(question)) as never, [question]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, JoinRequestInput>({ resolver, defaultValues: { answer: '' } });
  const answer = useWatch({ control, name: 'answer' }) ?? '';

  const change = (next: boolean) => {
    if (ask.isPending) return;
    // Closing keeps what was typed, for when the dialog opens again; sending clears it.
    if (!next) {
      clearErrors();
      ask.reset();
    }
    setOpen(next);
  };

  const onValid = (input: JoinRequestInput) =>
    ask.mutate(input.answer ?? null, {
      onSuccess: () => {
        toast.success(`Request sent to ${club.name}.`);
        reset();
        setOpen(false);
      },
      onError: (error) => {
        if (applyFieldErrors(error, setError, ['answer'])) return;
        const message =
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : SEND_FAILED;
        setError('root.server', { message });
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      size="sm"
      trigger={<Button>Ask to join</Button>}
      title={`Ask to join ${club.name}`}
      description="The club's coordinator reads your request and accepts or declines it."
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)} disabled={ask.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={ask.isPending} loadingText="Sending...">
            Send request
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={`Ask to join ${club.name}`}
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        className="grid gap-3"
      >
        {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
        <TextAreaField
          label={question ?? 'A note to the club (optional)'}
          required={Boolean(question)}
          rows={4}
          hint={`${answer.length}/${MAX_ANSWER} characters`}
          error={errors.answer?.message}
          {...register('answer')}
        />
      </form>
    </Dialog>
  );
}
