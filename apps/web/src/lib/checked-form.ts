import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormCheck } from '@cosa/contracts';
import { ApiError } from './api-client';

type Messages<Values> = Partial<Record<keyof Values & string, string>>;

/** What a text field of the form takes: spread it on a TextField or an input. */
export type CheckedField = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (element: HTMLInputElement | null) => void;
};

type Options<Values> = {
  initial: Values;
  /** The form's rules: the values as sent, or the first message of each refused field. */
  check: (values: Values) => FormCheck<Values>;
  /**
   * When a field's message is checked again after the first submit: as the field changes
   * ('change', the default), or only at the next submit ('submit').
   */
  recheck?: 'change' | 'submit';
};

/**
 * A small form of text fields checked by one of the contracts' zod-free form checks
 * (contracts/auth-forms.ts), for the sign-in pages, which load no form library: each field's
 * first message shows under it, the first refused field takes focus, and the server's field
 * messages go under their fields too.
 */
export function useCheckedForm<Values extends Record<string, string>>({
  initial,
  check,
  recheck = 'change',
}: Options<Values>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Messages<Values>>({});
  /** The form's own message, above its fields: a refusal the server gave for no one field. */
  const [failure, setFailure] = useState<string | null>(null);
  const submitted = useRef(false);
  const elements = useRef(new Map<string, HTMLInputElement>());
  const order = Object.keys(initial) as (keyof Values & string)[];

  const focusFirst = (messages: Messages<Values>) => {
    const first = order.find((name) => messages[name]);
    if (first) elements.current.get(first)?.focus();
  };

  const field = (name: keyof Values & string): CheckedField => ({
    name,
    value: values[name] as string,
    onChange: (event) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (!submitted.current || recheck !== 'change') return;
      const message = check(next).errors[name];
      setErrors(
        ({ [name]: _, ...others }) =>
          (message ? { ...others, [name]: message } : others) as Messages<Values>,
      );
    },
    ref: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  });

  /** Checks the fields on submit and passes the values as sent to `onValid` when none is refused. */
  const handleSubmit = (onValid: (values: Values) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    setFailure(null);
    const result = check(values);
    const found = result.errors as Messages<Values>;
    setErrors(found);
    if (Object.keys(found).length > 0) focusFirst(found);
    else onValid(result.values);
  };

  /** Puts the server's field messages under the fields named; true when at least one found its field. */
  const showFieldErrors = (error: unknown, names: readonly (keyof Values & string)[]): boolean => {
    if (!(error instanceof ApiError) || !error.fields) return false;
    const fields = error.fields;
    const found = Object.fromEntries(
      names.filter((name) => fields[name]).map((name) => [name, fields[name]]),
    ) as Messages<Values>;
    if (Object.keys(found).length === 0) return false;
    setErrors(found);
    focusFirst(found);
    return true;
  };

  return { field, errors, failure, setFailure, handleSubmit, showFieldErrors };
}
