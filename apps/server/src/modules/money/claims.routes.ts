import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLAIM_MESSAGES,
  ClaimChangeSchema,
  ClaimDecisionSchema,
  ClaimInputSchema,
  ClaimListQuerySchema,
  ClaimListSchema,
  ClaimOptionsSchema,
  ClaimPaymentSchema,
  ClaimResponseSchema,
  ClaimSubmissionSchema,
  ErrorBodySchema,
  IdParamsSchema,
  RECEIPT_FIELD,
  RECEIPT_MAX_BYTES,
  UuidSchema,
} from '@cosa/contracts';
import { EXPORT_PAGE_SIZE, sendCsv } from '../../lib/csv-export';
import { currentUser } from '../../lib/current-user';
import { fewAtOnce } from '../../lib/few-at-once';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { readUploadedFile, sendUploadedFile } from '../../lib/uploaded-file';
import { actorFactsOf } from '../clubs/unit-facts.service';
import { decideClaim, payClaim } from './claim-decisions.service';
import { CLAIM_COLUMNS } from './claims-export';
import { claimExportReader, listClaims } from './claims-list.read';
import { claimDetail, claimOptions } from './claims.read';
import {
  addReceipt,
  changeClaim,
  deleteDraft,
  fileClaim,
  mayAddReceiptTo,
  receiptOf,
  removeReceipt,
  submitClaim,
} from './claims.service';
import { checkedReceipt } from './receipts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};
const changeErrors = { ...errors, 409: ErrorBodySchema };
const ReceiptParamsSchema = z.object({ id: UuidSchema, receiptId: UuidSchema });
/** Receipts a person may send in an hour: a term's claims, not enough to fill the database. */
const UPLOAD_LIMIT = { max: 60, windowMs: 60 * 60_000 };

