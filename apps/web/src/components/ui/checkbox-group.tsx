import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type CheckboxGroupProps = {
  legend: string;
  hint: string;
  options: readonly string[];
  /** One registration for every box: react-hook-form gathers the ticked values into a list. */
  registration: UseFormRegisterReturn;
  error?: string;
};

/** Ticked values from a list, as a labelled group with its hint and error line. */
export function CheckboxGroup({ legend, hint, options, registration, error }: CheckboxGroupProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
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
