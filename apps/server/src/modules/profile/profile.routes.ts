import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  IdParamsSchema,
  PHOTO_MAX_BYTES,
  PhotoResponseSchema,
  profileUpdateSchema,
  ProfileResponseSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { AppError } from '../../lib/app-error';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { deletePhoto, normalizePhoto, readPhoto, savePhoto } from './photo.service';
import { readUploadedImage, sendWebp } from '../../lib/uploaded-image';
import { getOwnProfile, updateOwnProfile } from './profile.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Photo changes and removals a user may make: enough for a fussy afternoon, not for filling the database. */
const PHOTO_LIMIT = { max: 20, windowMs: 60 * 60_000 };

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
      const image = await readPhoto(app.deps.db, currentUser(request), request.params.id);
      if (!image) throw AppError.notFound('This photo does not exist.');
      return sendWebp(reply, image, 'photo.webp');
    },
  );
}
