import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { FormCheck } from '@cosa/contracts';

/**
 * A react-hook-form resolver from one of the contracts' form checks (auth-forms.ts): the sign-in
 * pages validate with the API's rules and messages without loading zod.
 */
export function formCheckResolver<Values extends FieldValues>(
  check: (values: Values) => FormCheck<Values>,
): Resolver<Values> {
  return (input) => {
    const { values, errors } = check(input);
    const refused = Object.entries(errors) as [string, string][];
    if (refused.length === 0) return { values, errors: {} };
    const fieldErrors = Object.fromEntries(
      refused.map(([field, message]) => [field, { type: 'validate', message }]),
    ) as FieldErrors<Values>;
    return { values: {}, errors: fieldErrors };
  };
}
