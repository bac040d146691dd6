import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ACHIEVEMENT_LEVELS,
  ACHIEVEMENT_MESSAGES,
  ACHIEVEMENT_TYPES,
  addAchievementRequestSchema,
  SUBMISSION_MESSAGES,
  type Achievement,
  type AddAchievementRequest,
  type LookupItem,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LazySearchPicker, usePreloadSearchPicker } from '../../../components/ui/lazy-search-picker';
import { SelectField } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { isoDateIn } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAddAchievement } from '../api/add-achievement';
import { useEditAchievement } from '../api/edit-achievement';
import { useAchievementFacets } from '../api/get-my-achievements';
import { eventLookupKey, searchEvents } from '../api/search-events';
import { TextAreaField } from '../../../components/ui/text-area-field';

type SchemaInput = z.input<ReturnType<typeof addAchievementRequestSchema>>;
/** What the form holds: text everywhere, and no type chosen yet. */
type FormValues = Omit<SchemaInput, 'type'> & { type: SchemaInput['type'] | '' };

const EMPTY: FormValues = {
  title: '',
  description: '',
  category: '',
  type: '',
  level: '',
  eventId: '',
  dateAchieved: '',
  position: '',
  certificateUrl: '',
};
const FIELDS = [
  'title',
  'description',
  'category',
  'type',
  'level',
  'eventId',
  'dateAchieved',
  'position',
  'certificateUrl',
] as const;
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const TYPE_OPTIONS = ACHIEVEMENT_TYPES.map((value) => ({ value, label: capitalised(value) }));

/** 'Error submitting achievement: ' and what the server said of a refused request, or the spec's default. */
function failureMessage(error: unknown): string {
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status < 500
      ? error.message
      : ACHIEVEMENT_MESSAGES.submitDefault;
  return ACHIEVEMENT_MESSAGES.submitErrorPrefix + reason;
}

/** The form's values for an achievement already recorded. */
const valuesOf = (achievement: Achievement): FormValues => ({
  title: achievement.title,
  description: achievement.description ?? '',
  category: achievement.category ?? '',
  type: achievement.type,
  level: achievement.level ?? '',
  eventId: achievement.event?.id ?? '',
  dateAchieved: achievement.dateAchieved,
  position: achievement.position ?? '',
  certificateUrl: achievement.certificateUrl ?? '',
});

type AchievementFormProps = {
  /** The achievement being edited; none to add a new one. */
  editing?: Achievement;
  /** Editing a declined achievement sends it back for verification. */
  resend?: boolean;
  /** Called once saved (editing). */
  onSaved?: () => void;
  /** The actions beside the submit button: a link back, or Cancel. */
  secondary: ReactNode;
};

/**
 * The Add Achievement form (spec section 2), also used to edit a pending achievement or correct a
 * declined one, with the same rules and messages.
 */
