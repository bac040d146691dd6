import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { DISCIPLINES, MAX_PROPOSERS, MAX_SEATS, PROGRAMS, type ElectionInput } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { LazySearchPicker } from '../../../components/ui/lazy-search-picker';
import { TextField } from '../../../components/ui/text-field';
import { positionLookupKey, searchPositions, searchUnits, unitLookupKey } from '../api/search-lookups';
import type { ElectionFormValues, PostFormValues } from '../election-form-values';
import { CheckboxGroup } from '../../../components/ui/checkbox-group';

type PostFieldsProps = {
  index: number;
  control: Control<ElectionFormValues, unknown, ElectionInput>;
  register: UseFormRegister<ElectionFormValues>;
  errors: FieldErrors<PostFormValues> | undefined;
  /** Clears a field's message as soon as it is edited. */
  onEdit: (field: keyof PostFormValues) => void;
  /** Takes the post out of the form; none when it is the only one. */
  onRemove?: () => void;
};

/** One post of the election: its position and seats, who votes for it, and the proposers a nomination needs. */
export function PostFields({ index, control, register, errors, onEdit, onRemove }: PostFieldsProps) {
  const name = <K extends keyof PostFormValues>(field: K) => `posts.${index}.${field}` as const;
  const field = (
    key: 'seats' | 'proposersNeeded' | 'voterBatchYears' | 'voterPrograms' | 'voterDisciplines',
  ) => register(name(key), { onChange: () => onEdit(key) });
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-card border border-line-soft p-3 sm:grid-cols-2 sm:p-4">
      <legend className="px-1 text-base font-semibold text-ink">Post {index + 1}</legend>
      <Controller
        control={control}
        name={name('position')}
        render={({ field: position }) => (
          <LazySearchPicker
            label="Position"
            required
            placeholder="Search positions"
            value={position.value}
            onChange={(item) => {
              position.onChange(item);
              onEdit('position');
            }}
            search={searchPositions}
            queryKey={positionLookupKey}
            emptyText="No positions match"
            error={errors?.position?.message}
          />
        )}
      />
      <TextField
        label="Seats"
        required
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_SEATS}
        step={1}
        error={errors?.seats?.message}
        {...field('seats')}
      />
      <TextField
        label="Proposers needed"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_PROPOSERS}
        step={1}
        hint="Eligible voters who must propose each nomination; 0 for none."
        error={errors?.proposersNeeded?.message}
        {...field('proposersNeeded')}
      />
      <p className="text-sm text-ink-muted sm:col-span-2">
        Who votes, read from the institute&apos;s record of each student. Leave a part empty for every
        student.
      </p>
      <TextField
        label="Batch years"
        autoComplete="off"
        placeholder="e.g. 2024, 2025"
        hint="Admission years, separated by commas."
        error={errors?.voterBatchYears?.message}
        {...field('voterBatchYears')}
      />
      <Controller
        control={control}
        name={name('voterUnit')}
        render={({ field: unit }) => (
          <LazySearchPicker
            label="Members of a club or council"
            placeholder="Search clubs and councils"
            hint="Only its current members vote (for a council, the members of its clubs)."
            value={unit.value}
            onChange={(item) => {
              unit.onChange(item);
              onEdit('voterUnit');
            }}
            search={searchUnits}
            queryKey={unitLookupKey}
            emptyText="No clubs or councils match"
            error={errors?.voterUnit?.message}
          />
        )}
      />
      <CheckboxGroup
        legend="Programs"
        hint="Tick the programs whose students vote."
        options={PROGRAMS}
        registration={field('voterPrograms')}
        error={errors?.voterPrograms?.message}
      />
      <CheckboxGroup
        legend="Disciplines"
        hint="Tick the disciplines whose students vote."
        options={DISCIPLINES}
        registration={field('voterDisciplines')}
        error={errors?.voterDisciplines?.message}
      />
      {onRemove && (
        <div className="sm:col-span-2">
          <Button variant="secondary" size="sm" onClick={onRemove}>
            Remove post {index + 1}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
