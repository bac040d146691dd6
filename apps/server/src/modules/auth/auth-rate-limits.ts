import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@cosa/contracts';
import { AppError } from '../../lib/app-error';

const MINUTE_MS = 60_000;

export type AttemptLimit = { max: number; windowMs: number };

/** How many attempts the account pages allow, per client address and per e-mail address. */
export const AUTH_RATE_LIMITS = {
  /** Failed sign-ins; successful ones are not counted. */
  loginFailuresPerEmail: { max: 10, windowMs: 15 * MINUTE_MS },
  loginFailuresPerIp: { max: 30, windowMs: 15 * MINUTE_MS },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE_MS },
  forgotPasswordPerIp: { max: 5, windowMs: 15 * MINUTE_MS },
  forgotPasswordPerEmail: { max: 5, windowMs: 15 * MINUTE_MS },
  /** Checks and uses of reset links together. */
  resetPasswordPerIp: { max: 20, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, AttemptLimit>;

export type AuthRateLimits = Record<keyof typeof AUTH_RATE_LIMITS, AttemptLimit>;

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function tooManyAttempts(ttlMs: number): AppError {
  return new AppError(429, ERROR_CODES.tooManyRequests, `Too many attempts. Please wait ${waitText(ttlMs)} and try again.`);
}

/** Counts attempts per key (a client address, an e-mail) within a time window. */
export type AttemptLimiter = {
  /** Refuses with 429 when the key has no attempts left, without counting this one. */
  check(request: FastifyRequest): Promise<void>;
  /** Counts an attempt; refuses with 429 once the key is over its limit. */
  hit(request: FastifyRequest): Promise<void>;
};

/** An attempt counter in this process's memory, from @fastify/rate-limit's store. */
export function attemptLimiter(app: FastifyInstance, name: string, limit: AttemptLimit, keyOf: (request: FastifyRequest) => string): AttemptLimiter {
  const limiter = app.createRateLimit({
    max: Math.max(1, Math.round(limit.max * app.deps.config.RATE_LIMIT_SCALE)),
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
  });
  return {
    async check(request) {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw tooManyAttempts(state.ttl);
    },
    async hit(request) {
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) throw tooManyAttempts(state.ttl);
    },
  };
}

export const byIp = (request: FastifyRequest): string => request.ip;

/** The body's e-mail address, lower-cased; for routes whose body has one. */
export const byEmail = (request: FastifyRequest): string => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};
