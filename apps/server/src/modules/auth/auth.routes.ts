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
import { isKnownDevice, signIn, signOut } from './session-cookies';
import { accountMailSettings } from './account-mail';
import { attemptLimiter, byEmail, byIp } from '../../lib/rate-limiter';
import { authRateLimits, signInRules } from './auth-rate-limits';
import { authenticate, findUserByEmail, register } from './auth.service';
import { sendVerificationMail } from './email-verification.service';

/** Registration, sign-in, sign-out and the session check. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const limits = authRateLimits(config);
  const registrations = attemptLimiter(app, [
    // The address first: a flood already over its limit is then refused without a count per e-mail.
    { name: 'register-ip', limit: limits.registerPerIp, keyOf: byIp },
    { name: 'register-email', limit: limits.registerPerEmail, keyOf: byEmail },
  ]);
  const signInLimits = signInRules(config);
  const signIns = attemptLimiter(app, signInLimits);
  // A device the account signed in from before keeps only the tight per-account-and-address limit.
  const knownDeviceSignIns = attemptLimiter(app, signInLimits.slice(0, 1));

  api.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null',
        response: { 200: SessionResponseSchema },
      },
    },
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
        description:
          'E-mails a verification link; the account can do nothing else until the link is opened.',
        body: registerRequestSchema(config.INSTITUTE_EMAIL_DOMAIN),
        response: {
          201: AuthResponseSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
      preHandler: async (request) => {
        await registrations.hit(request);
      },
    },
    async (request, reply) => {
      const user = await register(app.deps.db, request.body, app.deps.config.google !== null);
      await sendVerificationMail(
        {
          db: app.deps.db,
          mailer: app.deps.mailer,
          log: request.log,
          settings: accountMailSettings(config),
        },
        user,
      );
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
        description:
          'Starts a new session (any session of the presented cookie ends) and names the page to open next. Every attempt is counted before the password is checked; a success gives its count back. 403 ACCOUNT_DEACTIVATED when the password is right but an administrator deactivated the account.',
        body: LoginRequestSchema,
        response: {
          200: AuthResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const account = request.cookies.cosa_device
        ? await findUserByEmail(app.deps.db, request.body.email)
        : null;
      const limiter = account && isKnownDevice(request, account) ? knownDeviceSignIns : signIns;
      const counted = await limiter.hit(request);
      const user = await authenticate(
        app.deps.db,
        request.body.email,
        request.body.password,
        app.deps.config.google !== null,
      );
      await limiter.giveBack(counted);
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
