import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  PrivacyChoicesInputSchema,
  PrivacyChoicesSchema,
  PrivacyNoticeSchema,
  RecordAccessListSchema,
  RecordAccessQuerySchema,
} from '@cosa/contracts';
import { currentStudent } from '../../lib/current-user';
import { accessLogOf } from './access-log.service';
import { choicesOf, privacyNoticeOf, saveChoices } from './choices.service';

const refusals = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The privacy notice, a student's choices and the log of who opened their record (decision 0041). */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/privacy/notice',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'The settings the privacy notice is written from: the grievance officer and how long what is kept',
        response: { 200: PrivacyNoticeSchema },
      },
    },
    async () => privacyNoticeOf(app.deps.config),
  );

  api.get(
    '/api/me/privacy',
    {
      schema: {
        tags: ['privacy'],
        summary: "The signed-in student's privacy choices",
        response: { 200: PrivacyChoicesSchema, ...refusals },
      },
    },
    async (request) => choicesOf(app.deps.db, currentStudent(request).id),
  );

  api.put(
    '/api/me/privacy',
    {
      schema: {
        tags: ['privacy'],
        summary: "Changes the signed-in student's privacy choices; they take effect at once",
        body: PrivacyChoicesInputSchema,
        response: { 200: PrivacyChoicesSchema, ...refusals },
      },
    },
    async (request) => {
      const { id } = currentStudent(request);
      await app.deps.db.transaction((tx) => saveChoices(tx, id, request.body, 'settings'));
      return choicesOf(app.deps.db, id);
    },
  );

  api.get(
    '/api/me/record-access',
    {
      schema: {
        tags: ['privacy'],
        summary: "Who opened the signed-in student's record or personal details, newest first",
        querystring: RecordAccessQuerySchema,
        response: { 200: RecordAccessListSchema, ...refusals },
      },
    },
    async (request) =>
      accessLogOf(app.deps.db, currentStudent(request).id, request.query.page, request.query.pageSize),
  );
}
