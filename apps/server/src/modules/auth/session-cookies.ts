import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../lib/session-cookie';
import { deviceMarkOf, marksDeviceOf } from './known-devices.service';
import { createSession, deleteSessionByToken, sessionLifetime } from './session.service';

/*
 * The cookies of signing in and out, for the sign-in routes (password, e-mail link, Google): the
 * session's, and the signed one that remembers the device (known-devices.service).
 */

const DEVICE_COOKIE = 'cosa_device';
const DEVICE_COOKIE_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Marks this browser as one the user signed in from; the cookie is signed with the server's key and sent only to the sign-in routes. */
async function rememberDevice(app: FastifyInstance, reply: FastifyReply, userId: string): Promise<void> {
  const mark = await deviceMarkOf(app.deps.db, userId);
  if (!mark) return;
  const publicUrl = app.deps.config.publicUrl;
  reply.setCookie(DEVICE_COOKIE, mark, {
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
  return unsigned.valid && unsigned.value !== null && marksDeviceOf(unsigned.value, account);
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
  const session = await createSession(app.deps.db, userId, sessionLifetime(app.deps.config), {
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
