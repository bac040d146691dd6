// The limits of attempts a route allows (sign-in, uploads, public checks), counted in the database
// per client address, account or signed-in user, so every server process on one database agrees.
import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@cosa/contracts';
import { AppError } from './app-error';
import {
  clearAttempts,
  countAttempt,
  counterKey,
  giveBackAttempt,
  type AttemptLimit,
} from './attempt-counter';

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
   * at the first rule over its limit (later rules are then not counted); a key this process
   * already saw over its limit refuses at once, counting nothing. Returns the counted keys, which
   * a success may give back.
   */
  hit(request: FastifyRequest, subject?: string): Promise<string[]>;
  giveBack(keys: readonly string[]): Promise<void>;
};

/** How many refused keys a process remembers; past it, those whose time ended are dropped, then the oldest. */
const REFUSED_KEYS_KEPT = 20_000;
/**
 * How long a refusal is remembered at most: long enough that a flood costs a write every few
 * seconds instead of one per attempt, short enough that a count another process forgot (a
 * password reset) is read again soon.
 */
const REFUSAL_REMEMBERED_MS = 10_000;

/**
 * The keys a process saw over their limit, with until when it refuses them from memory, without
 * a write to the database per attempt: the end of their window, or REFUSAL_REMEMBERED_MS.
 */
class RefusedKeys {
  /** Per key: until when it is refused from memory, and when its window ends (the wait a refusal names). */
  private readonly refusals = new Map<string, { until: number; windowEnd: number }>();

  /** The wait to name when the key is refused from memory now; null when the database must count it. */
  refusedFor(key: string, now: number): number | null {
    const refusal = this.refusals.get(key);
    if (refusal === undefined) return null;
    if (refusal.until > now) return refusal.windowEnd - now;
    this.refusals.delete(key);
    return null;
  }

  remember(key: string, windowEnd: number, now: number): void {
    if (this.refusals.size >= REFUSED_KEYS_KEPT) {
      for (const [stored, { until }] of this.refusals) if (until <= now) this.refusals.delete(stored);
      for (const stored of this.refusals.keys()) {
        if (this.refusals.size < REFUSED_KEYS_KEPT) break;
        this.refusals.delete(stored);
      }
    }
    this.refusals.set(key, { until: Math.min(windowEnd, now + REFUSAL_REMEMBERED_MS), windowEnd });
  }

  forget(key: string): void {
    this.refusals.delete(key);
  }
}

/** One store of refusals for every limiter of the app (they share one database). */
const refusalsOfApp = new WeakMap<object, RefusedKeys>();
const refusalsOf = (db: object): RefusedKeys => {
  let store = refusalsOfApp.get(db);
  if (!store) {
    store = new RefusedKeys();
    refusalsOfApp.set(db, store);
  }
  return store;
};

/** Forgets the attempts a rule counted for a value (e.g. an account's failed sign-ins once its owner reset the password). */
export async function forgetAttempts(app: FastifyInstance, name: string, value: string): Promise<void> {
  const key = counterKey(name, value);
  refusalsOf(app.deps.db).forget(key);
  await clearAttempts(app.deps.db, key);
}

/** A limiter whose counts live in the database, shared by every server process on it. */
export function attemptLimiter(app: FastifyInstance, rules: readonly AttemptRule[]): AttemptLimiter {
  const { db, config } = app.deps;
  const maxOf = (limit: AttemptLimit) => Math.max(1, Math.round(limit.max * config.RATE_LIMIT_SCALE));
  const refused = refusalsOf(db);
  return {
    async hit(request, subject) {
      const keys = rules.map((rule) => counterKey(rule.name, rule.keyOf(request, subject)));
      // A key known to be over its limit refuses before any rule counts: a flood costs nothing.
      for (const key of keys) {
        const waitMs = refused.refusedFor(key, Date.now());
        if (waitMs !== null) throw tooManyAttempts(waitMs);
      }
      const counted: string[] = [];
      for (const [index, rule] of rules.entries()) {
        const key = keys[index]!;
        const attempt = await countAttempt(db, key, rule.limit.windowMs);
        counted.push(attempt.key);
        if (attempt.hits > maxOf(rule.limit)) {
          refused.remember(key, attempt.resetAt.getTime(), Date.now());
          throw tooManyAttempts(attempt.resetAt.getTime() - Date.now());
        }
      }
      return counted;
    },
    async giveBack(keys) {
      for (const key of keys) await giveBackAttempt(db, key);
    },
  };
}

/** An address as a proxy may write it with its port: `[v6]:port`, `[v6]` or `a.b.c.d:port`. */
function withoutPort(written: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d*)?$/.exec(written);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^([^:]+):\d*$/.exec(written);
  return ipv4WithPort ? ipv4WithPort[1]! : written;
}

/** The key of every client whose address cannot be read: they share one count. */
const UNREADABLE_ADDRESS = 'unreadable-address';

/**
 * The client, as rate limits count it: an IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber usually holds a whole /64 and can use any address in it). An IPv4 client seen
 * through an IPv6 socket (::ffff:a.b.c.d) counts as its IPv4 address; a zone (%eth0) is no part of
 * the network; a port or brackets that a proxy wrote around the address are no part of it either,
 * and an IPv4 address counts once however it is spelled (010.8.8.8 is 8.8.8.8). Whatever is not an
 * address at all counts in one shared key, so that no spelling earns a count of its own. The key
 * names the first four groups in hex without leading zeros, as counters already stored do.
 */
export function clientKey(written: string | undefined): string {
  // Fastify has no address for a client whose socket closed before it was read.
  const ip = withoutPort((written ?? '').trim());
  if (ipaddr.IPv4.isValid(ip)) return ipaddr.IPv4.parse(ip).toString();
  if (!ipaddr.IPv6.isValid(ip)) return UNREADABLE_ADDRESS;
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
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

/** The signed-in user; for routes that require one. */
export const byUser = (request: FastifyRequest): string => request.user?.id ?? '';
