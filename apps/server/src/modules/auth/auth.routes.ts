import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  ErrorBodySchema,
  LoginRequestSchema,
  SessionResponseSchema,
  landingRouteFor,
  registerRequestSchema,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { signIn, signOut } from '../../plugins/session';
import { AUTH_RATE_LIMITS, attemptLimiter, byEmail, byIp } from './auth-rate-limits';
import { authenticate, register } from './auth.service';

/** Registration, sign-in, sign-out and the session check. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const registrations = attemptLimiter(app, 'register-ip', AUTH_RATE_LIMITS.registerPerIp, byIp);
  const loginFailuresByEmail = attemptLimiter(app, 'login-email', AUTH_RATE_LIMITS.loginFailuresPerEmail, byEmail);
  const loginFailuresByIp = attemptLimiter(app, 'login-ip', AUTH_RATE_LIMITS.loginFailuresPerIp, byIp);

  api.get(
    '/api/auth/session',
    { schema: { tags: ['auth'], summary: 'The signed-in user, or null', response: { 200: SessionResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.user };
    },
  );

  api.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a student account with an institute e-mail and sign in',
        body: registerRequestSchema(config.INSTITUTE_EMAIL_DOMAIN),
        response: { 201: AuthResponseSchema, 400: ErrorBodySchema, 403: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      preHandler: async (request) => registrations.hit(request),
    },
    async (request, reply) => {
      const user = await register(app.deps.db, request.body);
      await signIn(app, request, reply, user.id);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ user, redirectTo: landingRouteFor(user) });
    },
  );

  api.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description: 'Starts a new session (any session of the presented cookie ends) and names the page to open next.',
        body: LoginRequestSchema,
        response: { 200: AuthResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
      preHandler: async (request) => {
        await loginFailuresByIp.check(request);
        await loginFailuresByEmail.check(request);
      },
    },
    async (request, reply) => {
      let user;
      try {
        user = await authenticate(app.deps.db, request.body.email, request.body.password);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) {
          await loginFailuresByIp.hit(request);
          await loginFailuresByEmail.hit(request);
        }
        throw error;
      }
      await signIn(app, request, reply, user.id);
      reply.header('cache-control', 'no-store');
      return { user, redirectTo: landingRouteFor(user) };
    },
  );

  api.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out: end the session of the cookie and clear it' } },
    async (request, reply) => {
      await signOut(app, request, reply);
      return reply.code(204).send();
    },
  );
}
