import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddUserSkillRequestSchema,
  ErrorBodySchema,
  IdParamsSchema,
  SkillCatalogueQuerySchema,
  SkillCatalogueResponseSchema,
  UserSkillListSchema,
  UserSkillResponseSchema,
} from '@cosa/contracts';
import { currentStudent, currentUser } from '../../lib/current-user';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { addOwnSkill, listOwnSkills, removeOwnSkill, searchCatalogue } from './skills.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** New catalogue skills one student may describe in an hour. */
const NEW_SKILL_LIMIT = { max: 10, windowMs: 60 * 60_000 };

/** The skill catalogue and the signed-in user's own skills (spec section 2, Skills). */
export async function skillsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const newSkillLimiter = attemptLimiter(app, [
    { name: 'new-skill-user', limit: NEW_SKILL_LIMIT, keyOf: byUser },
  ]);

  api.get(
    '/api/skills',
    {
      schema: {
        tags: ['skills'],
        summary: 'Search the skill catalogue',
        querystring: SkillCatalogueQuerySchema,
        response: { 200: SkillCatalogueResponseSchema, ...errors },
      },
    },
    async (request) => ({
      items: await searchCatalogue(app.deps.db, currentUser(request).id, request.query.q),
    }),
  );

  api.get(
    '/api/me/skills',
    {
      schema: {
        tags: ['skills'],
        summary: 'List your skills',
        response: { 200: UserSkillListSchema, ...errors },
      },
    },
    async (request) => {
      const items = await listOwnSkills(app.deps.db, currentUser(request).id);
      return { items, total: items.length };
    },
  );

  api.post(
    '/api/me/skills',
    {
      schema: {
        tags: ['skills'],
        summary: 'Add a skill to your record (a catalogue skill, or a new one awaiting endorsement)',
        description: '403 for the institute administrator, who keeps no student record.',
        body: AddUserSkillRequestSchema,
        response: {
          201: UserSkillResponseSchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = currentStudent(request);
      // New catalogue entries are what a flood would fill the catalogue with; picking existing ones is not limited.
      if (request.body.newSkill) await newSkillLimiter.hit(request);
      const userSkill = await addOwnSkill(app.deps.db, user.id, request.body);
      return reply.code(201).send({ userSkill });
    },
  );

  api.delete(
    '/api/me/skills/:id',
    {
      schema: {
        tags: ['skills'],
        summary: 'Remove one of your skills not yet endorsed',
        params: IdParamsSchema,
        response: { 204: z.null(), 404: ErrorBodySchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await removeOwnSkill(app.deps.db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
