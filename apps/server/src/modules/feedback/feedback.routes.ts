import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, SubmitFeedbackRequestSchema, SubmittedFeedbackSchema } from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { attemptLimiter, byUser } from '../auth/auth-rate-limits';
import { submitFeedback } from './feedback.service';

/** Feedback one person may send in an hour: plenty for a student, too few to flood the officials' desk. */
const FEEDBACK_LIMIT = { max: 30, windowMs: 60 * 60_000 };

/** Giving feedback (spec section 2, Feedback form). */
export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = attemptLimiter(app, [{ name: 'feedback-user', limit: FEEDBACK_LIMIT, keyOf: byUser }]);

  api.post(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Give feedback about a person, an event, a club or a position (optionally anonymous)',
        body: SubmitFeedbackRequestSchema,
        response: { 201: SubmittedFeedbackSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const author = currentUser(request);
      await limiter.hit(request);
      return reply.code(201).send({ feedback: await submitFeedback(app.deps.db, author.id, request.body) });
    },
  );
}