/** Expense claims (decision 0040): filed with receipts, decided in stages, paid; each answer is the claim whole. */
export async function claimsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.db;
  const actorOf = (request: FastifyRequest) => actorFactsOf(app.deps.db, currentUser(request));
  const timeZone = app.deps.config.TIME_ZONE;
  await app.register(fastifyMultipart, {
    limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const uploads = attemptLimiter(app, [
    { name: 'claim-receipt-user', limit: UPLOAD_LIMIT, keyOf: byUser },
  ]);
  const storing = fewAtOnce(2, CLAIM_MESSAGES.busy);
  const claimAnswer = async (request: FastifyRequest, id: string) => ({
    claim: await claimDetail(db(), await actorOf(request), id),
  });

  api.get(
    '/api/money/claims',
    {
      schema: {
        tags: ['money'],
        summary:
          'The claims the reader may see (their own, their council’s or club’s), filtered and paged',
        querystring: ClaimListQuerySchema,
        response: { 200: ClaimListSchema, ...errors },
      },
    },
    async (request) => listClaims(db(), await actorOf(request), request.query),
  );

  api.get(
    '/api/money/claims/export',
    {
      schema: {
        tags: ['money'],
        summary: 'The same claims as CSV, with the list’s filters',
        querystring: ClaimListQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const read = claimExportReader(db(), await actorOf(request), request.query, EXPORT_PAGE_SIZE);
      return sendCsv(reply, 'claims', read, CLAIM_COLUMNS, timeZone);
    },
  );

  api.get(
    '/api/money/claims/options',
    {
      schema: {
        tags: ['money'],
        summary: 'The clubs the reader may file claims for, with the events they may claim for',
        response: { 200: ClaimOptionsSchema, ...errors },
      },
    },
    async (request) => claimOptions(db(), await actorOf(request), timeZone),
  );

  api.post(
    '/api/money/claims',
    {
      schema: {
        tags: ['money'],
        summary: 'File a draft claim for one’s club or one’s event (receipts and submission follow)',
        body: ClaimInputSchema,
        response: { 201: ClaimResponseSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const id = await fileClaim(db(), await actorOf(request), request.body);
      return reply.code(201).send(await claimAnswer(request, id));
    },
  );

  api.get(
    '/api/money/claims/:id',
    {
      schema: {
        tags: ['money'],
        summary: 'A claim with its receipts, its timeline and what the reader may do with it',
        params: IdParamsSchema,
        response: { 200: ClaimResponseSchema, ...errors },
      },
    },
    async (request) => claimAnswer(request, request.params.id),
  );

  api.put(
    '/api/money/claims/:id',
    {
      schema: {
        tags: ['money'],
        summary: 'Change one’s draft or a claim sent back, from the version it was read at',
        params: IdParamsSchema,
        body: ClaimChangeSchema,
        response: { 200: ClaimResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      await changeClaim(db(), await actorOf(request), request.params.id, request.body);
      return claimAnswer(request, request.params.id);
    },
  );

  api.delete(
    '/api/money/claims/:id',
    {
      schema: {
        tags: ['money'],
        summary: 'Delete one’s draft',
        params: IdParamsSchema,
        response: { 204: z.null(), ...changeErrors },
      },
    },
    async (request, reply) => {
      await deleteDraft(db(), await actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/api/money/claims/:id/receipts',
    {
      schema: {
        tags: ['money'],
        summary:
          'Attach a receipt to one’s draft or claim sent back (multipart field "receipt": a PDF, JPEG or PNG of at most 5 MB, judged by its bytes; pictures are re-encoded)',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: {
          201: ClaimResponseSchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
          ...changeErrors,
        },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      await mayAddReceiptTo(db(), actor, request.params.id);
      await uploads.hit(request);
      const bytes = await readUploadedFile(request, {
        name: RECEIPT_FIELD,
        missing: CLAIM_MESSAGES.receiptMissing,
        tooLarge: CLAIM_MESSAGES.receiptTooLarge,
      });
      await storing(async () => addReceipt(db(), actor, request.params.id, await checkedReceipt(bytes)));
      return reply.code(201).send(await claimAnswer(request, request.params.id));
    },
  );

  // The answer is the receipt's bytes, so this route has no JSON answer schema.
  api.get(
    '/api/money/claims/:id/receipts/:receiptId',
    {
      schema: {
        tags: ['money'],
        summary: 'Download a receipt of a claim the reader may see',
        params: ReceiptParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, receiptId } = request.params;
      const receipt = await receiptOf(db(), await actorOf(request), id, receiptId);
      const pdf = receipt.contentType === 'application/pdf';
      return sendUploadedFile(reply, receipt.content, {
        contentType: receipt.contentType,
        disposition: 'attachment',
        filename: `receipt-${receipt.claimCode.toLowerCase()}-${receiptId.slice(0, 8)}.${pdf ? 'pdf' : 'jpg'}`,
        cacheControl: 'private, no-store',
      });
    },
  );

  api.delete(
    '/api/money/claims/:id/receipts/:receiptId',
    {
      schema: {
        tags: ['money'],
        summary: 'Remove a receipt from one’s draft or claim sent back',
        params: ReceiptParamsSchema,
        response: { 200: ClaimResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { id, receiptId } = request.params;
      await removeReceipt(db(), await actorOf(request), id, receiptId);
      return claimAnswer(request, id);
    },
  );

  api.post(
    '/api/money/claims/:id/submission',
    {
      schema: {
        tags: ['money'],
        summary:
          'Submit one’s claim (it needs at least one receipt) to the general secretary of the club’s council',
        params: IdParamsSchema,
        body: ClaimSubmissionSchema,
        response: { 200: ClaimResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      await submitClaim(db(), await actorOf(request), request.params.id, request.body.version);
      return claimAnswer(request, request.params.id);
    },
  );

  api.post(
    '/api/money/claims/:id/decision',
    {
      schema: {
        tags: ['money'],
        summary:
          'Approve (in full or in part), send back or reject a claim awaiting the reader: the general secretary of its council, then the president above the set amount',
        params: IdParamsSchema,
        body: ClaimDecisionSchema,
        response: { 200: ClaimResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      await decideClaim(db(), await actorOf(request), request.params.id, request.body);
      return claimAnswer(request, request.params.id);
    },
  );

  api.post(
    '/api/money/claims/:id/payment',
    {
      schema: {
        tags: ['money'],
        summary: 'Mark an approved claim paid, with the payment’s reference (the accounts office)',
        params: IdParamsSchema,
        body: ClaimPaymentSchema,
        response: { 200: ClaimResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      await payClaim(db(), await actorOf(request), request.params.id, request.body);
      return claimAnswer(request, request.params.id);
    },
  );
}
