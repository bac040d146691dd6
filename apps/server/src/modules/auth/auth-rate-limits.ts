import type { AttemptLimit } from '../../lib/attempt-counter';
import { byEmail, byEmailAndIp, byIp, type AttemptRule } from '../../lib/rate-limiter';

const MINUTE_MS = 60_000;

/**
 * How many attempts the account pages allow. Sign-in is limited three ways: tightly per account
 * and address, so guessing from one address stops soon without locking the owner out elsewhere;
 * per address, across accounts; and per account, high enough that one address never reaches it
 * alone (5 per 15 minutes is at most 25 in an hour) but low enough to stop slow distributed guessing.
 */
export const AUTH_RATE_LIMITS = {
  loginPerAccountAndIp: { max: 5, windowMs: 15 * MINUTE_MS },
  loginPerIp: { max: 50, windowMs: 15 * MINUTE_MS },
  loginPerAccount: { max: 50, windowMs: 60 * MINUTE_MS },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE_MS },
  forgotPasswordPerIp: { max: 5, windowMs: 15 * MINUTE_MS },
  // Per address and e-mail tightly, per e-mail loosely: one address cannot keep the owner from resetting.
  forgotPasswordPerEmailAndIp: { max: 3, windowMs: 60 * MINUTE_MS },
  forgotPasswordPerEmail: { max: 10, windowMs: 60 * MINUTE_MS },
  /** Checks and uses of reset links together. */
  resetPasswordPerIp: { max: 20, windowMs: 15 * MINUTE_MS },
  verifyEmailPerIp: { max: 20, windowMs: 15 * MINUTE_MS },
  resendVerificationPerAccount: { max: 1, windowMs: MINUTE_MS },
  resendVerificationPerAccountHourly: { max: 5, windowMs: 60 * MINUTE_MS },
} as const satisfies Record<string, AttemptLimit>;

/**
 * The sign-in limits, most specific first: an address over its limit for one account adds nothing
 * to the others. Every route that checks a password counts on these same counters.
 */
export const SIGN_IN_RULES: readonly AttemptRule[] = [
  { name: 'login-account-ip', limit: AUTH_RATE_LIMITS.loginPerAccountAndIp, keyOf: byEmailAndIp },
  { name: 'login-ip', limit: AUTH_RATE_LIMITS.loginPerIp, keyOf: byIp },
  { name: 'login-account', limit: AUTH_RATE_LIMITS.loginPerAccount, keyOf: byEmail },
];
