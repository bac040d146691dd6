import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  ErrorBodySchema,
  OnboardingFactsSchema,
  onboardingRequestSchema,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { completeOnboarding, onboardingFacts } from './onboarding.service';

/** The onboarding form ('Student Registration'). */
export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Next year as the schema's bound keeps a long-running server right after New Year; the service checks the exact year.
  const body = onboardingRequestSchema(new Date(new Date().getFullYear() + 1, 6, 1));

  api.get(
    '/api/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary:
          'The facts the institute already holds for the signed-in user (null when it holds none): the form shows them read-only',
        response: { 200: OnboardingFactsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!request.user) throw AppError.unauthenticated();
      return onboardingFacts(app.deps.db, request.user.id);
    },
  );

  api.post(
    '/api/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Complete a student's registration",
        body,
        response: {
          200: AuthResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      if (!request.user) throw AppError.unauthenticated();
      const user = await completeOnboarding(app.deps.db, request.user.id, request.body);
      return { user, redirectTo: '/' };
    },
  );
}
