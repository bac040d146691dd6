import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  FeedbackExportQuerySchema,
  FeedbackListQuerySchema,
  FeedbackListSchema,
  IdParamsSchema,
  ResolvedFeedbackResponseSchema,
  ResolveFeedbackRequestSchema,
  SubmitFeedbackRequestSchema,
  SubmittedFeedbackSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { sendCsv } from '../../lib/csv-export';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { listFeedback, resolveFeedback } from './feedback-desk.service';
import { feedbackExport } from './feedback-export.service';
import { submitFeedback } from './feedback.service';

/** Feedback one person may send in an hour: plenty for a student, too few to flood the officials' desk. */
const FEEDBACK_LIMIT = { max: 30, windowMs: 60 * 60_000 };

/** Giving feedback, the feedback list and its resolution (spec section 2, Feedback form and Feedback list). */
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
        response: {
          201: SubmittedFeedbackSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const author = currentUser(request);
      await limiter.hit(request);
      return reply
        .code(201)
        .send({ feedback: await submitFeedback(app.deps.db, author.id, request.body) });
    },
  );

  api.get(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary:
          'The feedback you may see (a student: what they gave; officials: all; a club coordinator: about the club), filtered and paged',
        querystring: FeedbackListQuerySchema,
        response: {
          200: FeedbackListSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => listFeedback(app.deps.db, currentUser(request), request.query),
  );

  // The answer is CSV text streamed a page at a time, so this route has no JSON answer schema for 200.
  api.get(
    '/api/feedback/export',
    {
      schema: {
        tags: ['feedback'],
        summary:
          'The feedback list as CSV with the same scope and filters (anonymous feedback names no author)',
        querystring: FeedbackExportQuerySchema,
        response: { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { read, columns } = await feedbackExport(app.deps.db, currentUser(request), request.query);
      return sendCsv(reply, 'feedback', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.post(
    '/api/feedback/:id/resolution',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Mark feedback as resolved with the actions taken (the first resolver wins)',
        params: IdParamsSchema,
        body: ResolveFeedbackRequestSchema,
        response: {
          200: ResolvedFeedbackResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      feedback: await resolveFeedback(
        app.deps.db,
        currentUser(request),
        request.params.id,
        request.body.actionsTaken,
      ),
    }),
  );
}
