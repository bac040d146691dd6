import type { ChangeEvent } from 'react';

type TextInput = { onChange: (event: ChangeEvent<HTMLInputElement>) => unknown };

/** Wraps an input's props (a registered field of either form kind) so it keeps digits only, whatever is typed or pasted. */
export function digitsOnly<Field extends TextInput>(field: Field): Field {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.target;
      const digits = input.value.replace(/\D/g, '');
      if (digits !== input.value) input.value = digits;
      return field.onChange(event);
    },
  };
}
