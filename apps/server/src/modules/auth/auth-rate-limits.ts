import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { countAttempt, counterKey, giveBackAttempt, type AttemptLimit } from '../../lib/attempt-counter';

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

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function tooManyAttempts(ttlMs: number): AppError {
  return new AppError(
    429,
    ERROR_CODES.tooManyRequests,
    `Too many attempts. Please wait ${waitText(ttlMs)} and try again.`,
    undefined,
    Math.max(1, Math.ceil(ttlMs / 1000)),
  );
}

/**
 * One limit of a limiter: a name for its counters, the limit, and the request's key under it;
 * `subject` is the account an attempt is about when the request names it otherwise than by its body's e-mail.
 */
export type AttemptRule = {
  name: string;
  limit: AttemptLimit;
  keyOf: (request: FastifyRequest, subject?: string) => string;
};

export type AttemptLimiter = {
  /**
   * Counts the attempt under each rule in turn, before anything is checked, and refuses with 429
   * at the first rule over its limit (later rules are then not counted). Returns the counted
   * keys, which a success may give back.
   */
  hit(request: FastifyRequest, subject?: string): Promise<string[]>;
  giveBack(keys: readonly string[]): Promise<void>;
};

/** A limiter whose counts live in the database, shared by every server process on it. */
export function attemptLimiter(app: FastifyInstance, rules: readonly AttemptRule[]): AttemptLimiter {
  const { db, config } = app.deps;
  const maxOf = (limit: AttemptLimit) => Math.max(1, Math.round(limit.max * config.RATE_LIMIT_SCALE));
  return {
    async hit(request, subject) {
      const counted: string[] = [];
      for (const rule of rules) {
        const attempt = await countAttempt(
          db,
          counterKey(rule.name, rule.keyOf(request, subject)),
          rule.limit.windowMs,
        );
        counted.push(attempt.key);
        if (attempt.hits > maxOf(rule.limit))
          throw tooManyAttempts(attempt.resetAt.getTime() - Date.now());
      }
      return counted;
    },
    async giveBack(keys) {
      for (const key of keys) await giveBackAttempt(db, key);
    },
  };
}

/**
 * The client, as rate limits count it: an IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber usually holds a whole /64 and can use any address in it).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [
        ...headGroups,
        ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export const byIp = (request: FastifyRequest): string => clientKey(request.ip);

/** The account an attempt is about: the given subject, else the body's e-mail address, lower-cased. */
export const byEmail = (request: FastifyRequest, subject?: string): string => {
  const email = subject ?? (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

export const byEmailAndIp = (request: FastifyRequest, subject?: string): string =>
  `${byEmail(request, subject)}|${byIp(request)}`;

/**
 * The sign-in limits, most specific first: an address over its limit for one account adds nothing
 * to the others. Every route that checks a password counts on these same counters.
 */
export const SIGN_IN_RULES: readonly AttemptRule[] = [
  { name: 'login-account-ip', limit: AUTH_RATE_LIMITS.loginPerAccountAndIp, keyOf: byEmailAndIp },
  { name: 'login-ip', limit: AUTH_RATE_LIMITS.loginPerIp, keyOf: byIp },
  { name: 'login-account', limit: AUTH_RATE_LIMITS.loginPerAccount, keyOf: byEmail },
];

/** The signed-in user; for routes that require one. */
export const byUser = (request: FastifyRequest): string => request.user?.id ?? '';
