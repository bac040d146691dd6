import { z } from 'zod';

/** The one error shape of the API (design section 4). */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  emailVerificationRequired: 'EMAIL_VERIFICATION_REQUIRED',
  /** An administrator deactivated the account: it cannot sign in. */
  accountDeactivated: 'ACCOUNT_DEACTIVATED',
  onboardingRequired: 'ONBOARDING_REQUIRED',
  alreadySignedIn: 'ALREADY_SIGNED_IN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** Another account claimed the Student ID and nobody proved it: the student may ask the administrator for it. */
  studentIdClaimed: 'STUDENT_ID_CLAIMED',
  /** An appointment short of the position's requirements, with the shortfall in fields; resend with confirm: true. */
  requirementsNotMet: 'REQUIREMENTS_NOT_MET',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  crossOrigin: 'CROSS_ORIGIN_REFUSED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
