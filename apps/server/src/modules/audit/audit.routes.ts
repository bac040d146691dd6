import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuditActorQuerySchema,
  AuditExportQuerySchema,
  AuditListQuerySchema,
  AuditListSchema,
  ErrorBodySchema,
  LookupResponseSchema,
} from '@cosa/contracts';
import { sendCsv } from '../../lib/csv-export';
import { auditExport, listAudit, listAuditActors } from './audit.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * The audit log of /admin/audit: read and export only. No route changes or removes a line, and the
 * database refuses to (migration 0017).
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  api.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The audit log, newest first: filter by actor, kind, action, subject and days (institute time zone); the count stops at 10,000',
        querystring: AuditListQuerySchema,
        response: { 200: AuditListSchema, ...errors },
      },
    },
    async (request) => listAudit(db, request.query, config.TIME_ZONE),
  );

  // The answer is CSV text streamed a page at a time, so this route has no JSON answer schema for 200.
  api.get(
    '/api/admin/audit/export',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The audit log as CSV with the same filters: who by the name at the time and now, before and after in words and as stored',
        querystring: AuditExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { read, columns } = auditExport(db, request.query, config.TIME_ZONE);
      return sendCsv(reply, 'audit-log', read, columns, config.TIME_ZONE);
    },
  );

  api.get(
    '/api/admin/audit/actors',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The people who made changes in the audit log, by current name and username, for its actor filter; ?id= names one',
        querystring: AuditActorQuerySchema,
        response: { 200: LookupResponseSchema, ...errors },
      },
    },
    async (request) => ({ items: await listAuditActors(db, request.query) }),
  );
}
