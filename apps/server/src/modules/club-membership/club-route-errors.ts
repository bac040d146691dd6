import { ErrorBodySchema } from '@cosa/contracts';

/** The refusals every route of clubs' membership and roster may answer. */
export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
