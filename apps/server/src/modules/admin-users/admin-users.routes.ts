import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSummarySchema,
  AdminUserExportQuerySchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserResponseSchema,
  ErrorBodySchema,
  IdParamsSchema,
  RoleChangeRequestSchema,
  SignOutEverywhereResponseSchema,
} from '@cosa/contracts';
import { sendCsv } from '../../lib/csv-export';
import { currentUser } from '../../lib/current-user';
import { cameFromOf, recordAccessMany } from '../privacy/access-log.service';
import {
  adminSummary,
  adminUsersExport,
  adminUsersExportSubjects,
  adminUserSubject,
  getAdminUser,
  listAdminUsers,
} from './admin-users.read';
import {
  changeUserRole,
  deactivateUser,
  reactivateUser,
  signOutEverywhere,
} from './admin-users.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** The institute administrator's overview and users (deviation 60): search, roles, deactivation, signing out. */
export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    '/api/admin/summary',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Counts for the administration overview: users by role and state, units, rooms, skills, audit lines',
        response: { 200: AdminSummarySchema, ...errors },
      },
    },
    async () => adminSummary(db),
  );

  api.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Users: search by name, username, e-mail or the start of a student id; filter by role and state; paged, by name',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema, ...errors },
      },
    },
    async (request) => listAdminUsers(db, request.query),
  );

  api.get(
    '/api/admin/users/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The users list as CSV, with the same search and filters, streamed',
        querystring: AdminUserExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { read, columns } = adminUsersExport(db, request.query);
      // Every account the file carries: their e-mail, username and student id leave the portal.
      await recordAccessMany(db, adminUsersExportSubjects(request.query), {
        viewer: currentUser(request),
        kind: 'export',
        cameFrom: cameFromOf(request.headers),
      });
      return sendCsv(reply, 'users', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One user with profile basics, club, state, live sessions and last sign-in',
        params: IdParamsSchema,
        response: { 200: AdminUserResponseSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [user] = await Promise.all([
        getAdminUser(db, id),
        // Logged only for an account that exists: the query selects nobody for an unknown id.
        recordAccessMany(db, adminUserSubject(id), {
          viewer: currentUser(request),
          kind: 'personal_details',
          cameFrom: cameFromOf(request.headers),
        }),
      ]);
      return { user };
    },
  );

  api.put(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Change a user's role; a club coordinator names a club in use; only verified accounts hold a role; the last active administrator stays",
        params: IdParamsSchema,
        body: RoleChangeRequestSchema,
        response: { 200: AdminUserResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      user: await changeUserRole(db, currentUser(request), request.params.id, request.body),
    }),
  );

  api.post(
    '/api/admin/users/:id/deactivation',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Deactivate an account: every session ends and sign-in is refused; never yourself or the last active administrator',
        params: IdParamsSchema,
        response: { 200: AdminUserResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({ user: await deactivateUser(db, currentUser(request), request.params.id) }),
  );

  api.post(
    '/api/admin/users/:id/reactivation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reactivate a deactivated account',
        params: IdParamsSchema,
        response: { 200: AdminUserResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({ user: await reactivateUser(db, currentUser(request), request.params.id) }),
  );

  api.post(
    '/api/admin/users/:id/sign-out',
    {
      schema: {
        tags: ['admin'],
        summary: 'End every session of an account',
        params: IdParamsSchema,
        response: { 200: SignOutEverywhereResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      sessionsEnded: await signOutEverywhere(db, currentUser(request), request.params.id),
    }),
  );
}
