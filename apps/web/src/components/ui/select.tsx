import type { ComponentProps, ReactNode } from 'react';
import { Field, useFieldControl } from './field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice such as 'Select a program'. */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
};

/** A labelled native select: keyboard and screen-reader friendly on every phone. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  containerClassName,
  id,
  className,
  required,
  ...rest
}: SelectFieldProps) {
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
      <select {...control} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Options from a list of plain strings. */
export function optionsOf(values: readonly string[]): SelectOption[] {
  return values.map((value) => ({ value, label: value }));
}
