import type { SessionUser } from '@cosa/contracts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../lib/mailer';
import type { RegisteredRoute } from './access';

/** What every route and service may use: the configuration, the database and the mailer. */
type AppDeps = {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  mailer: Mailer;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every API route with its access declaration. */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only; null when signed out. */
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** The route takes requests from other sites: a secret in the request, not the session, is its permission. */
    crossSite?: boolean;
    /** The browser asks by itself, not the person (a live stream reconnecting): the session is not renewed, so an idle one still ends. */
    background?: boolean;
  }
}
