import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, ErrorBodySchema, MessageResponseSchema, VerifyEmailRequestSchema, VerifyEmailResponseSchema } from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { accountMailSettings } from './account-mail';
import { AUTH_RATE_LIMITS, attemptLimiter, byIp, byUser } from './auth-rate-limits';
import { resendVerificationMail, verifyEmail } from './email-verification.service';
import { loadSessionUser } from './session.service';

/** Proving the e-mail address of an account: the link of the verification e-mail, and a new link on request. */
export async function emailVerificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, config } = app.deps;
  const settings = accountMailSettings(config);
  const verifications = attemptLimiter(app, [{ name: 'verify-ip', limit: AUTH_RATE_LIMITS.verifyEmailPerIp, keyOf: byIp }]);
  const resends = attemptLimiter(app, [
    { name: 'resend-user', limit: AUTH_RATE_LIMITS.resendVerificationPerAccount, keyOf: byUser },
    { name: 'resend-user-hour', limit: AUTH_RATE_LIMITS.resendVerificationPerAccountHourly, keyOf: byUser },
  ]);

  api.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Prove the e-mail address of an account with the token of its verification link',
        description: 'The link works once, for 24 hours, on any device. The answer carries the signed-in user when the browser is signed in to that account.',
        body: VerifyEmailRequestSchema,
        response: { 200: VerifyEmailResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
      preHandler: async (request) => {
        await verifications.hit(request);
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await verifyEmail(db, request.body.token);
      const user = request.user?.id === userId ? await loadSessionUser(db, userId) : null;
      return { message: AUTH_MESSAGES.verificationDone, user };
    },
  );

  api.post(
    '/api/auth/verify-email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new verification link to the signed-in user',
        description: 'Once a minute and five times an hour at most; 409 when the address is already verified.',
        response: { 200: MessageResponseSchema, 401: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      preHandler: async (request) => {
        await resends.hit(request);
      },
    },
    async (request) => {
      if (!request.user) throw AppError.unauthenticated();
      await resendVerificationMail({ db, mailer, log: request.log, settings }, request.user.id);
      return { message: AUTH_MESSAGES.verificationSent };
    },
  );
}
