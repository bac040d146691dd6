import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, createSession, deleteSessionByToken, findSession, type SessionLifetime } from '../modules/auth/session.service';

/** Reads the session cookie of every API request into request.user. */
export function registerSessionLookup(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const lifetime = sessionLifetime(app);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await findSession(app.deps.db, token, lifetime);
    if (!found) return;
    request.user = found.user;
    request.sessionId = found.sessionId;
    // The cookie lives as long as the session, so an active user stays signed in.
    if (found.renewedUntil) setSessionCookie(reply, app.deps.config.publicUrl, token, found.renewedUntil);
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a session lives without use, and at most. */
export function sessionLifetime(app: FastifyInstance): SessionLifetime {
  return { idleMs: app.deps.config.SESSION_IDLE_DAYS * DAY_MS, maxMs: app.deps.config.SESSION_MAX_DAYS * DAY_MS };
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

/**
 * Signs a user in: ends the session of any cookie the browser presented (a new token at every
 * sign-in) and sets the cookie of a new one.
 */
export async function signIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSessionByToken(app.deps.db, previous);
  const userAgent = request.headers['user-agent'];
  const session = await createSession(app.deps.db, userId, sessionLifetime(app), {
    ...(userAgent ? { userAgent } : {}),
    ip: request.ip,
  });
  request.sessionId = session.sessionId;
  setSessionCookie(reply, app.deps.config.publicUrl, session.token, session.expiresAt);
}

/** Ends the session of the presented cookie, if any, and clears the cookie. */
export async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSessionByToken(app.deps.db, token);
  request.user = null;
  request.sessionId = null;
  clearSessionCookie(reply, app.deps.config.publicUrl);
}
