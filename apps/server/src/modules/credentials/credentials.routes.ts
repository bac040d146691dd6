import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CredentialCheckRequestSchema,
  CredentialCheckSchema,
  ErrorBodySchema,
  IdParamsSchema,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../lib/current-user';
import { attemptLimiter, byIp, byUser } from '../../lib/rate-limiter';
import { checkCredential } from './credential-check.service';
import {
  issueAchievementCredential,
  issuePositionCredential,
  issuerProfile,
  type IssuedCredential,
} from './credentials.service';
import { publishedKey, publishedKeys, THUMBPRINT_PATTERN } from './signing-keys.service';

const tags = ['credentials'];
/** Enough for a recruiter checking a pile of applications by hand; too few to make the server a signature oracle. */
const CHECK_LIMIT = { max: 30, windowMs: 60_000 };
/** Each download is a new credential with an entry of its own: plenty for a student's records, not a script filling the lists. */
const DOWNLOAD_LIMIT = { max: 100, windowMs: 60 * 60_000 };
/** The issuer's documents change only when a key is rotated; an old copy still names every key in use but the newest. */
const PUBLIC_DOCUMENT_CACHE = 'public, max-age=300';

const KeyParamsSchema = z.object({ kid: z.string().regex(THUMBPRINT_PATTERN, 'Not a valid key id.') });
const PublicJwkSchema = z.object({
  kty: z.string(),
  n: z.string(),
  e: z.string(),
  kid: z.string(),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
});
const JwksSchema = z.object({ keys: z.array(PublicJwkSchema) });
const IssuerProfileSchema = z.object({
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  url: z.string(),
});

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** Public documents any verifier (a wallet, another site's page) may fetch. */
const publicDocument = (reply: FastifyReply) =>
  reply.header('cache-control', PUBLIC_DOCUMENT_CACHE).header('access-control-allow-origin', '*');

const download = (reply: FastifyReply, credential: IssuedCredential) =>
  reply
    .header('content-type', 'application/jwt')
    .header('content-disposition', `attachment; filename="${credential.code}.jwt"`)
    .header('cache-control', 'no-store')
    .send(credential.jwt);

/** Open Badges 3.0 credentials: the issuer's profile and keys, a student's download, and the public check. */
export async function credentialsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const checks = attemptLimiter(app, [{ name: 'credential-check-ip', limit: CHECK_LIMIT, keyOf: byIp }]);
  const downloads = attemptLimiter(app, [
    { name: 'credential-download-user', limit: DOWNLOAD_LIMIT, keyOf: byUser },
  ]);

  api.get(
    '/api/issuer',
    {
      schema: {
        tags,
        summary: "The issuer's Open Badges 3.0 profile, named by every credential",
        response: { 200: IssuerProfileSchema },
      },
    },
    async (_request, reply) => publicDocument(reply).send(issuerProfile(config)),
  );

  api.get(
    '/api/issuer/keys/:kid',
    {
      schema: {
        tags,
        summary: 'A public key that signs credentials (JWK), by the thumbprint its credentials name',
        params: KeyParamsSchema,
        response: { 200: PublicJwkSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const key = await publishedKey(db, config, request.params.kid);
      if (!key) throw AppError.notFound('No key of this portal has this id.');
      return publicDocument(reply).send(key);
    },
  );

  // Outside /api, where verifiers look for a site's keys; the web app's page fallback never answers it.
  api.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags,
        summary: 'Every public key that signs or signed credentials (JWKS)',
        response: { 200: JwksSchema },
      },
    },
    async (_request, reply) => publicDocument(reply).send({ keys: await publishedKeys(db, config) }),
  );

  api.get(
    '/api/me/achievements/:id/credential',
    {
      schema: {
        tags,
        summary: 'Download one of your verified achievements as an Open Badges 3.0 credential (VC-JWT)',
        params: IdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      await downloads.hit(request);
      return download(
        reply,
        await issueAchievementCredential(db, config, currentUser(request).id, request.params.id),
      );
    },
  );

  api.get(
    '/api/me/positions/:id/credential',
    {
      schema: {
        tags,
        summary:
          'Download one of your verified positions of responsibility as an Open Badges 3.0 credential (VC-JWT)',
        params: IdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      await downloads.hit(request);
      return download(
        reply,
        await issuePositionCredential(db, config, currentUser(request).id, request.params.id),
      );
    },
  );

  api.post(
    '/api/verify/credentials',
    {
      schema: {
        tags,
        summary:
          'Check a credential: signed by this portal and unaltered (200 for valid and invalid alike)',
        body: CredentialCheckRequestSchema,
        response: {
          200: CredentialCheckSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
      preHandler: async (request) => {
        await checks.hit(request);
      },
    },
    async (request) => checkCredential(db, config, request.body.credential),
  );
}
