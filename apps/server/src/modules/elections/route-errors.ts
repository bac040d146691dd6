import { ErrorBodySchema } from '@cosa/contracts';

/** The error answers of the elections' routes: a read's, and a change's (which may also meet a 409). */
export const readErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};
export const changeErrors = { ...readErrors, 409: ErrorBodySchema };
