import type { ReactNode } from 'react';
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
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full min-w-0 rounded-lg border bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-muted sm:text-sm',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
    'disabled:cursor-not-allowed disabled:bg-canvas read-only:bg-canvas',
    invalid ? 'border-danger-700' : 'border-line',
  );

/** A label, the control, an optional hint and the error line under it. */
export function Field({ id, label, error, hint, required, className, children }: FieldProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
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
