import { useMemo } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  DeclarePositionRequestSchema,
  MIN_APPOINTMENT_DATE,
  POSITION_MESSAGES,
  tenureYearOptions,
  type DeclarePositionRequest,
  type LookupItem,
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
import { STATUS_LABELS } from '../position-labels';
import { TextAreaField } from '../../../components/ui/text-area-field';

type FormValues = {
  position: LookupItem | null;
  tenureYear: string;
  status: string;
  appointedBy: LookupItem | null;
  appointmentDate: string;
  eventsOrganized: string;
  budgetUtilized: string;
  feedback: string;
};
type FieldName = keyof FormValues;

/** Where each request field (a dotted path, as zod and the server name it) is shown in the form. */
const FIELD_OF: Record<string, FieldName> = {
  positionId: 'position',
  tenureYear: 'tenureYear',
  status: 'status',
  appointment: 'appointedBy',
  'appointment.appointedById': 'appointedBy',
  'appointment.date': 'appointmentDate',
  'metrics.eventsOrganized': 'eventsOrganized',
  'metrics.budgetUtilized': 'budgetUtilized',
  'metrics.feedback': 'feedback',
};

const STATUS_OPTIONS: SelectOption[] = Object.entries(STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const DEFAULTS: FormValues = {
  position: null,
  tenureYear: '',
  status: 'active',
  appointedBy: null,
  appointmentDate: '',
  eventsOrganized: '',
  budgetUtilized: '',
  feedback: '',
};

/** The form as the request schema reads it; an appointment with neither part is left out. */
function toRequest(values: FormValues): unknown {
  const appointment =
    values.appointedBy || values.appointmentDate
      ? { appointedById: values.appointedBy?.id, date: values.appointmentDate }
      : undefined;
  return {
    positionId: values.position?.id ?? '',
    tenureYear: values.tenureYear,
    status: values.status,
    appointment,
    metrics: {
      eventsOrganized: values.eventsOrganized,
      budgetUtilized: values.budgetUtilized,
      feedback: values.feedback,
    },
  };
}

/** Checks the form with the shared request schema and puts each message under its field. */
const resolver: Resolver<FormValues, unknown, DeclarePositionRequest> = (values) => {
  const parsed = DeclarePositionRequestSchema.safeParse(toRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')] ?? 'position';
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

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

type AddPositionFormProps = { holderName: string; onCreated: () => void; onCancel: () => void };

/**
 * The Add Position Holder form (spec section 5) for the student's own record: the holder is always
 * the signed-in student, so there is no user picker.
 */
export function AddPositionForm({ holderName, onCreated, onCancel }: AddPositionFormProps) {
  const declare = useDeclarePosition();
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
    defaultValues: DEFAULTS,
    reValidateMode: 'onSubmit',
  });

  // A field's error clears as soon as it is edited (spec section 5); the rules run again on submit.
  const clearEdited = (...fields: FieldName[]) => {
    clearErrors(fields);
    clearErrors('root');
  };
  const clearing = (...fields: FieldName[]) => ({ onChange: () => clearEdited(...fields) });

  const onSubmit = handleSubmit((body) =>
    declare.mutate(body, {
      onSuccess: () => {
        toast.success(POSITION_MESSAGES.created);
        onCreated();
      },
      onError: (error) => {
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
      },
    }),
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Add New Position-holder"
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
      <TextField
        label="Budget utilized (₹)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        placeholder="0"
        error={errors.budgetUtilized?.message}
        {...register('budgetUtilized', clearing('budgetUtilized'))}
      />
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
        <Button type="submit" loading={declare.isPending} loadingText="Creating...">
          Create Position
        </Button>
      </div>
    </form>
  );
}
