import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  IssueTranscriptRequestSchema,
  TranscriptIdParamsSchema,
  TranscriptIssuedSchema,
  TranscriptListSchema,
  TranscriptRecordsSchema,
  TranscriptVerificationSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { attemptLimiter, byIp, byUser } from '../../lib/rate-limiter';
import {
  issueTranscript,
  listTranscripts,
  revokeTranscript,
  transcriptPdf,
  transcriptRecords,
  verifyTranscript,
} from './transcripts.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  429: ErrorBodySchema,
};
const MINUTE_MS = 60_000;
/** A student issues a few transcripts a term; enough for mistakes, not for filling the table. */
const ISSUE_LIMIT = { max: 30, windowMs: 60 * MINUTE_MS };
/** Drawing a PDF takes the server a moment: a student downloading now and then never meets this. */
const PDF_LIMIT = { max: 30, windowMs: 10 * MINUTE_MS };
/** An employer opening a few links is far below this; walking the id space is far above it. */
const VERIFY_LIMIT = { max: 60, windowMs: MINUTE_MS };

/** The student's co-curricular transcripts, and the public page that checks one (its QR code's address). */
export async function transcriptsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const issueLimiter = attemptLimiter(app, [
    { name: 'transcript-issue-user', limit: ISSUE_LIMIT, keyOf: byUser },
  ]);
  const pdfLimiter = attemptLimiter(app, [
    { name: 'transcript-pdf-user', limit: PDF_LIMIT, keyOf: byUser },
  ]);
  const verifyLimiter = attemptLimiter(app, [
    { name: 'transcript-verify-ip', limit: VERIFY_LIMIT, keyOf: byIp },
  ]);

  api.get(
    '/api/me/transcript-records',
    {
      schema: {
        tags: ['transcripts'],
        summary: 'Your verified records that a transcript may include',
        response: { 200: TranscriptRecordsSchema, ...errors },
      },
    },
    async (request) => transcriptRecords(db, currentUser(request).id),
  );

  api.get(
    '/api/me/transcripts',
    {
      schema: {
        tags: ['transcripts'],
        summary: 'Your issued transcripts, newest first',
        response: { 200: TranscriptListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await listTranscripts(db, config, currentUser(request).id) };
    },
  );

  api.post(
    '/api/me/transcripts',
    {
      schema: {
        tags: ['transcripts'],
        summary: 'Issue a transcript of chosen verified records (frozen; it can only be revoked)',
        body: IssueTranscriptRequestSchema,
        response: { 201: TranscriptIssuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await issueLimiter.hit(request);
      const transcript = await issueTranscript(db, config, currentUser(request).id, request.body);
      return reply.code(201).send({ transcript });
    },
  );

  // The answer is PDF bytes, so this route has no JSON answer schema.
  api.get(
    '/api/me/transcripts/:id/pdf',
    {
      schema: {
        tags: ['transcripts'],
        summary: 'Download one of your transcripts as a PDF',
        params: TranscriptIdParamsSchema,
      },
    },
    async (request, reply) => {
      await pdfLimiter.hit(request);
      const { pdf, fileName } = await transcriptPdf(
        db,
        config,
        request.log,
        currentUser(request).id,
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  api.post(
    '/api/me/transcripts/:id/revocation',
    {
      schema: {
        tags: ['transcripts'],
        summary: 'Revoke one of your transcripts; its verification page then says so',
        params: TranscriptIdParamsSchema,
        response: { 200: TranscriptIssuedSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => ({
      transcript: await revokeTranscript(db, config, currentUser(request).id, request.params.id),
    }),
  );

  api.get(
    '/api/verify/transcripts/:id',
    {
      schema: {
        tags: ['transcripts'],
        summary:
          'Check a transcript: what was issued, when, by which institute, and whether it was revoked',
        params: TranscriptIdParamsSchema,
        response: { 200: TranscriptVerificationSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store');
      await verifyLimiter.hit(request);
      return verifyTranscript(db, request.params.id);
    },
  );
}
