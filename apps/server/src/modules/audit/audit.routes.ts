import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_KIND_LABELS,
  AuditActorQuerySchema,
  AuditExportQuerySchema,
  AuditListQuerySchema,
  AuditListSchema,
  ErrorBodySchema,
  LookupResponseSchema,
} from '@cosa/contracts';
import { sendCsv, type CsvColumn } from '../../lib/csv-export';
import { listAudit, listAuditActors, readAuditExportPage, type AuditExportRow } from './audit.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

const COLUMNS: readonly CsvColumn<AuditExportRow>[] = [
  { header: 'When', value: (entry) => new Date(entry.createdAt) },
  { header: 'Who', value: (entry) => entry.actor.name },
  { header: 'Actor ID', value: (entry) => entry.actor.id },
  { header: 'Kind', value: (entry) => AUDIT_KIND_LABELS[entry.kind] },
  { header: 'Action', value: (entry) => AUDIT_ACTION_LABELS[entry.action] },
  { header: 'Subject type', value: (entry) => entry.subjectType },
  { header: 'Subject ID', value: (entry) => entry.subjectId },
  { header: 'Subject', value: (entry) => entry.subjectLabel },
  { header: 'Summary', value: (entry) => entry.summary },
  { header: 'Before', value: (entry) => json(entry.before) },
  { header: 'After', value: (entry) => json(entry.after) },
];

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
        summary: 'The audit log as CSV with the same filters; before and after as JSON',
        querystring: AuditExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'audit-log',
        (after) => readAuditExportPage(db, request.query, config.TIME_ZONE, after),
        COLUMNS,
        config.TIME_ZONE,
      ),
  );

  api.get(
    '/api/admin/audit/actors',
    {
      schema: {
        tags: ['admin'],
        summary: 'The people who made changes in the audit log, for its actor filter',
        querystring: AuditActorQuerySchema,
        response: { 200: LookupResponseSchema, ...errors },
      },
    },
    async (request) => ({ items: await listAuditActors(db, request.query.q) }),
  );
}
