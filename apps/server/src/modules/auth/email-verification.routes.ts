import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  ErrorBodySchema,
  MessageResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { signIn } from './session-cookies';
import { accountMailSettings } from './account-mail';
import { attemptLimiter, byIp, byUser } from '../../lib/rate-limiter';
import { authRateLimits, signInRules } from './auth-rate-limits';
import {
  checkRegistrantPassword,
  registrantPassword,
  resendVerificationMail,
  verificationTokenOwner,
  verifyEmail,
} from './email-verification.service';
import { loadSessionUser } from './session.service';

/** Proving the e-mail address of an account: the link of the verification e-mail, and a new link on request. */
export async function emailVerificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, config } = app.deps;
  const settings = accountMailSettings(config);
  const limits = authRateLimits(config);
  const verifications = attemptLimiter(app, [
    { name: 'verify-ip', limit: limits.verifyEmailPerIp, keyOf: byIp },
  ]);
  const passwordChecks = attemptLimiter(app, signInRules(config));
  const resends = attemptLimiter(app, [
    { name: 'resend-user', limit: limits.resendVerificationPerAccount, keyOf: byUser },
    {
      name: 'resend-user-hour',
      limit: limits.resendVerificationPerAccountHourly,
      keyOf: byUser,
    },
  ]);

  api.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Prove the e-mail address of an account with the token of its verification link',
        description:
          "The link works once, for 24 hours. A browser signed in to the account needs only the token; any other needs the account's password too (the link proves the mailbox, the password that the one who opened it registered), counted by the sign-in limits, and is then signed in to the account. 403 ACCOUNT_DEACTIVATED (nothing used up, nobody signed in) when the link is valid but an administrator deactivated the account.",
        body: VerifyEmailRequestSchema,
        response: {
          200: VerifyEmailResponseSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
      preHandler: async (request) => {
        await verifications.hit(request);
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token, password } = request.body;
      const owner = await verificationTokenOwner(db, token);
      const ownSession = request.user?.id === owner.id;
      if (!ownSession) {
        const given = registrantPassword(password);
        const counted = await passwordChecks.hit(request, owner.email);
        await checkRegistrantPassword(owner, given);
        await passwordChecks.giveBack(counted);
      }
      await verifyEmail(db, token);
      if (!ownSession) await signIn(app, request, reply, owner.id);
      return { message: AUTH_MESSAGES.verificationDone, user: (await loadSessionUser(db, owner.id))! };
    },
  );

  api.post(
    '/api/auth/verify-email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new verification link to the signed-in user',
        description:
          'Once a minute and five times an hour at most; 409 when the address is already verified.',
        response: {
          200: MessageResponseSchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
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
