import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkReviewRequestSchema,
  BulkReviewResultSchema,
  ErrorBodySchema,
  IdParamsSchema,
  ReviewCountsSchema,
  UndoOutcomeSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { reviewCounts } from './endorsements.read';
import type { ReviewKind } from './review-kinds';
import { approveMany, undoDecision } from './review-decisions.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The endorsement panel's tab counts, "Endorse selected" and Undo (decision 0023). */
export async function endorsementDecisionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['endorsements'];

  api.get(
    '/api/endorsements/counts',
    {
      schema: {
        tags,
        summary: "How many items await the official's decision on each tab of the endorsement panel",
        response: { 200: ReviewCountsSchema, ...errors },
      },
    },
    async (request) => reviewCounts(app.deps.db, currentUser(request)),
  );

  const bulk = (kind: ReviewKind, verb: 'endorse' | 'verify') =>
    api.post(
      `/api/endorsements/${kind}/bulk-${verb}`,
      {
        schema: {
          tags,
          summary: `${verb === 'verify' ? 'Verify' : 'Endorse'} several items at once: each is decided on its own and answered in results, in the order given (refused: not yours, gone, or decided by another official)`,
          body: BulkReviewRequestSchema,
          response: { 200: BulkReviewResultSchema, ...errors },
        },
      },
      async (request) =>
        approveMany(
          app.deps.db,
          kind,
          request.body.ids,
          currentUser(request),
          request.body.versions ?? {},
        ),
    );
  bulk('user-skills', 'endorse');
  bulk('skills', 'endorse');
  bulk('achievements', 'verify');

  const undo = (kind: ReviewKind) =>
    api.post(
      `/api/endorsements/${kind}/:id/undo`,
      {
        schema: {
          tags,
          summary:
            "Undo your own endorsement, verification or decline of an item within 30 seconds, if nothing happened to it since: it awaits review again and the student's notification is withdrawn",
          params: IdParamsSchema,
          response: { 200: UndoOutcomeSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
        },
      },
      async (request) => undoDecision(app.deps.db, kind, request.params.id, currentUser(request)),
    );
  undo('user-skills');
  undo('skills');
  undo('achievements');
}
