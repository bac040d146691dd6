import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClubParamsSchema,
  ClubRequestParamsSchema,
  ErrorBodySchema,
  IdParamsSchema,
  InvitationDecisionInputSchema,
  InvitationInputSchema,
  JoinDecisionInputSchema,
  JoinRequestInputSchema,
  JoinRequestListQuerySchema,
  JoinRequestListSchema,
  JoinRequestResponseSchema,
  MembershipResponseSchema,
  MyMembershipsSchema,
  RecruitingInputSchema,
  RecruitingSchema,
} from '@cosa/contracts';
import { currentStudent, currentUser } from '../../lib/current-user';
import { errors } from './club-route-errors';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { coordinatedClub } from './club-access.service';
import { clubJoinRequestList, myInvitationList, myMembershipList } from './club-membership.read';
import {
  decideJoinRequest,
  leaveClub,
  requestToJoin,
  setRecruiting,
  withdrawMyRequest,
} from './club-membership.service';
import { decideInvitation, inviteStudent } from './invitations.service';

/** Invitations a coordinator may send in an hour, refused ones included. */
const INVITATION_LIMIT = { max: 60, windowMs: 60 * 60_000 };

/** Joining clubs: requests and invitations, and the members' own memberships (the roster: roster.routes.ts). */
export async function clubMembershipRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  // Each invitation tells a student: a coordinator's afternoon of recruiting, not a flood of notices.
  const invitations = attemptLimiter(app, [
    { name: 'club-invitation-user', limit: INVITATION_LIMIT, keyOf: byUser },
  ]);

  api.put(
    '/api/clubs/:unitId/recruiting',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "Open or close the club to new members, with an optional question for applicants (the club's coordinator)",
        params: ClubParamsSchema,
        body: RecruitingInputSchema,
        response: { 200: RecruitingSchema, ...errors },
      },
    },
    async (request) => setRecruiting(db, currentUser(request), request.params.unitId, request.body),
  );

  api.post(
    '/api/clubs/:unitId/join-requests',
    {
      schema: {
        tags: ['clubs'],
        summary:
          'Ask to join a recruiting club, answering its question; one request waits per person and club, and a member cannot ask',
        params: ClubParamsSchema,
        body: JoinRequestInputSchema,
        response: { 201: JoinRequestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const joinRequest = await requestToJoin(
        db,
        currentStudent(request),
        request.params.unitId,
        request.body,
      );
      return reply.code(201).send({ request: joinRequest });
    },
  );

  api.delete(
    '/api/clubs/:unitId/join-requests/mine',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Withdraw your request waiting to join the club',
        params: ClubParamsSchema,
        response: { 200: JoinRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({
      request: await withdrawMyRequest(db, currentStudent(request), request.params.unitId),
    }),
  );

  api.get(
    '/api/clubs/:unitId/join-requests',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "The club's requests and invitations of one status, oldest first (the club's coordinator)",
        params: ClubParamsSchema,
        querystring: JoinRequestListQuerySchema,
        response: { 200: JoinRequestListSchema, ...errors },
      },
    },
    async (request) => {
      const club = await coordinatedClub(db, currentUser(request), request.params.unitId);
      return clubJoinRequestList(db, club.id, request.query.status);
    },
  );

  api.post(
    '/api/clubs/:unitId/join-requests/:id/decision',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "Accept a request to join (the membership starts now) or decline it with a reason (the club's coordinator); an answered request is a 409",
        params: ClubRequestParamsSchema,
        body: JoinDecisionInputSchema,
        response: { 200: JoinRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({
      request: await decideJoinRequest(
        db,
        currentUser(request),
        request.params.unitId,
        request.params.id,
        request.body,
      ),
    }),
  );

  api.post(
    '/api/clubs/:unitId/invitations',
    {
      schema: {
        tags: ['clubs'],
        summary: "Invite a student, by student ID, to join the club (the club's coordinator)",
        params: ClubParamsSchema,
        body: InvitationInputSchema,
        response: { 201: JoinRequestResponseSchema, 429: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await invitations.hit(request);
      const invitation = await inviteStudent(
        db,
        currentUser(request),
        request.params.unitId,
        request.body,
      );
      return reply.code(201).send({ request: invitation });
    },
  );

  api.get(
    '/api/me/club-invitations',
    {
      schema: {
        tags: ['clubs'],
        summary: "The signed-in person's invitations from clubs, waiting ones first",
        response: { 200: JoinRequestListSchema, ...errors },
      },
    },
    async (request) => myInvitationList(db, currentUser(request).id),
  );

  api.post(
    '/api/me/club-invitations/:id/decision',
    {
      schema: {
        tags: ['clubs'],
        summary:
          'Accept an invitation (the membership starts now) or decline it; an answered invitation is a 409',
        params: IdParamsSchema,
        body: InvitationDecisionInputSchema,
        response: { 200: JoinRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({
      request: await decideInvitation(db, currentStudent(request), request.params.id, request.body),
    }),
  );

  api.get(
    '/api/me/club-memberships',
    {
      schema: {
        tags: ['clubs'],
        summary: "The signed-in person's memberships of clubs, current and past",
        response: { 200: MyMembershipsSchema, ...errors },
      },
    },
    async (request) => myMembershipList(db, currentUser(request).id),
  );

  api.delete(
    '/api/clubs/:unitId/membership',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Leave the club: the membership ends now and stays on the record as a past period',
        params: ClubParamsSchema,
        response: { 200: MembershipResponseSchema, ...errors },
      },
    },
    async (request) => ({
      membership: await leaveClub(db, currentStudent(request), request.params.unitId),
    }),
  );
}
