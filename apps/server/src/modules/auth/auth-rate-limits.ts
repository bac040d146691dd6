import type { Config } from '../../config';
import type { AttemptLimit } from '../../lib/attempt-counter';
import { byEmail, byEmailAndIp, byIp, type AttemptRule } from '../../lib/rate-limiter';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How many attempts the account pages allow.
 *
 * The limits per account, per e-mail and per account-and-address do the fine work: sign-in allows
 * 5 guesses per account and address in 15 minutes, and 50 per account in an hour from anywhere
 * (high enough that one address never reaches it alone, low enough to stop slow distributed
 * guessing). The limits per address only stop floods: a hostel network, or a portal behind a
 * proxy that hides addresses, shows a whole campus as one address, so they are sized from
 * PEOPLE_PER_ADDRESS, the honest people one address may stand for in an hour (each registering,
 * verifying their address and signing in a couple of times).
 */
export function authRateLimits(config: Pick<Config, 'PEOPLE_PER_ADDRESS'>) {
  const people = config.PEOPLE_PER_ADDRESS;
  return {
    loginPerAccountAndIp: { max: 5, windowMs: 15 * MINUTE_MS },
    loginPerIp: { max: 3 * people, windowMs: HOUR_MS },
    loginPerAccount: { max: 50, windowMs: HOUR_MS },
    registerPerIp: { max: people, windowMs: HOUR_MS },
    registerPerEmail: { max: 5, windowMs: HOUR_MS },
    forgotPasswordPerIp: { max: Math.ceil(people / 4), windowMs: HOUR_MS },
    // Per address and e-mail tightly, per e-mail loosely: one address cannot keep the owner from resetting.
    forgotPasswordPerEmailAndIp: { max: 3, windowMs: HOUR_MS },
    forgotPasswordPerEmail: { max: 10, windowMs: HOUR_MS },
    /** Checks and uses of reset links together. */
    resetPasswordPerIp: { max: Math.ceil(people / 2), windowMs: HOUR_MS },
    verifyEmailPerIp: { max: 2 * people, windowMs: HOUR_MS },
    resendVerificationPerAccount: { max: 1, windowMs: MINUTE_MS },
    resendVerificationPerAccountHourly: { max: 5, windowMs: HOUR_MS },
  } as const satisfies Record<string, AttemptLimit>;
}

/**
 * The sign-in limits, most specific first: an address over its limit for one account adds nothing
 * to the others. Every route that checks a password counts on these same counters.
 */
export function signInRules(config: Pick<Config, 'PEOPLE_PER_ADDRESS'>): readonly AttemptRule[] {
  const limits = authRateLimits(config);
  return [
    { name: 'login-account-ip', limit: limits.loginPerAccountAndIp, keyOf: byEmailAndIp },
    { name: 'login-ip', limit: limits.loginPerIp, keyOf: byIp },
    { name: 'login-account', limit: limits.loginPerAccount, keyOf: byEmail },
  ];
}
