import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  MIN_APPOINTMENT_DATE,
  POSITION_MESSAGES,
  SUBMISSION_MESSAGES,
  tenureYearOptions,
  type DeclarePositionRequest,
  type MyPosition,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SearchPicker } from '../../../components/ui/search-picker';
import { optionsOf, SelectField, type SelectOption } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { isoDateIn } from '../../../lib/format';
import { fetchLookup } from '../../../lib/lookup';
import { usePublicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useDeclarePosition } from '../api/declare-position';
import { useEditPosition } from '../api/edit-position';
import { STATUS_LABELS } from '../position-labels';
import {
  DEFAULTS,
  FIELD_OF,
  resolver,
  valuesOf,
  type FieldName,
  type FormValues,
} from './position-form-values';
import { TextAreaField } from '../../../components/ui/text-area-field';

const STATUS_OPTIONS: SelectOption[] = Object.entries(STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** 'Failed to create position.', with the server's reason when it gave one the student can act on. */
function failureMessage(error: unknown, fieldsShown: boolean): string {
  if (
    !fieldsShown &&
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message
  ) {
    return `${POSITION_MESSAGES.createFailedStudent} ${error.message}`;
  }
  return POSITION_MESSAGES.createFailedStudent;
}

const searchPositions = (q: string, signal: AbortSignal) => fetchLookup('positions', q, signal);
// Only a general secretary, the president or a club coordinator appoints.
const searchOfficials = (q: string, signal: AbortSignal) => fetchLookup('officials', q, signal);

type AddPositionFormProps = {
  holderName: string;
  onCreated: () => void;
  onCancel: () => void;
  /** The student's own record being edited; none to declare a new one. */
  editing?: MyPosition;
  /** Editing a declined record sends it back for verification. */
  resend?: boolean;
};

/**
 * The Add Position Holder form (spec section 5) for the student's own record: the holder is always
 * the signed-in student, so there is no user picker. It also edits a self-declared record, or
 * corrects a declined one, with the same rules and messages.
 */
export function AddPositionForm({
  holderName,
  onCreated,
  onCancel,
  editing,
  resend = false,
}: AddPositionFormProps) {
  const declare = useDeclarePosition();
  const edit = useEditPosition();
  const saving = editing ? edit : declare;
  // Newest first, as on /cosa/create: most records are of the last few years.
  const tenureOptions = useMemo(() => optionsOf(tenureYearOptions(new Date()).reverse()), []);
  const { data: config } = usePublicConfig();
  const today = isoDateIn(new Date(), config?.timeZone) ?? undefined;
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues, unknown, DeclarePositionRequest>({
    resolver,
    defaultValues: editing ? valuesOf(editing) : DEFAULTS,
    reValidateMode: 'onSubmit',
  });

  // A field's error clears as soon as it is edited (spec section 5); the rules run again on submit.
  const clearEdited = (...fields: FieldName[]) => {
    clearErrors(fields);
    clearErrors('root');
  };
  const clearing = (...fields: FieldName[]) => ({ onChange: () => clearEdited(...fields) });

  const onError = (error: unknown) => {
    let fieldsShown = false;
    if (error instanceof ApiError && error.fields) {
      for (const [path, message] of Object.entries(error.fields)) {
        const field = FIELD_OF[path];
        if (!field) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !fieldsShown });
        fieldsShown = true;
      }
    }
    setError('root.server', { message: failureMessage(error, fieldsShown) });
  };
  const onSubmit = handleSubmit((body) => {
    if (editing) {
      edit.mutate(
        { id: editing.id, body: { ...body, resend } },
        {
          onSuccess: () => {
            toast.success(
              resend ? SUBMISSION_MESSAGES.positionResent : SUBMISSION_MESSAGES.positionUpdated,
            );
            onCreated();
          },
          onError,
        },
      );
      return;
    }
    declare.mutate(body, {
      onSuccess: () => {
        toast.success(POSITION_MESSAGES.created);
        onCreated();
      },
      onError,
    });
  });
  const submitLabel = !editing
    ? 'Create Position'
    : resend
      ? SUBMISSION_MESSAGES.sendAgain
      : SUBMISSION_MESSAGES.saveEdit;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={
        !editing
          ? 'Add New Position-holder'
          : resend
            ? SUBMISSION_MESSAGES.positionResendTitle
            : SUBMISSION_MESSAGES.positionEditTitle
      }
      className="grid gap-4 sm:grid-cols-2"
    >
      {errors.root?.server?.message && (
        <Alert tone="error" className="sm:col-span-2">
          {errors.root.server.message}
        </Alert>
      )}
      <TextField
        label="Position holder"
        value={holderName}
        readOnly
        containerClassName="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="position"
          render={({ field }) => (
            <SearchPicker
              label="Position"
              required
              placeholder="Search positions"
              value={field.value}
              onChange={(item) => {
                field.onChange(item);
                clearEdited('position');
              }}
              search={searchPositions}
              queryKey={['lookup', 'positions']}
              error={errors.position?.message}
              emptyText="No positions match"
            />
          )}
        />
      </div>
      <SelectField
        label="Tenure year"
        placeholder="Select tenure year"
        options={tenureOptions}
        required
        error={errors.tenureYear?.message}
        {...register('tenureYear', clearing('tenureYear'))}
      />
      <SelectField
        label="Status"
        placeholder="Select status"
        options={STATUS_OPTIONS}
        required
        error={errors.status?.message}
        {...register('status', clearing('status'))}
      />
      <Controller
        control={control}
        name="appointedBy"
        render={({ field }) => (
          <SearchPicker
            label="Appointed by"
            placeholder="Search officials"
            hint="Optional: the general secretary, president or club coordinator who appointed you."
            value={field.value}
            onChange={(item) => {
              field.onChange(item);
              clearEdited('appointedBy');
            }}
            search={searchOfficials}
            queryKey={['lookup', 'officials']}
            error={errors.appointedBy?.message}
            emptyText="No officials match"
          />
        )}
      />
      <TextField
        label="Appointment date"
        type="date"
        min={MIN_APPOINTMENT_DATE}
        max={today}
        error={errors.appointmentDate?.message}
        {...register('appointmentDate', clearing('appointmentDate', 'appointedBy'))}
      />
      <TextField
        label="Events organized"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder="0"
        error={errors.eventsOrganized?.message}
        {...register('eventsOrganized', clearing('eventsOrganized'))}
      />
      <p className="self-center text-sm text-ink-muted">
        Budget utilized is read from the club money ledger.
      </p>
      <TextAreaField
        label="Feedback"
        containerClassName="sm:col-span-2"
        error={errors.feedback?.message}
        {...register('feedback', clearing('feedback'))}
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          loading={saving.isPending}
          loadingText={editing ? SUBMISSION_MESSAGES.saving : 'Creating...'}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
