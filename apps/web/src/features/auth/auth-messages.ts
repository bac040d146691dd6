import { AUTH_MESSAGES } from '@cosa/contracts';
import { ApiError } from '../../lib/api-client';

const GOOGLE_ERRORS: Record<string, string> = {
  google_unverified: AUTH_MESSAGES.googleUnverified,
  google_domain: AUTH_MESSAGES.googleDomainOnly,
  google_failed: AUTH_MESSAGES.googleFailed,
  // The Google account is right, but an administrator deactivated the portal account.
  account_deactivated: AUTH_MESSAGES.accountDeactivated,
};

/** The message for the ?error= the server's Google sign-in sends back to /login. */
export function googleErrorMessage(code: string | null): string | null {
  return code ? (GOOGLE_ERRORS[code] ?? AUTH_MESSAGES.googleFailed) : null;
}

/** The server's own message for a refusal it explains (4xx), otherwise the fallback. */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}
