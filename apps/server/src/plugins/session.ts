import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE, setSessionCookie } from '../lib/session-cookie';
import { isApiRoute } from './api-route';
import { findSession, sessionLifetime } from '../modules/auth/session.service';

/** Reads the session cookie of every API request into request.user. */
export function registerSessionLookup(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const lifetime = sessionLifetime(app.deps.config);
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
