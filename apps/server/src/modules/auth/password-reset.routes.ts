import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  ErrorBodySchema,
  ForgotPasswordRequestSchema,
  MessageResponseSchema,
  ResetPasswordParamsSchema,
  ResetPasswordRequestSchema,
} from '@cosa/contracts';
import { accountMailSettings } from './account-mail';
import { attemptLimiter, byEmail, byEmailAndIp, byIp, forgetAttempts } from '../../lib/rate-limiter';
import { authRateLimits } from './auth-rate-limits';
import {
  checkResetToken,
  requestPasswordReset,
  resetPassword,
  type PasswordResetDeps,
} from './password-reset.service';

/** Forgot password (a single-use link by e-mail) and the reset through that link. */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, mailer } = app.deps;
  const limits = authRateLimits(config);
  const forgotten = attemptLimiter(app, [
    {
      name: 'forgot-email-ip',
      limit: limits.forgotPasswordPerEmailAndIp,
      keyOf: byEmailAndIp,
    },
    { name: 'forgot-ip', limit: limits.forgotPasswordPerIp, keyOf: byIp },
    { name: 'forgot-email', limit: limits.forgotPasswordPerEmail, keyOf: byEmail },
  ]);
  const resets = attemptLimiter(app, [
    { name: 'reset-ip', limit: limits.resetPasswordPerIp, keyOf: byIp },
  ]);
  const resetErrors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };

  api.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        description:
          'Answers the same whether or not the address has an account; 400 for an account that signs in only with Google.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...resetErrors },
      },
      preHandler: async (request) => {
        await forgotten.hit(request);
      },
    },
    async (request) => {
      const deps: PasswordResetDeps = {
        db,
        mailer,
        log: request.log,
        settings: accountMailSettings(config),
      };
      await requestPasswordReset(deps, request.body.email);
      return { message: AUTH_MESSAGES.resetSent };
    },
  );

  api.get(
    '/api/auth/reset-password/:id/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a password reset link',
        params: ResetPasswordParamsSchema,
        response: { 200: MessageResponseSchema, ...resetErrors },
      },
      preHandler: async (request) => {
        await resets.hit(request);
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await checkResetToken(db, request.params.id, request.params.token);
      return { message: AUTH_MESSAGES.tokenValid };
    },
  );

  api.post(
    '/api/auth/reset-password/:id/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password through a reset link',
        description: 'The link works once; every session of the account ends.',
        params: ResetPasswordParamsSchema,
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...resetErrors },
      },
      preHandler: async (request) => {
        await resets.hit(request);
      },
    },
    async (request) => {
      const email = await resetPassword(
        db,
        request.params.id,
        request.params.token,
        request.body.password,
      );
      // The owner proved the mailbox: failed sign-ins of strangers no longer keep them out.
      await forgetAttempts(app, 'login-account', email.toLowerCase());
      return { message: AUTH_MESSAGES.resetDone };
    },
  );
}
