import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CandidateResponseSchema,
  ErrorBodySchema,
  IdParamsSchema,
  MANIFESTO_PDF_FIELD,
  MANIFESTO_PDF_MAX_BYTES,
  MANIFESTO_PDF_MESSAGES,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { pdfFileName, readUploadedPdf, sendPdf, type PdfField } from '../../lib/uploaded-pdf';
import { manifestoPdfOf, removeManifestoPdf, saveManifestoPdf } from './manifesto-pdf.service';
import { changeErrors } from './route-errors';

/** PDFs a nominee may send in an hour: enough to correct a few drafts, not to fill the database. */
const UPLOAD_LIMIT = { max: 20, windowMs: 60 * 60_000 };

const PDF_FIELD: PdfField = {
  name: MANIFESTO_PDF_FIELD,
  missing: MANIFESTO_PDF_MESSAGES.missing,
  tooLarge: MANIFESTO_PDF_MESSAGES.tooLarge,
  notPdf: MANIFESTO_PDF_MESSAGES.notPdf,
  activeContent: MANIFESTO_PDF_MESSAGES.activeContent,
};

/** A nomination's manifesto PDF (decision 0038): attached, replaced and removed by its nominee, read by whoever sees the nomination. */
export async function manifestoPdfRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.db;
  await app.register(fastifyMultipart, {
    limits: { fileSize: MANIFESTO_PDF_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const uploads = attemptLimiter(app, [
    { name: 'manifesto-pdf-user', limit: UPLOAD_LIMIT, keyOf: byUser },
  ]);
  const path = '/api/elections/nominations/:id/manifesto-pdf';

  api.put(
    path,
    {
      schema: {
        tags: ['elections'],
        summary:
          'Attach or replace the manifesto PDF of one’s own nomination while it awaits the decision, before voting opens (multipart field "pdf": a PDF, at most 5 MB, judged by its bytes)',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: {
          200: CandidateResponseSchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
          ...changeErrors,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await uploads.hit(request);
      const pdf = await readUploadedPdf(request, PDF_FIELD);
      return { candidate: await saveManifestoPdf(db(), user, request.params.id, pdf) };
    },
  );

  api.delete(
    path,
    {
      schema: {
        tags: ['elections'],
        summary:
          'Remove the manifesto PDF of one’s own nomination while it awaits the decision, before voting opens',
        params: IdParamsSchema,
        response: { 200: CandidateResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      candidate: await removeManifestoPdf(db(), currentUser(request), request.params.id),
    }),
  );

  // The answer is PDF bytes, so this route has no JSON answer schema.
  api.get(
    path,
    {
      schema: {
        tags: ['elections'],
        summary:
          'Download a nomination’s manifesto PDF, for whoever sees the nomination (its voters once accepted, its nominee, the officer, the administrator)',
        params: IdParamsSchema,
      },
    },
    async (request, reply) => {
      const { pdf, nominee } = await manifestoPdfOf(db(), currentUser(request), request.params.id);
      return sendPdf(reply, pdf, pdfFileName('manifesto', nominee));
    },
  );
}
