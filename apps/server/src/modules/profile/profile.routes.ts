import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  ErrorBodySchema,
  IdParamsSchema,
  PHOTO_MAX_BYTES,
  PhotoResponseSchema,
  PROFILE_MESSAGES,
  profileUpdateSchema,
  ProfileResponseSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { AppError } from '../../lib/app-error';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { deletePhoto, normalizePhoto, readPhoto, savePhoto } from './photo.service';
import { getOwnProfile, updateOwnProfile } from './profile.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Photo changes and removals a user may make: enough for a fussy afternoon, not for filling the database. */
const PHOTO_LIMIT = { max: 20, windowMs: 60 * 60_000 };

const noImage = () =>
  AppError.badRequest(PROFILE_MESSAGES.photoMissing, { image: PROFILE_MESSAGES.photoMissing });
const tooLarge = () => new AppError(413, ERROR_CODES.tooLarge, PROFILE_MESSAGES.photoTooLarge);

/**
 * The bytes of the multipart field 'image'. A malformed body (no boundary, no parts, a part cut
 * short) is the client's mistake, 400; a file over the limit is 413 even when the limit falls
 * exactly on a chunk boundary (the parser then only marks the stream truncated).
 */
async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw noImage();
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image') throw noImage();
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    if (bytes.length === 0) throw noImage();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The parser's other limits (fields, parts, files) are a malformed form, not a large photo.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    request.log.info({ reason: (error as Error).message }, 'unreadable multipart upload');
    throw noImage();
  }
}

/** The signed-in user's own profile and photo (spec sections 2 and 7); the user is the session's, whatever the request names. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const photoLimiter = attemptLimiter(app, [{ name: 'photo-user', limit: PHOTO_LIMIT, keyOf: byUser }]);

  api.get(
    '/api/me/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Read your profile',
        response: { 200: ProfileResponseSchema, ...errors },
      },
    },
    async (request) => ({ profile: await getOwnProfile(app.deps.db, currentUser(request).id) }),
  );

  api.put(
    '/api/me/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Save your profile',
        body: profileUpdateSchema(),
        response: { 200: ProfileResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { profile: await updateOwnProfile(app.deps.db, user.id, user.role, request.body) };
    },
  );

  api.put(
    '/api/me/photo',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change your photo (multipart field "image": JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: PhotoResponseSchema, 413: ErrorBodySchema, 429: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await photoLimiter.hit(request);
      return {
        photoUrl: await savePhoto(
          app.deps.db,
          user.id,
          await normalizePhoto(await readUploadedImage(request)),
        ),
      };
    },
  );

  api.delete(
    '/api/me/photo',
    {
      schema: {
        tags: ['profile'],
        summary: 'Remove your photo',
        response: { 200: PhotoResponseSchema, ...errors },
      },
    },
    async (request) => {
      // Never limited: a user must always be able to take a picture down.
      await deletePhoto(app.deps.db, currentUser(request).id);
      return { photoUrl: null };
    },
  );

  // The answer is image bytes, so this route has no JSON answer schema.
  app.get<{ Params: { id: string } }>(
    '/api/photos/:id',
    { schema: { tags: ['profile'], summary: "A user's photo (WebP)", params: IdParamsSchema } },
    async (request, reply) => {
      const image = await readPhoto(app.deps.db, request.params.id);
      if (!image) throw AppError.notFound('This photo does not exist.');
      // A photo's id changes with its content, so a copy never goes stale; only signed-in browsers keep it.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline; filename="photo.webp"')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(image);
    },
  );
}
