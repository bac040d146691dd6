import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AchievementListQuerySchema,
  AchievementListSchema,
  AchievementResponseSchema,
  addAchievementRequestSchema,
  editAchievementRequestSchema,
  ErrorBodySchema,
  IdParamsSchema,
} from '@cosa/contracts';
import { currentStudent, currentUser } from '../../lib/current-user';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { addOwnAchievement, listOwnAchievements } from './achievements.service';
import { editOwnAchievement, withdrawOwnAchievement } from './achievement-edits.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };
/** Enough for a newcomer entering years of record in one sitting; not enough to flood the council's review queues. */
const ACHIEVEMENT_LIMIT = { max: 50, windowMs: 60 * 60_000 };

/** The signed-in user's own achievements (spec section 2, Add Achievement and View Achievements). */
export async function achievementsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = attemptLimiter(app, [
    { name: 'achievement-user', limit: ACHIEVEMENT_LIMIT, keyOf: byUser },
  ]);

  api.get(
    '/api/me/achievements',
    {
      schema: {
        tags: ['achievements'],
        summary: 'List your achievements (search, category, level, status; paged)',
        querystring: AchievementListQuerySchema,
        response: { 200: AchievementListSchema, ...errors },
      },
    },
    async (request) => listOwnAchievements(app.deps.db, currentUser(request).id, request.query),
  );

  api.post(
    '/api/me/achievements',
    {
      schema: {
        tags: ['achievements'],
        summary: 'Add an achievement to your record (pending verification)',
        description: '403 for the institute administrator, who keeps no student record.',
        body: addAchievementRequestSchema(),
        response: { 201: AchievementResponseSchema, ...errors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = currentStudent(request);
      await limiter.hit(request);
      const achievement = await addOwnAchievement(app.deps.db, user.id, request.body);
      return reply.code(201).send({ achievement });
    },
  );

  api.patch(
    '/api/me/achievements/:id',
    {
      schema: {
        tags: ['achievements'],
        summary:
          'Edit your achievement while it awaits verification, or correct and resend it after a decline',
        description:
          'The same fields and rules as adding one. A declined achievement is changed only with `resend: true`, which sends it back for verification and keeps the decline in its history. 404 when it is not yours; 409 once verified, or when it was declined meanwhile and `resend` is not set.',
        params: IdParamsSchema,
        body: editAchievementRequestSchema(),
        response: { 200: AchievementResponseSchema, ...changeErrors, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = currentStudent(request);
      await limiter.hit(request);
      const achievement = await editOwnAchievement(
        app.deps.db,
        user.id,
        request.params.id,
        request.body,
      );
      return { achievement };
    },
  );

  api.delete(
    '/api/me/achievements/:id',
    {
      schema: {
        tags: ['achievements'],
        summary: 'Withdraw your achievement while it awaits verification or after a decline',
        description:
          "It leaves your record and the reviewers' queues; the audit log keeps it. 404 when it is not yours; 409 once verified.",
        params: IdParamsSchema,
        response: { 204: z.null(), ...changeErrors },
      },
    },
    async (request, reply) => {
      await withdrawOwnAchievement(app.deps.db, currentStudent(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
