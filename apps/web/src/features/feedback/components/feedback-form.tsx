import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_TARGET_LOOKUP,
  FEEDBACK_TARGET_TYPE_VALUES,
  FEEDBACK_TYPES,
  SubmitFeedbackRequestSchema,
  type LookupItem,
  type SubmitFeedbackRequest,
} from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { LazySearchPicker, usePreloadSearchPicker } from '../../../components/ui/lazy-search-picker';
import { optionsOf, SelectField } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { fetchLookup } from '../../../lib/lookup';
import { toast } from '../../../lib/toast';
import { useSubmitFeedback } from '../api/submit-feedback';
import { StarRating } from './star-rating';
import { TextAreaField } from '../../../components/ui/text-area-field';

type TargetType = (typeof FEEDBACK_TARGET_TYPE_VALUES)[number];

type FormValues = {
  type: string;
  targetType: string;
  target: LookupItem | null;
  rating: string;
  comments: string;
  isAnonymous: boolean;
};
type FieldName = keyof FormValues;

/** Where each request field is shown in the form. */
const FIELD_OF: Record<string, FieldName> = {
  type: 'type',
  targetType: 'targetType',
  targetId: 'target',
  rating: 'rating',
  comments: 'comments',
  isAnonymous: 'isAnonymous',
};

const DEFAULTS: FormValues = {
  type: '',
  targetType: '',
  target: null,
  rating: '',
  comments: '',
  isAnonymous: false,
};

const TYPE_OPTIONS = optionsOf(FEEDBACK_TYPES);
const TARGET_TYPE_OPTIONS = optionsOf(FEEDBACK_TARGET_TYPE_VALUES);

const TARGET_PLACEHOLDERS: Record<TargetType, string> = {
  User: 'Search people by name or ID',
  Event: 'Search events',
  'Club/Organization': 'Search clubs and organizations',
  POR: 'Search positions',
};

function isTargetType(value: string): value is TargetType {
  return (FEEDBACK_TARGET_TYPE_VALUES as readonly string[]).includes(value);
}

/** Checks the form with the shared request schema; the body it gives has no author and no blank rating. */
const resolver: Resolver<FormValues, unknown, SubmitFeedbackRequest> = (values) => {
  const parsed = SubmitFeedbackRequestSchema.safeParse({
    type: values.type,
    targetType: values.targetType,
    targetId: values.target?.id ?? '',
    rating: values.rating,
    comments: values.comments,
    isAnonymous: values.isAnonymous,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')] ?? 'comments';
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** The feedback form (spec sections 2 and 5): the target list follows the chosen target type. */
export function FeedbackForm() {
  const submit = useSubmitFeedback();
  // The target picker's code (Downshift and its list) comes when the browser is idle after the form shows.
  usePreloadSearchPicker();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, SubmitFeedbackRequest>({
    resolver,
    defaultValues: DEFAULTS,
    reValidateMode: 'onSubmit',
  });
  const targetType = useWatch({ control, name: 'targetType' });
  const rating = useWatch({ control, name: 'rating' });
  const kind = isTargetType(targetType) ? FEEDBACK_TARGET_LOOKUP[targetType] : null;

  // A field's error clears as soon as it is edited; the rules run again on submit.
  const clearing = (field: FieldName) => ({ onChange: () => clearErrors(field) });

  const onSubmit = handleSubmit((body) =>
    submit.mutate(body, {
      onSuccess: () => {
        toast.success(FEEDBACK_MESSAGES.submitted);
        reset(DEFAULTS);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const [path, message] of Object.entries(error.fields)) {
            const field = FIELD_OF[path];
            if (field) setError(field, { type: 'server', message });
          }
        }
        toast.error(FEEDBACK_MESSAGES.failed);
      },
    }),
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Feedback form"
      className="grid gap-4 sm:grid-cols-2"
    >
      <SelectField
        label="Feedback type"
        placeholder="Select feedback type"
        options={TYPE_OPTIONS}
        required
        error={errors.type?.message}
        {...register('type', clearing('type'))}
      />
      <SelectField
        label="Target type"
        placeholder="Select target type"
        options={TARGET_TYPE_OPTIONS}
        required
        error={errors.targetType?.message}
        {...register('targetType', {
          onChange: () => {
            clearErrors(['targetType', 'target']);
            // The chosen target belongs to the old type's list.
            setValue('target', null);
          },
        })}
      />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="target"
          render={({ field }) => (
            <LazySearchPicker
              label="Target"
              required
              disabled={!kind}
              hint={kind ? undefined : 'Choose a target type first.'}
              placeholder={isTargetType(targetType) ? TARGET_PLACEHOLDERS[targetType] : undefined}
              value={field.value}
              onChange={(item) => {
                field.onChange(item);
                clearErrors('target');
              }}
              search={(q, signal) => fetchLookup(kind ?? 'users', q, signal)}
              queryKey={['lookup', kind]}
              error={errors.target?.message}
            />
          )}
        />
      </div>
      <div className="sm:col-span-2">
        <StarRating
          value={rating}
          radio={register('rating', clearing('rating'))}
          onClear={() => setValue('rating', '')}
          error={errors.rating?.message}
        />
      </div>
      <TextAreaField
        label="Comments"
        required
        rows={5}
        maxLength={5000}
        containerClassName="sm:col-span-2"
        error={errors.comments?.message}
        {...register('comments', clearing('comments'))}
      />
      <div className="flex items-start gap-3 sm:col-span-2">
        <input
          id="feedback-anonymous"
          type="checkbox"
          aria-describedby="feedback-anonymous-note"
          className="mt-0.5 size-5 shrink-0 accent-accent"
          {...register('isAnonymous')}
        />
        <div className="min-w-0">
          <label htmlFor="feedback-anonymous" className="text-sm font-medium text-ink">
            Submit anonymously
          </label>
          <p id="feedback-anonymous-note" className="text-xs text-ink-muted">
            {FEEDBACK_MESSAGES.anonymousNote}
          </p>
        </div>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" fullWidth loading={submit.isPending} loadingText="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}
