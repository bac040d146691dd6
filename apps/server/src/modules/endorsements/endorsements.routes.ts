import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApproveBodySchema,
  DeclineBodySchema,
  EndorsementExportQuerySchema,
  EndorsementQuerySchema,
  ErrorBodySchema,
  IdParamsSchema,
  PendingAchievementListSchema,
  PendingSkillListSchema,
  PageQuerySchema,
  PendingPositionListSchema,
  PendingUserSkillListSchema,
  PositionReviewOutcomeSchema,
  ReviewOutcomeSchema,
  VerifyPositionRequestSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { cameFromOf, recordAccessMany } from '../privacy/access-log.service';
import { sendCsv } from '../../lib/csv-export';
import { achievementsExport, userSkillsExport } from './endorsements-export.service';
import { pendingAchievements, pendingSkills, pendingUserSkills } from './endorsements.read';
import { declinePosition, pendingPositions, verifyPosition } from '../positions/position-review.service';
import type { ReviewKind } from './review-kinds';
import { approveItem, declineItem } from './review.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const actionErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** The endorsement panel (spec section 2): what awaits review for the official's types, and the review itself. */
export async function endorsementsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['endorsements'];

  api.get(
    '/api/endorsements/user-skills',
    {
      schema: {
        tags,
        summary: "Students' skill claims awaiting endorsement (your type; the president: every type)",
        querystring: EndorsementQuerySchema,
        response: { 200: PendingUserSkillListSchema, ...errors },
      },
    },
    async (request) =>
      pendingUserSkills(app.deps.db, currentUser(request), request.query, app.deps.config.TIME_ZONE),
  );
  // The exports answer CSV text streamed a page at a time, so they have no JSON answer schema for 200.
  api.get(
    '/api/endorsements/user-skills/export',
    {
      schema: {
        tags,
        summary:
          'The skill claims awaiting endorsement as CSV, with the same types, members and filter as the list',
        querystring: EndorsementExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { read, columns, subjects } = await userSkillsExport(
        app.deps.db,
        actor,
        request.query,
        app.deps.config.TIME_ZONE,
      );
      await recordAccessMany(app.deps.db, subjects, {
        viewer: actor,
        kind: 'export',
        cameFrom: cameFromOf(request.headers),
      });
      return sendCsv(reply, 'skill-claims', read, columns, app.deps.config.TIME_ZONE);
    },
  );
  api.get(
    '/api/endorsements/skills',
    {
      schema: {
        tags,
        summary: 'Catalogue skills students created, awaiting endorsement',
        querystring: EndorsementQuerySchema,
        response: { 200: PendingSkillListSchema, ...errors },
      },
    },
    async (request) =>
      pendingSkills(app.deps.db, currentUser(request), request.query, app.deps.config.TIME_ZONE),
  );
  api.get(
    '/api/endorsements/achievements',
    {
      schema: {
        tags,
        summary: 'Achievements awaiting verification',
        querystring: EndorsementQuerySchema,
        response: { 200: PendingAchievementListSchema, ...errors },
      },
    },
    async (request) =>
      pendingAchievements(app.deps.db, currentUser(request), request.query, app.deps.config.TIME_ZONE),
  );

  api.get(
    '/api/endorsements/achievements/export',
    {
      schema: {
        tags,
        summary:
          'The achievements awaiting verification as CSV, with the same types, members and filter as the list',
        querystring: EndorsementExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { read, columns, subjects } = await achievementsExport(
        app.deps.db,
        actor,
        request.query,
        app.deps.config.TIME_ZONE,
      );
      await recordAccessMany(app.deps.db, subjects, {
        viewer: actor,
        kind: 'export',
        cameFrom: cameFromOf(request.headers),
      });
      return sendCsv(reply, 'achievements', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  const approval = (url: string, kind: ReviewKind, summary: string) =>
    api.post(
      url,
      {
        schema: {
          tags,
          summary,
          description:
            'For an achievement, `version` names the one shown: 409 when its student changed it since.',
          params: IdParamsSchema,
          body: ApproveBodySchema,
          response: { 200: ReviewOutcomeSchema, ...actionErrors },
        },
      },
      async (request) =>
        approveItem(app.deps.db, kind, request.params.id, currentUser(request), request.body.version),
    );
  approval(
    '/api/endorsements/user-skills/:id/endorse',
    'user-skills',
    "Endorse a student's skill claim (doing it twice is harmless)",
  );
  approval(
    '/api/endorsements/skills/:id/endorse',
    'skills',
    'Endorse a catalogue skill (doing it twice is harmless)',
  );
  approval(
    '/api/endorsements/achievements/:id/verify',
    'achievements',
    'Verify an achievement (doing it twice is harmless)',
  );

  const decline = (kind: ReviewKind) =>
    api.post(
      `/api/endorsements/${kind}/:id/decline`,
      {
        schema: {
          tags,
          summary: 'Decline an item awaiting review, with a reason the student sees',
          description:
            'For an achievement, `version` names the one shown: 409 when its student changed it since.',
          params: IdParamsSchema,
          body: DeclineBodySchema,
          response: { 200: ReviewOutcomeSchema, ...actionErrors },
        },
      },
      async (request) =>
        declineItem(
          app.deps.db,
          kind,
          request.params.id,
          currentUser(request),
          request.body.reason,
          request.body.version,
        ),
    );
  decline('user-skills');
  decline('skills');
  decline('achievements');

  api.get(
    '/api/endorsements/positions',
    {
      schema: {
        tags,
        summary:
          "Position records awaiting verification: students' own and club coordinators' appointments (a club coordinator: their club's students' own only)",
        querystring: PageQuerySchema,
        response: { 200: PendingPositionListSchema, ...errors },
      },
    },
    async (request) => pendingPositions(app.deps.db, currentUser(request), request.query),
  );
  api.post(
    '/api/endorsements/positions/:id/verify',
    {
      schema: {
        tags,
        summary:
          "Verify a self-declared position or a club coordinator's appointment (takes a seat when active; 409 when the position is full or retired, or REQUIREMENTS_NOT_MET with the shortfall until confirm is true)",
        description: '`version` names the record shown: 409 when its student changed it since.',
        params: IdParamsSchema,
        body: VerifyPositionRequestSchema,
        response: { 200: PositionReviewOutcomeSchema, ...actionErrors },
      },
    },
    async (request) =>
      verifyPosition(
        app.deps.db,
        request.params.id,
        currentUser(request),
        request.body.confirm,
        request.body.version,
      ),
  );
  api.post(
    '/api/endorsements/positions/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline a position record awaiting verification, with a reason the student sees',
        description: '`version` names the record shown: 409 when its student changed it since.',
        params: IdParamsSchema,
        body: DeclineBodySchema,
        response: { 200: PositionReviewOutcomeSchema, ...actionErrors },
      },
    },
    async (request) =>
      declinePosition(
        app.deps.db,
        request.params.id,
        currentUser(request),
        request.body.reason,
        request.body.version,
      ),
  );
}