export function AchievementForm({ editing, resend = false, onSaved, secondary }: AchievementFormProps) {
  const categoriesId = useId();
  const levelsId = useId();
  // The event picker's code (Downshift and its list) comes when the browser is idle after the form shows.
  usePreloadSearchPicker();
  // The date rule looks at today; the form is checked against the day it was opened.
  const schema = useMemo(() => addAchievementRequestSchema(), []);
  const today = isoDateIn(new Date()) ?? undefined;
  const facets = useAchievementFacets();
  const addAchievement = useAddAchievement();
  const editAchievement = useEditAchievement();
  const saving = editing ? editAchievement : addAchievement;
  const [event, setEvent] = useState<LookupItem | null>(
    editing?.event ? { id: editing.event.id, label: editing.event.title, detail: null } : null,
  );
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, AddAchievementRequest>({
    // The form also holds '' for "no type yet", which the schema refuses with its own message.
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, AddAchievementRequest>,
    defaultValues: editing ? valuesOf(editing) : EMPTY,
  });

  const levelSuggestions = useMemo(
    () => [...new Set([...ACHIEVEMENT_LEVELS, ...(facets.data?.levels ?? [])])],
    [facets.data],
  );

  const chooseEvent = (item: LookupItem | null) => {
    setEvent(item);
    setValue('eventId', item?.id ?? '', { shouldValidate: Boolean(errors.eventId) });
  };

  const onError = (error: unknown) => {
    applyFieldErrors(error, setError, FIELDS);
    setError('root.server', { message: failureMessage(error) });
  };
  const onSubmit = handleSubmit((body) => {
    if (editing) {
      editAchievement.mutate(
        { id: editing.id, body: { ...body, resend } },
        {
          onSuccess: () => {
            toast.success(
              resend ? SUBMISSION_MESSAGES.achievementResent : SUBMISSION_MESSAGES.achievementUpdated,
            );
            onSaved?.();
          },
          onError,
        },
      );
      return;
    }
    addAchievement.mutate(body, {
      onSuccess: () => {
        toast.success(ACHIEVEMENT_MESSAGES.submitted);
        reset(EMPTY);
        setEvent(null);
      },
      onError,
    });
  });
  const submitLabel = !editing
    ? 'Submit Achievement'
    : resend
      ? SUBMISSION_MESSAGES.sendAgain
      : SUBMISSION_MESSAGES.saveEdit;

  return (
    <form
      onSubmit={(submitEvent) => void onSubmit(submitEvent)}
      noValidate
      aria-label={
        !editing
          ? 'Add Achievement'
          : resend
            ? SUBMISSION_MESSAGES.achievementResendTitle
            : SUBMISSION_MESSAGES.achievementEditTitle
      }
      className="grid gap-4 sm:grid-cols-2"
    >
      <Alert tone="info" className="sm:col-span-2">
        {ACHIEVEMENT_MESSAGES.reviewNote}
      </Alert>
      {errors.root?.server?.message && (
        <Alert tone="error" className="sm:col-span-2">
          {errors.root.server.message}
        </Alert>
      )}
      <TextField
        label="Title"
        required
        autoComplete="off"
        containerClassName="sm:col-span-2"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Description"
        containerClassName="sm:col-span-2"
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Category"
        required
        autoComplete="off"
        list={categoriesId}
        hint="e.g. Hackathon, Olympiad, Sports Meet"
        error={errors.category?.message}
        {...register('category')}
      />
      <datalist id={categoriesId}>
        {(facets.data?.categories ?? []).map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <SelectField
        label="Type"
        required
        placeholder="Select a type"
        options={TYPE_OPTIONS}
        error={errors.type?.message}
        {...register('type')}
      />
      <TextField
        label="Level"
        autoComplete="off"
        list={levelsId}
        hint="e.g. international, national, college"
        error={errors.level?.message}
        {...register('level')}
      />
      <datalist id={levelsId}>
        {levelSuggestions.map((level) => (
          <option key={level} value={level} />
        ))}
      </datalist>
      <LazySearchPicker
        label="Event"
        value={event}
        onChange={chooseEvent}
        search={searchEvents}
        queryKey={eventLookupKey}
        placeholder="Search events"
        hint="Optional: the event where you achieved it."
        error={errors.eventId?.message}
      />
      <TextField
        label="Date achieved"
        type="date"
        required
        min="1950-01-01"
        max={today}
        error={errors.dateAchieved?.message}
        {...register('dateAchieved')}
      />
      <TextField
        label="Position"
        autoComplete="off"
        hint="e.g. 1st, Winner, Finalist"
        error={errors.position?.message}
        {...register('position')}
      />
      <TextField
        label="Certificate URL"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        containerClassName="sm:col-span-2"
        hint="An http or https link to your certificate."
        error={errors.certificateUrl?.message}
        {...register('certificateUrl')}
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        {secondary}
        <Button
          type="submit"
          loading={saving.isPending}
          loadingText={editing ? SUBMISSION_MESSAGES.saving : 'Submitting...'}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
