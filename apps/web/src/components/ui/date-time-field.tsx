import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field';

type DateTimeFieldProps = {
  /** e.g. 'Start': the inputs are labelled 'Start date' and 'Start time'. */
  label: string;
  date: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
  /** One message for the pair, under both inputs and named by each. */
  error?: string;
  /** A line under the pair, named by each input, e.g. what leaving it empty means. */
  hint?: ReactNode;
};

/** A date and a time entered on the institute's clock, as one field with one error line. */
export function DateTimeField({ label, date, time, error, hint }: DateTimeFieldProps) {
  const errorId = useId();
  const hintId = useId();
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const described = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="grid gap-3 min-[28rem]:grid-cols-2">
        <TextField label={`${label} date`} type="date" {...described} {...date} />
        <TextField label={`${label} time`} type="time" {...described} {...time} />
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
