import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { isApiRoute } from './api-route';
import {
  SESSION_COOKIE,
  createSession,
  deleteSessionByToken,
  findSession,
  type SessionLifetime,
} from '../modules/auth/session.service';

/** Reads the session cookie of every API request into request.user. */
export function registerSessionLookup(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const lifetime = sessionLifetime(app);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await findSession(
      app.deps.db,
      token,
      lifetime,
      new Date(),
      request.routeOptions.config.background !== true,
    );
    if (!found) return;
    request.user = found.user;
    request.sessionId = found.sessionId;
    // The cookie lives as long as the session, so an active user stays signed in.
    if (found.renewedUntil)
      setSessionCookie(reply, app.deps.config.publicUrl, token, found.renewedUntil);
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a session lives without use, and at most. */
export function sessionLifetime(app: FastifyInstance): SessionLifetime {
  return {
    idleMs: app.deps.config.SESSION_IDLE_DAYS * DAY_MS,
    maxMs: app.deps.config.SESSION_MAX_DAYS * DAY_MS,
  };
}

export function sessionCookieOptions(publicUrl: string, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.startsWith('https:'),
    ...(expires ? { expires } : {}),
  };
}

function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string, expires: Date): void {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(publicUrl, expires));
}

function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(publicUrl));
}

const DEVICE_COOKIE = 'cosa_device';
const DEVICE_COOKIE_DAYS = 180;

/**
 * A digest of the account's credentials: a new password, or a Google takeover, changes it, so a
 * device remembered before (a squatter's, a shared computer's) stops being known.
 */
function credentialStamp(account: {
  passwordHash: string | null;
  googleSubject: string | null;
}): string {
  return createHash('sha256')
    .update(`${account.passwordHash ?? ''}|${account.googleSubject ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Marks this browser as one the user signed in from: a cookie signed with the server's key, naming
 * the account and its credentials' stamp, sent only to the sign-in routes. Such a device is spared
 * the limits a stranger can exhaust for an account (per address, per account), so nobody can lock
 * an owner out of their own devices.
 */
async function rememberDevice(app: FastifyInstance, reply: FastifyReply, userId: string): Promise<void> {
  const [account] = await app.deps.db
    .select({ passwordHash: users.passwordHash, googleSubject: users.googleSubject })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return;
  const publicUrl = app.deps.config.publicUrl;
  reply.setCookie(DEVICE_COOKIE, `${userId}.${credentialStamp(account)}`, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    signed: true,
    maxAge: (DEVICE_COOKIE_DAYS * DAY_MS) / 1000,
  });
}

/**
 * True when this browser signed in to the account before, with the credentials it has now; false
 * without a device cookie, with a forged one, another account's, or one from before a new password.
 */
export function isKnownDevice(
  request: FastifyRequest,
  account: { id: string; passwordHash: string | null; googleSubject: string | null },
): boolean {
  const signed = request.cookies[DEVICE_COOKIE];
  if (!signed) return false;
  const unsigned = request.unsignCookie(signed);
  return unsigned.valid && unsigned.value === `${account.id}.${credentialStamp(account)}`;
}

/**
 * Signs a user in: ends the session of any cookie the browser presented (a new token at every
 * sign-in), sets the cookie of a new one, and remembers the device.
 */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSessionByToken(app.deps.db, previous);
  const userAgent = request.headers['user-agent'];
  const session = await createSession(app.deps.db, userId, sessionLifetime(app), {
    ...(userAgent ? { userAgent } : {}),
    ip: request.ip,
  });
  request.sessionId = session.sessionId;
  setSessionCookie(reply, app.deps.config.publicUrl, session.token, session.expiresAt);
  await rememberDevice(app, reply, userId);
}

/** Ends the session of the presented cookie, if any, and clears the cookie. */
export async function signOut(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSessionByToken(app.deps.db, token);
  request.user = null;
  request.sessionId = null;
  clearSessionCookie(reply, app.deps.config.publicUrl);
}
