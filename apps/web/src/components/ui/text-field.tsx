import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, describedBy, Field } from './field';

type Common = { label: ReactNode; error?: string; hint?: ReactNode; containerClassName?: string };

export type TextFieldProps = ComponentProps<'input'> & Common;

/** A labelled input with its error line; works with react-hook-form's register. */
export function TextField({ label, error, hint, containerClassName, id, className, required, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} required={required} className={containerClassName}>
      <input
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(controlClasses(Boolean(error)), className)}
        {...rest}
      />
    </Field>
  );
}

export type TextAreaFieldProps = ComponentProps<'textarea'> & Common;

export function TextAreaField({ label, error, hint, containerClassName, id, className, required, rows = 4, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} required={required} className={containerClassName}>
      <textarea
        id={inputId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(controlClasses(Boolean(error)), className)}
        {...rest}
      />
    </Field>
  );
}
