import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DataExportListSchema,
  DataExportSchema,
  ErrorBodySchema,
  IdParamsSchema,
} from '@cosa/contracts';
import { currentStudent } from '../../lib/current-user';
import { csvDateTime } from '../../lib/csv-export';
import { sendUploadedFile } from '../../lib/uploaded-file';
import { dataExportArchive, dataExportsOf, requestDataExport } from './data-export.service';

const refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** A student's copy of their data (decision 0041): asked for, listed, downloaded while it lasts. */
export async function dataExportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/me/data-exports',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'Asks for a copy of everything the portal holds about the signed-in student; built in the background, they are notified when it is ready',
        response: { 202: DataExportSchema, ...refusals, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const made = await requestDataExport(app.deps.db, currentStudent(request).id);
      return reply.code(202).send(made);
    },
  );

  api.get(
    '/api/me/data-exports',
    {
      schema: {
        tags: ['privacy'],
        summary: "The signed-in student's recent requests for a copy of their data, newest first",
        response: { 200: DataExportListSchema, ...refusals },
      },
    },
    async (request) => ({ items: await dataExportsOf(app.deps.db, currentStudent(request).id) }),
  );

  // The answer is ZIP bytes, so this route has no JSON answer schema.
  api.get(
    '/api/me/data-exports/:id/archive',
    {
      schema: {
        tags: ['privacy'],
        summary:
          "Downloads a ready copy of the signed-in student's data (a ZIP), within 24 hours of its making",
        params: IdParamsSchema,
      },
    },
    async (request, reply) => {
      const { id } = currentStudent(request);
      const { archive, readyAt } = await dataExportArchive(app.deps.db, id, request.params.id);
      const day = csvDateTime(readyAt, app.deps.config.TIME_ZONE).slice(0, 10);
      return sendUploadedFile(reply, archive, {
        contentType: 'application/zip',
        disposition: 'attachment',
        filename: `cosa-data-${day}.zip`,
        cacheControl: 'no-store',
      });
    },
  );
}
