import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthResponseSchema, ErrorBodySchema, onboardingRequestSchema } from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { completeOnboarding } from './onboarding.service';

/** The onboarding form ('Student Registration'). */
export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Next year as the schema's bound keeps a long-running server right after New Year; the service checks the exact year.
  const body = onboardingRequestSchema(new Date(new Date().getFullYear() + 1, 6, 1));

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
