import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CorrectionDecisionSchema,
  CorrectionListQuerySchema,
  CorrectionListSchema,
  CorrectionRequestSchema,
  CorrectionSchema,
  ErrorBodySchema,
  IdConflictDecisionSchema,
  IdConflictListQuerySchema,
  IdConflictListSchema,
  IdConflictSchema,
  StudentIdClaimReceiptSchema,
  IdParamsSchema,
  StudentIdClaimSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import {
  decideCorrection,
  fileCorrection,
  listCorrections,
  listOwnCorrections,
} from './corrections.service';
import { decideIdConflict, listIdConflicts, reportStudentIdClaim } from './student-ids.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * The facts the institute keeps (decision 0015): a student asks for a correction or for a Student
 * ID another account holds; the administrator decides both.
 */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me/corrections',
    {
      schema: {
        tags: ['profile'],
        summary: 'My requests to correct a fact the institute keeps, newest first',
        response: { 200: CorrectionListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listOwnCorrections(app.deps.db, currentUser(request).id) }),
  );

  api.post(
    '/api/me/corrections',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Ask the administrator to correct a fact the institute keeps (one open request a field)',
        body: CorrectionRequestSchema,
        response: { 201: z.object({ correction: CorrectionSchema }), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ correction: await fileCorrection(app.deps.db, currentUser(request), request.body) }),
  );

  api.post(
    '/api/me/student-id-claims',
    {
      schema: {
        tags: ['profile'],
        summary: 'Ask the administrator for a Student ID another account holds',
        body: StudentIdClaimSchema,
        response: { 201: StudentIdClaimReceiptSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const conflict = await reportStudentIdClaim(
        app.deps.db,
        currentUser(request),
        request.body.studentId,
      );
      const { id, studentId, status, createdAt } = conflict;
      return reply.code(201).send({ claim: { id, studentId, status, createdAt } });
    },
  );

  api.get(
    '/api/admin/corrections',
    {
      schema: {
        tags: ['admin'],
        summary: "Students' correction requests of one status",
        querystring: CorrectionListQuerySchema,
        response: { 200: CorrectionListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listCorrections(app.deps.db, request.query.status) }),
  );

  api.post(
    '/api/admin/corrections/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve (the fact changes, audited) or decline (with a reason) a correction request',
        params: IdParamsSchema,
        body: CorrectionDecisionSchema,
        response: { 200: z.object({ correction: CorrectionSchema }), ...changeErrors },
      },
    },
    async (request) => ({
      correction: await decideCorrection(
        app.deps.db,
        currentUser(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  api.get(
    '/api/admin/student-id-conflicts',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Student IDs two accounts want, open or settled (the roll’s releases among the settled)',
        querystring: IdConflictListQuerySchema,
        response: { 200: IdConflictListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listIdConflicts(app.deps.db, request.query.status) }),
  );

  api.post(
    '/api/admin/student-id-conflicts/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Give a Student ID to the student who asked, confirm its holder, or release it (audited)',
        params: IdParamsSchema,
        body: IdConflictDecisionSchema,
        response: { 200: z.object({ conflict: IdConflictSchema }), ...changeErrors },
      },
    },
    async (request) => ({
      conflict: await decideIdConflict(
        app.deps.db,
        currentUser(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );
}
