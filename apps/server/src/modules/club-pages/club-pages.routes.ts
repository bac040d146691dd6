import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLUB_PAGE_MESSAGES,
  ClubDirectoryQuerySchema,
  ClubDirectorySchema,
  ClubImageParamsSchema,
  ClubImageResponseSchema,
  ClubPageInputSchema,
  ClubPageResponseSchema,
  ClubParamsSchema,
  ClubSlugParamsSchema,
  ClubTagInputSchema,
  ClubTagListSchema,
  ClubTagResponseSchema,
  ErrorBodySchema,
  FollowSchema,
  IdParamsSchema,
  PHOTO_MAX_BYTES,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { currentStudent, currentUser } from '../../lib/current-user';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { readUploadedImage, sendWebp } from '../../lib/uploaded-image';
import { deleteClubImage, readClubImage, saveClubImage } from './club-images.service';
import { clubDirectory } from './club-directory.read';
import { clubPageOf } from './club-page.read';
import { follow, saveClubPage, unfollow } from './club-page.service';
import { clubTagList, createClubTag, deleteClubTag, renameClubTag } from './club-tags.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** Picture changes a coordinator may make: a busy afternoon's worth, not enough to fill the database. */
const IMAGE_LIMIT = { max: 30, windowMs: 60 * 60_000 };

/** Finding clubs: the directory, each club's page and its editor, the tag list, and follows. */
export async function clubPagesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const imageLimiter = attemptLimiter(app, [
    { name: 'club-image-user', limit: IMAGE_LIMIT, keyOf: byUser },
  ]);

  api.get(
    '/api/clubs',
    {
      schema: {
        tags: ['clubs'],
        summary:
          'The club directory: every active club and council body, those recruiting first; search by name, tag and description (near misses too), filter by council and category',
        querystring: ClubDirectoryQuerySchema,
        response: { 200: ClubDirectorySchema, ...errors },
      },
    },
    async (request) => clubDirectory(db, currentUser(request).id, request.query),
  );

  api.get(
    '/api/clubs/by-slug/:slug',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "A club's page: about, contact, office-bearers of this tenure, events, announcements to its members (for them), and where the reader stands",
        params: ClubSlugParamsSchema,
        response: { 200: ClubPageResponseSchema, ...errors },
      },
    },
    async (request) => ({ page: await clubPageOf(db, currentUser(request), request.params.slug) }),
  );

  api.put(
    '/api/clubs/:unitId/page',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "Save the club page's words and tags, at most four from the list (the club's coordinator)",
        params: ClubParamsSchema,
        body: ClubPageInputSchema,
        response: { 200: ClubPageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      page: await saveClubPage(db, currentUser(request), request.params.unitId, request.body),
    }),
  );

  api.put(
    '/api/clubs/:unitId/images/:kind',
    {
      schema: {
        tags: ['clubs'],
        summary:
          'Change the club\'s logo or banner (multipart field "image": JPEG, PNG or WebP, at most 5 MB; re-encoded, metadata dropped)',
        consumes: ['multipart/form-data'],
        params: ClubImageParamsSchema,
        response: {
          200: ClubImageResponseSchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await imageLimiter.hit(request);
      const { unitId, kind } = request.params;
      return saveClubImage(db, user, unitId, kind, await readUploadedImage(request));
    },
  );

  api.delete(
    '/api/clubs/:unitId/images/:kind',
    {
      schema: {
        tags: ['clubs'],
        summary: "Remove the club's logo or banner",
        params: ClubImageParamsSchema,
        response: { 200: ClubImageResponseSchema, ...errors },
      },
    },
    async (request) =>
      deleteClubImage(db, currentUser(request), request.params.unitId, request.params.kind),
  );

  // The answer is image bytes, so this route has no JSON answer schema.
  app.get<{ Params: { id: string } }>(
    '/api/club-images/:id',
    { schema: { tags: ['clubs'], summary: "A club's logo or banner (WebP)", params: IdParamsSchema } },
    async (request, reply) => {
      const image = await readClubImage(db, request.params.id);
      if (!image) throw AppError.notFound(CLUB_PAGE_MESSAGES.imageNotFound);
      return sendWebp(reply, image, 'club.webp');
    },
  );

  api.put(
    '/api/clubs/:unitId/follow',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Follow a club: its events come into your calendar feed and home',
        params: ClubParamsSchema,
        response: { 200: FollowSchema, ...errors },
      },
    },
    async (request) => follow(db, currentStudent(request).id, request.params.unitId),
  );

  api.delete(
    '/api/clubs/:unitId/follow',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Stop following a club',
        params: ClubParamsSchema,
        response: { 200: FollowSchema, ...errors },
      },
    },
    async (request) => unfollow(db, currentStudent(request).id, request.params.unitId),
  );

  api.get(
    '/api/club-tags',
    {
      schema: {
        tags: ['clubs'],
        summary: 'The tags clubs choose from, with how many clubs carry each',
        response: { 200: ClubTagListSchema, ...errors },
      },
    },
    async () => clubTagList(db),
  );

  api.post(
    '/api/admin/club-tags',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a club tag to the list (the administrator)',
        body: ClubTagInputSchema,
        response: { 201: ClubTagResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ tag: await createClubTag(db, currentUser(request).id, request.body) }),
  );

  api.patch(
    '/api/admin/club-tags/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a club tag: every club carrying it shows the new name',
        params: IdParamsSchema,
        body: ClubTagInputSchema,
        response: { 200: ClubTagResponseSchema, ...errors },
      },
    },
    async (request) => ({
      tag: await renameClubTag(db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  api.delete(
    '/api/admin/club-tags/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a club tag from the list and from every club',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteClubTag(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
