import type { UseFormRegisterReturn } from 'react-hook-form';
import { DISCIPLINES, PROGRAMS } from '@cosa/contracts';
import { TextField } from '../../../components/ui/text-field';

type CheckboxGroupProps = {
  legend: string;
  hint: string;
  options: readonly string[];
  /** One registration for every box: react-hook-form gathers the ticked values into a list. */
  registration: UseFormRegisterReturn;
  error?: string;
  idPrefix: string;
};

/** Ticked values from a list, as a labelled group with its hint and error line. */
function CheckboxGroup({ legend, hint, options, registration, error, idPrefix }: CheckboxGroupProps) {
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset
      className="min-w-0 sm:col-span-2"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <p id={hintId} className="text-xs text-ink-muted">
        {hint}
      </p>
      <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex min-h-9 items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              value={option}
              className="size-5 shrink-0 accent-accent"
              {...registration}
            />
            <span className="min-w-0 break-words">{option}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type EligibilityFieldsProps = {
  batchYears: UseFormRegisterReturn;
  programs: UseFormRegisterReturn;
  disciplines: UseFormRegisterReturn;
  errors: { batchYears?: string; programs?: string; disciplines?: string };
};

/**
 * Who may register, checked against the institute's record of each student: batch (admission)
 * years, programs and disciplines. A part left empty admits everyone.
 */
export function EligibilityFields({
  batchYears,
  programs,
  disciplines,
  errors,
}: EligibilityFieldsProps) {
  return (
    <>
      <p className="text-sm text-ink-muted sm:col-span-2">
        Who may register, read from the institute&apos;s record of each student. Leave a part empty to
        admit everyone.
      </p>
      <TextField
        label="Batch years"
        autoComplete="off"
        placeholder="e.g. 2024, 2025"
        hint="Admission years, separated by commas."
        containerClassName="sm:col-span-2"
        error={errors.batchYears}
        {...batchYears}
      />
      <CheckboxGroup
        legend="Programs"
        hint="Tick the programs that may register."
        options={PROGRAMS}
        registration={programs}
        error={errors.programs}
        idPrefix="eligible-programs"
      />
      <CheckboxGroup
        legend="Disciplines"
        hint="Tick the disciplines that may register."
        options={DISCIPLINES}
        registration={disciplines}
        error={errors.disciplines}
        idPrefix="eligible-disciplines"
      />
    </>
  );
}
