import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { POSITION_TYPES, yearOrdinal, type LookupItem, type PositionInput } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SearchPicker } from '../../../components/ui/search-picker';
import { optionsOf, SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { fetchLookup } from '../../../lib/lookup';
import {
  positionFieldOf,
  positionResolver,
  type PositionFieldName,
  type PositionFormValues,
} from '../position-form-values';
import { RowsField } from './rows-field';

const TYPE_OPTIONS = optionsOf(POSITION_TYPES);
const YEAR_OPTIONS = [1, 2, 3, 4].map((year) => ({ value: String(year), label: yearOrdinal(year) }));
const searchUnits = (q: string, signal: AbortSignal) => fetchLookup('units', q, signal);

type PositionFormProps = {
  /** Names the form for screen readers. */
  label: string;
  defaultValues: PositionFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** A club coordinator's club: the unit is fixed to it. */
  fixedUnit?: LookupItem | null;
  /** Sends the position; resolves true when the form should start again empty. */
  onSubmit: (body: PositionInput) => Promise<boolean>;
  /** The line shown above the form when sending failed. */
  failureMessage: (error: unknown) => string;
  onCancel?: () => void;
};

/** The Add Position form (spec section 5), for creating and editing, checked with the server's rules. */
export function PositionForm({
  label,
  defaultValues,
  submitLabel,
  pendingLabel,
  pending,
  fixedUnit,
  onSubmit,
  failureMessage,
  onCancel,
}: PositionFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<PositionFormValues, unknown, PositionInput>({
    resolver: positionResolver,
    defaultValues,
    reValidateMode: 'onSubmit',
  });

  // A field's error clears as soon as it is edited (spec section 5); the rules run again on submit.
  const clearEdited = (...fields: PositionFieldName[]) => {
    clearErrors(fields);
    clearErrors('root');
  };
  const field = (name: PositionFieldName) => register(name, { onChange: () => clearEdited(name) });
  const positionType = useWatch({ control, name: 'positionType' });

  // A double click validates twice before the request is pending: only the first is sent.
  const sending = useRef(false);
  const onValid = async (body: PositionInput) => {
    if (sending.current) return;
    sending.current = true;
    try {
      if (await onSubmit(body)) reset(defaultValues);
    } catch (error) {
      let focused = false;
      if (error instanceof ApiError && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) {
          const name = positionFieldOf(path);
          if (!name) continue;
          setError(name, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        }
      }
      setError('root.server', { message: failureMessage(error) });
    } finally {
      sending.current = false;
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      aria-label={label}
      className="grid gap-4 sm:grid-cols-2"
    >
      {errors.root?.server?.message && (
        <Alert tone="error" className="sm:col-span-2">
          {errors.root.server.message}
        </Alert>
      )}
      <TextField
        label="Position title"
        required
        autoComplete="off"
        containerClassName="sm:col-span-2"
        error={errors.title?.message}
        {...field('title')}
      />
      <Controller
        control={control}
        name="unit"
        render={({ field: unit }) => (
          <SearchPicker
            label="Organizational unit"
            required
            placeholder="Search units"
            value={fixedUnit ?? unit.value}
            disabled={Boolean(fixedUnit)}
            hint={fixedUnit ? 'Your club.' : undefined}
            onChange={(item) => {
              unit.onChange(item);
              clearEdited('unit');
            }}
            search={searchUnits}
            queryKey={['lookup', 'units']}
            emptyText="No units match"
            error={errors.unit?.message}
          />
        )}
      />
      <SelectField
        label="Position type"
        required
        placeholder="Select a type"
        options={TYPE_OPTIONS}
        error={errors.positionType?.message}
        {...register('positionType', {
          onChange: () => clearEdited('positionType', 'customPositionType'),
        })}
      />
      {positionType === 'Other' && (
        <TextField
          label="Custom position type"
          required
          autoComplete="off"
          error={errors.customPositionType?.message}
          {...field('customPositionType')}
        />
      )}
      <TextField
        label="Number of positions"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        error={errors.positionCount?.message}
        {...field('positionCount')}
      />
      <TextAreaField
        label="Description"
        rows={3}
        containerClassName="sm:col-span-2"
        error={errors.description?.message}
        {...field('description')}
      />
      <div className="min-w-0 sm:col-span-2">
        <RowsField
          name="responsibilities"
          legend="Responsibilities"
          rowLabel="Responsibility"
          addLabel="Add responsibility"
          min={1}
          required
          control={control}
          register={register}
          error={errors.responsibilities?.message ?? errors.responsibilities?.root?.message}
          onEdit={() => clearEdited('responsibilities')}
        />
      </div>
      <fieldset className="grid min-w-0 gap-4 border-t border-line-soft pt-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="text-base font-semibold text-ink">Requirements</legend>
        <TextField
          label="Minimum CGPA"
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step={0.1}
          error={errors.minCgpa?.message}
          {...field('minCgpa')}
        />
        <SelectField
          label="Minimum year of study"
          options={YEAR_OPTIONS}
          error={errors.minYear?.message}
          {...field('minYear')}
        />
        <div className="min-w-0 sm:col-span-2">
          <RowsField
            name="skills"
            legend="Skills required"
            rowLabel="Skill"
            addLabel="Add skill"
            min={0}
            control={control}
            register={register}
            error={errors.skills?.message ?? errors.skills?.root?.message}
            onEdit={() => clearEdited('skills')}
          />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={pending} loadingText={pendingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
