import type { ComponentProps, ReactNode } from 'react';
import { Field, useFieldControl } from './field';

type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
};

/** A labelled textarea with its error line, like TextField; works with react-hook-form's register. */
export function TextAreaField({
  label,
  error,
  hint,
  containerClassName,
  id,
  className,
  required,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  const { field, control } = useFieldControl({
    id,
    label,
    error,
    hint,
    required,
    containerClassName,
    className,
  });
  return (
    <Field {...field}>
      <textarea rows={rows} {...control} {...rest} />
    </Field>
  );
}
