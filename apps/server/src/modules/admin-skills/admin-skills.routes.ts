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
  SKILL_STATE_LABELS,
  SKILL_TYPE_LABELS,
  SkillMergePreviewQuerySchema,
  SkillMergePreviewSchema,
  SkillMergeRequestSchema,
  SkillMergeResponseSchema,
  type AdminSkill,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { sendCsv, type CsvColumn } from '../../lib/csv-export';
import { listAdminSkills, readSkillExportPage, retireSkill, updateSkill } from './admin-skills.service';
import { mergeSkill, previewMerge } from './skill-merge.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

const COLUMNS: readonly CsvColumn<AdminSkill>[] = [
  { header: 'Skill ID', value: (skill) => skill.skillCode },
  { header: 'Name', value: (skill) => skill.name },
  { header: 'Category', value: (skill) => skill.category },
  { header: 'Type', value: (skill) => SKILL_TYPE_LABELS[skill.type] },
  { header: 'State', value: (skill) => SKILL_STATE_LABELS[skill.state] },
  { header: 'Students', value: (skill) => skill.usage },
  { header: 'Description', value: (skill) => skill.description },
  { header: 'Created by', value: (skill) => skill.createdBy?.name },
  { header: 'Merged into', value: (skill) => skill.mergedInto?.name },
  { header: 'Created', value: (skill) => new Date(skill.createdAt) },
  { header: 'Retired', value: (skill) => (skill.retiredAt ? new Date(skill.retiredAt) : null) },
];

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
    async (request, reply) =>
      sendCsv(
        reply,
        'skills',
        (after) => readSkillExportPage(app.deps.db, request.query, after),
        COLUMNS,
        app.deps.config.TIME_ZONE,
      ),
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
