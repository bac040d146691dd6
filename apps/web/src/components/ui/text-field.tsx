import type { ComponentProps, ReactNode } from 'react';
import { Field, useFieldControl } from './field';

type Common = { label: ReactNode; error?: string; hint?: ReactNode; containerClassName?: string };

export type TextFieldProps = ComponentProps<'input'> & Common;

/** A labelled input with its error line; works with react-hook-form's register. */
export function TextField({
  label,
  error,
  hint,
  containerClassName,
  id,
  className,
  required,
  ...rest
}: TextFieldProps) {
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
      <input {...control} {...rest} />
    </Field>
  );
}
