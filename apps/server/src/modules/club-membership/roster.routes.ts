import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClubMemberParamsSchema,
  ClubParamsSchema,
  MemberRemovalInputSchema,
  MemberRoleInputSchema,
  RosterEntryResponseSchema,
  RosterExportQuerySchema,
  RosterQuerySchema,
  RosterSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { cameFromOf, recordAccessMany } from '../privacy/access-log.service';
import { errors } from './club-route-errors';
import { sendCsv } from '../../lib/csv-export';
import { rosterClub } from './club-access.service';
import { clubRoster } from './roster.read';
import { removeMember, renameMemberRole } from './roster.service';
import { rosterExport } from './roster-export.service';

/** A club's roster with its history: read, exported, and kept by its coordinator. */
export async function clubRosterRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    '/api/clubs/:unitId/members',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "The club's roster with its history, searched by name or student ID (its coordinator, the officials and the administrator)",
        params: ClubParamsSchema,
        querystring: RosterQuerySchema,
        response: { 200: RosterSchema, ...errors },
      },
    },
    async (request) => {
      const club = await rosterClub(db, currentUser(request), request.params.unitId);
      return clubRoster(db, club.id, request.query);
    },
  );

  api.patch(
    '/api/clubs/:unitId/members/:membershipId',
    {
      schema: {
        tags: ['clubs'],
        summary: "Name a current member's role (the club's coordinator)",
        params: ClubMemberParamsSchema,
        body: MemberRoleInputSchema,
        response: { 200: RosterEntryResponseSchema, ...errors },
      },
    },
    async (request) => ({
      member: await renameMemberRole(
        db,
        currentUser(request),
        request.params.unitId,
        request.params.membershipId,
        request.body,
      ),
    }),
  );

  api.post(
    '/api/clubs/:unitId/members/:membershipId/removal',
    {
      schema: {
        tags: ['clubs'],
        summary: "End a member's membership with a reason the student reads (the club's coordinator)",
        params: ClubMemberParamsSchema,
        body: MemberRemovalInputSchema,
        response: { 200: RosterEntryResponseSchema, ...errors },
      },
    },
    async (request) => ({
      member: await removeMember(
        db,
        currentUser(request),
        request.params.unitId,
        request.params.membershipId,
        request.body,
      ),
    }),
  );

  api.get(
    '/api/clubs/:unitId/members/export',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "The club's roster as CSV, with the list's search and status (its coordinator, the officials and the administrator)",
        params: ClubParamsSchema,
        querystring: RosterExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const club = await rosterClub(db, actor, request.params.unitId);
      const { read, columns, subjects } = rosterExport(db, club.id, request.query);
      await recordAccessMany(db, subjects, {
        viewer: actor,
        kind: 'export',
        cameFrom: cameFromOf(request.headers),
      });
      return sendCsv(reply, 'club-roster', read, columns, app.deps.config.TIME_ZONE);
    },
  );
}
