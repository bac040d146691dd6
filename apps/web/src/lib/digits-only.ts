import type { UseFormRegisterReturn } from 'react-hook-form';

/** Wraps a registered input so it keeps digits only, whatever is typed or pasted. */
export function digitsOnly<Name extends string>(
  field: UseFormRegisterReturn<Name>,
): UseFormRegisterReturn<Name> {
  return {
    ...field,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      const digits = input.value.replace(/\D/g, '');
      if (digits !== input.value) input.value = digits;
      return field.onChange(event);
    },
  };
}
