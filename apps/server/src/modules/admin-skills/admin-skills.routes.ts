import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSkillExportQuerySchema,
  AdminSkillListQuerySchema,
  AdminSkillListSchema,
  AdminSkillResponseSchema,
  AdminSkillUpdateSchema,
  ErrorBodySchema,
  IdParamsSchema,
  SkillMergePreviewQuerySchema,
  SkillMergePreviewSchema,
  SkillMergeRequestSchema,
  SkillMergeResponseSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { sendCsv } from '../../lib/csv-export';
import { listAdminSkills, retireSkill, skillsExport, updateSkill } from './admin-skills.service';
import { mergeSkill, previewMerge } from './skill-merge.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** The skill catalogue of /admin/skills: list, export, rename and retype, merge a duplicate, retire (deviation 60). */
export async function adminSkillsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/skills',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The skill catalogue: search, type and state filters, paged, with how many students hold each skill',
        querystring: AdminSkillListQuerySchema,
        response: { 200: AdminSkillListSchema, ...errors },
      },
    },
    async (request) => listAdminSkills(app.deps.db, request.query),
  );

  api.get(
    '/api/admin/skills/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The skill catalogue as CSV, with the list filters',
        querystring: AdminSkillExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { read, columns } = skillsExport(app.deps.db, request.query);
      return sendCsv(reply, 'skills', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.patch(
    '/api/admin/skills/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename, retype, recategorise or describe a skill (the name unique in any letter case)',
        params: IdParamsSchema,
        body: AdminSkillUpdateSchema,
        response: { 200: AdminSkillResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      skill: await updateSkill(app.deps.db, currentUser(request), request.params.id, request.body),
    }),
  );

  api.get(
    '/api/admin/skills/:id/merge',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What merging this duplicate into another skill would do: claims that move, duplicates that collapse',
        params: IdParamsSchema,
        querystring: SkillMergePreviewQuerySchema,
        response: { 200: SkillMergePreviewSchema, ...changeErrors },
      },
    },
    async (request) => previewMerge(app.deps.db, request.params.id, request.query.intoId),
  );

  api.post(
    '/api/admin/skills/:id/merge',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Merge a duplicate into an existing skill: its students' claims move, duplicates collapse, the duplicate is retired",
        params: IdParamsSchema,
        body: SkillMergeRequestSchema,
        response: { 200: SkillMergeResponseSchema, ...changeErrors },
      },
    },
    async (request) =>
      mergeSkill(app.deps.db, currentUser(request), request.params.id, request.body.intoId),
  );

  api.post(
    '/api/admin/skills/:id/retirement',
    {
      schema: {
        tags: ['admin'],
        summary: 'Retire a skill: it stays on the records that hold it and leaves the catalogue',
        params: IdParamsSchema,
        response: { 200: AdminSkillResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      skill: await retireSkill(app.deps.db, currentUser(request), request.params.id),
    }),
  );
}
