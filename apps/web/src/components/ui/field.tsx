import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
};

/** Ids of the hint and error lines a control should name in aria-describedby. */
function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full min-w-0 rounded-lg border bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-muted sm:text-sm',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
    'disabled:cursor-not-allowed disabled:bg-canvas read-only:bg-canvas',
    invalid ? 'border-danger-700' : 'border-line',
  );

/** What every labelled control shares: the surrounding field's props and the control's own. */
export type ControlOptions = {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  containerClassName?: string;
  className?: string;
};

/** The Field props and the id, required, ARIA and class attributes of one labelled control. */
export function useFieldControl({
  id,
  label,
  error,
  hint,
  required,
  containerClassName,
  className,
}: ControlOptions) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return {
    field: { id: controlId, label, error, hint, required, className: containerClassName },
    control: {
      id: controlId,
      required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(controlId, error, hint),
      className: cn(controlClasses(Boolean(error)), className),
    },
  };
}

/** A label, the control, an optional hint and the error line under it. */
export function Field({ id, label, error, hint, required, className, children }: FieldProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium break-words text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger-700">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
