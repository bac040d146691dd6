import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCredentialListSchema,
  AdminCredentialQuerySchema,
  CredentialIdParamsSchema,
  ErrorBodySchema,
  IssuedCredentialSchema,
  MyCredentialsSchema,
  RevokeCredentialRequestSchema,
  RevokePastedCredentialRequestSchema,
  StatusListParamsSchema,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../lib/current-user';
import { adminCredentials, myCredentials, revokeCredential } from './credential-admin.service';
import { signedStatusList, STATUS_LIST_TTL_MS } from './credential-status.service';
import { revokePastedCredential } from './pasted-revocation.service';

const tags = ['credentials'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
/** As long as the list's own ttl says; a verifier asking again with its ETag hears 304 while nothing changed. */
const STATUS_LIST_CACHE = `public, max-age=${STATUS_LIST_TTL_MS / 1000}, must-revalidate`;

/** Whether each credential still stands: the published status lists, the holder's list, and the administrator's revocation. */
export async function credentialStatusRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  // The answer is a signed JWT (text), so this route has no JSON answer schema for 200.
  api.get(
    '/api/issuer/status-lists/:list',
    {
      schema: {
        tags,
        summary:
          'A revocation status list (W3C Bitstring Status List, a VC-JWT signed by the issuer) that credentials point into',
        params: StatusListParamsSchema,
      },
    },
    async (request, reply) => {
      const list = await signedStatusList(db, config, request.params.list);
      if (!list) throw AppError.notFound('No status list has this number.');
      reply
        .header('cache-control', STATUS_LIST_CACHE)
        .header('access-control-allow-origin', '*')
        .header('etag', list.etag);
      if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
      return reply.type('application/jwt').send(list.jwt);
    },
  );

  api.get(
    '/api/me/credentials',
    {
      schema: {
        tags,
        summary: 'The credentials you downloaded, newest first, and whether each still stands',
        response: { 200: MyCredentialsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await myCredentials(db, currentUser(request).id) };
    },
  );

  api.get(
    '/api/admin/credentials',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Issued credentials, newest first: find one by its id or by the student's name, e-mail or student id",
        querystring: AdminCredentialQuerySchema,
        response: { 200: AdminCredentialListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return adminCredentials(db, request.query.q);
    },
  );

  api.post(
    '/api/admin/credentials/:id/revocation',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Revoke a credential with a reason (audited); its check and the status list then say so. Never undone.',
        params: CredentialIdParamsSchema,
        body: RevokeCredentialRequestSchema,
        response: {
          200: IssuedCredentialSchema,
          ...errors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => revokeCredential(db, currentUser(request).id, request.params.id, request.body),
  );

  api.post(
    '/api/admin/credentials/revocations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Revoke a credential by its own text (a .jwt file), including one signed before status lists; audited, never undone',
        body: RevokePastedCredentialRequestSchema,
        response: {
          200: IssuedCredentialSchema,
          ...errors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => revokePastedCredential(db, config, currentUser(request).id, request.body),
  );
}
