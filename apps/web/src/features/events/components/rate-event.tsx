import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  EventRatingInputSchema,
  RATING_MAX,
  REGISTRATION_MESSAGES,
  type EventRatingInput,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StarInput } from '../../../components/ui/star-input';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useRateEvent } from '../api/rate-event';

/** What each star means, said to screen readers with the star and shown once chosen. */
const STAR_WORDS: Record<number, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};
const COMMENTS_MAX = 2000;
const SEND_FAILED = 'The rating could not be sent. Check your connection and try again.';

type FormValues = { rating: string; comments: string };

/** Checks the form with the shared request schema: a rating from 1 to 5, comments optional. */
const resolver: Resolver<FormValues, unknown, EventRatingInput> = (values) => {
  const parsed = EventRatingInputSchema.safeParse({
    rating: values.rating === '' ? undefined : Number(values.rating),
    comments: values.comments,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'comments' ? 'comments' : 'rating';
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

export type RateEventProps = {
  /** The event to rate; the page shows this form only while its `canRate` is true. */
  eventId: string;
  /** Named in the form's heading, so the form says which event it rates. */
  eventTitle: string;
};

/** An attendee's rating of an event: 1 to 5 stars and optional comments for its organisers. */
export function RateEvent({ eventId, eventTitle }: RateEventProps) {
  const rate = useRateEvent(eventId);
  const [done, setDone] = useState(false);
  const form = useForm<FormValues, unknown, EventRatingInput>({
    resolver,
    defaultValues: { rating: '', comments: '' },
  });
  const { register, handleSubmit, setError, control, formState } = form;
  const chosen = Number(useWatch({ control, name: 'rating' })) || 0;
  const ratingError = formState.errors.rating?.message;

  const submit = handleSubmit((body) =>
    rate.mutate(body, {
      onSuccess: () => {
        setDone(true);
        toast.success(REGISTRATION_MESSAGES.rated);
      },
      onError: (error) => {
        applyFieldErrors(error, setError, ['rating', 'comments']);
      },
    }),
  );

  if (done) return <Alert tone="success">{REGISTRATION_MESSAGES.rated}</Alert>;

  // The server's refusals say what happened (not an attendee, too early, rated already); a field's
  // message goes under its field instead.
  const refusal = !rate.isError
    ? null
    : rate.error instanceof ApiError
      ? rate.error.fields
        ? null
        : rate.error.message
      : SEND_FAILED;
  return (
    <form
      noValidate
      aria-labelledby="rate-event-heading"
      onSubmit={(event) => void submit(event)}
      className="flex min-w-0 flex-col gap-4"
    >
      <h2 id="rate-event-heading" className="text-lg font-semibold break-words text-ink">
        Rate {eventTitle}
      </h2>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <StarInput
        legend="Your rating"
        value={String(chosen || '')}
        radio={register('rating')}
        starLabel={(star) => `${star} ${star === 1 ? 'star' : 'stars'}: ${STAR_WORDS[star]}`}
        summary={chosen ? `${chosen} of ${RATING_MAX}: ${STAR_WORDS[chosen]}` : 'Not rated yet'}
        error={ratingError}
        errorId="rate-event-rating-error"
      />
      <TextAreaField
        label="Comments (optional)"
        hint="Your comments reach the event's organisers as feedback, with your name."
        maxLength={COMMENTS_MAX}
        error={formState.errors.comments?.message}
        {...register('comments')}
      />
      <div>
        <Button type="submit" loading={rate.isPending} loadingText="Sending...">
          Submit rating
        </Button>
      </div>
    </form>
  );
}
