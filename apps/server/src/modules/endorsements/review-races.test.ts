import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, activityLog, feedback, skills, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createFeedback,
  createSkill,
  createUser,
  createUserSkill,
} from '../../../test/factories';

/**
 * Two officials acting on one item at the same moment (design section 5: two concurrent requests
 * never both succeed where only one may). On PostgreSQL the requests truly overlap; each case runs
 * on several items to give the overlap many chances.
 */
const ROUNDS = 6;

const ALREADY_DECLINED = 'This item was already declined by another official.';
const ALREADY_ENDORSED = 'This item was already endorsed by another official.';
const ALREADY_RESOLVED = 'Another official resolved this feedback first.';

type Kind = 'user-skills' | 'skills' | 'achievements';

describe('reviews at the same moment', () => {
  const ctx = useTestApp();

  const post = (url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const official = async (
    role: 'GENSEC_SCITECH' | 'PRESIDENT' | 'GENSEC_SPORTS' | 'CLUB_COORDINATOR',
    overrides: { clubUnitId?: string } = {},
  ) => {
    const user = await createUser(ctx.db, { role, ...overrides });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const activityOf = (subjectId: string) =>
    ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, subjectId));

  /** A technical item of the kind awaiting review, by a student. */
  const pendingItem = async (kind: Kind): Promise<string> => {
    if (kind === 'user-skills')
      return (
        await createUserSkill(ctx.db, {
          skillId: (await createSkill(ctx.db, { type: 'technical', isEndorsed: true })).id,
        })
      ).id;
    if (kind === 'skills')
      return (await createSkill(ctx.db, { type: 'technical', createdBy: (await createUser(ctx.db)).id }))
        .id;
    return (await createAchievement(ctx.db, { type: 'technical' })).id;
  };
  const approveUrl = (kind: Kind, id: string) =>
    `/api/endorsements/${kind}/${id}/${kind === 'achievements' ? 'verify' : 'endorse'}`;
  /** Where the item stands in the database. */
  const stateOf = async (kind: Kind, id: string) => {
    if (kind === 'user-skills') {
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, id));
      return {
        approved: row!.isEndorsed,
        approvedBy: row!.endorsedBy,
        approvedAt: row!.endorsedAt,
        declinedBy: row!.declinedBy,
        declinedAt: row!.declinedAt,
        reason: row!.declineReason,
      };
    }
    if (kind === 'skills') {
      const [row] = await ctx.db.select().from(skills).where(eq(skills.id, id));
      return {
        approved: row!.isEndorsed,
        approvedBy: row!.endorsedBy,
        approvedAt: row!.endorsedAt,
        declinedBy: row!.declinedBy,
        declinedAt: row!.declinedAt,
        reason: row!.declineReason,
      };
    }
    const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, id));
    return {
      approved: row!.verified,
      approvedBy: row!.verifiedBy,
      approvedAt: row!.verifiedAt,
      declinedBy: row!.declinedBy,
      declinedAt: row!.declinedAt,
      reason: row!.declineReason,
    };
  };

  describe.each(['user-skills', 'skills', 'achievements'] as const)('%s', (kind) => {
    it('two officials endorsing one item at once: both hear 200, one endorsement is recorded and logged', async () => {
      const secretary = await official('GENSEC_SCITECH');
      const president = await official('PRESIDENT');
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = await pendingItem(kind);
        const responses = await Promise.all([
          post(approveUrl(kind, id), secretary.cookie),
          post(approveUrl(kind, id), president.cookie),
        ]);
        expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
        const bodies = responses.map((response) => response.json());
        expect(bodies.filter((body) => body.alreadyDone === false)).toHaveLength(1);
        expect(bodies.filter((body) => body.alreadyDone === true)).toHaveLength(1);

        const winner = bodies[0].alreadyDone === false ? secretary.user : president.user;
        const state = await stateOf(kind, id);
        expect(state).toMatchObject({ approved: true, approvedBy: winner.id, declinedAt: null });
        expect(state.approvedAt).toBeInstanceOf(Date);
        // Both answers name the one endorsement that was recorded.
        for (const body of bodies)
          expect(body).toMatchObject({
            status: 'endorsed',
            by: { name: winner.name },
            at: state.approvedAt!.toISOString(),
          });
        const activity = await activityOf(id);
        expect(activity).toHaveLength(1);
        expect(activity[0]).toMatchObject({ type: 'approval', actorId: winner.id });
      }
    });

    it('endorsing and declining one item at once: exactly one wins, the other hears 409', async () => {
      const secretary = await official('GENSEC_SCITECH');
      const president = await official('PRESIDENT');
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = await pendingItem(kind);
        // Alternate who endorses, so either order of arrival gets its chance.
        const [endorser, decliner] = round % 2 === 0 ? [secretary, president] : [president, secretary];
        const [endorsed, declined] = await Promise.all([
          post(approveUrl(kind, id), endorser.cookie),
          post(`/api/endorsements/${kind}/${id}/decline`, decliner.cookie, {
            reason: 'No evidence attached.',
          }),
        ]);
        expect([endorsed.statusCode, declined.statusCode].sort()).toEqual([200, 409]);
        const state = await stateOf(kind, id);
        // The check constraint: never endorsed and declined at once.
        expect(state.approved && state.declinedAt !== null).toBe(false);
        if (endorsed.statusCode === 200) {
          expect(endorsed.json()).toMatchObject({ status: 'endorsed', alreadyDone: false });
          expect(declined.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_ENDORSED });
          expect(state).toMatchObject({
            approved: true,
            approvedBy: endorser.user.id,
            declinedBy: null,
            declinedAt: null,
            reason: null,
          });
        } else {
          expect(declined.json()).toMatchObject({ status: 'declined', alreadyDone: false });
          expect(endorsed.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_DECLINED });
          expect(state).toMatchObject({
            approved: false,
            approvedBy: null,
            declinedBy: decliner.user.id,
            reason: 'No evidence attached.',
          });
        }
        expect(await activityOf(id)).toHaveLength(1);
      }
    });

    it('two officials declining one item at once: one decline is recorded, the other hears alreadyDone', async () => {
      const secretary = await official('GENSEC_SCITECH');
      const president = await official('PRESIDENT');
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = await pendingItem(kind);
        const url = `/api/endorsements/${kind}/${id}/decline`;
        const responses = await Promise.all([
          post(url, secretary.cookie, { reason: 'Reason one.' }),
          post(url, president.cookie, { reason: 'Reason two.' }),
        ]);
        expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
        const bodies = responses.map((response) => response.json());
        expect(bodies.map((body) => body.alreadyDone).sort()).toEqual([false, true]);
        const [winner, reason] =
          bodies[0].alreadyDone === false
            ? [secretary.user, 'Reason one.']
            : [president.user, 'Reason two.'];
        expect(await stateOf(kind, id)).toMatchObject({
          approved: false,
          declinedBy: winner.id,
          reason,
        });
        expect(await activityOf(id)).toHaveLength(1);
      }
    });
  });

  describe('feedback', () => {
    it('two officials resolving one feedback at once: one resolution, the other hears 409', async () => {
      const secretary = await official('GENSEC_SPORTS');
      const president = await official('PRESIDENT');
      for (let round = 0; round < ROUNDS; round += 1) {
        const item = await createFeedback(ctx.db, { type: 'Complaint' });
        const url = `/api/feedback/${item.id}/resolution`;
        const responses = await Promise.all([
          post(url, secretary.cookie, { actionsTaken: 'Spoke to the organisers.' }),
          post(url, president.cookie, { actionsTaken: 'Raised it in the council meeting.' }),
        ]);
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        const winnerIndex = responses.findIndex((response) => response.statusCode === 200);
        const [winner, actions] =
          winnerIndex === 0
            ? [secretary.user, 'Spoke to the organisers.']
            : [president.user, 'Raised it in the council meeting.'];
        expect(responses[1 - winnerIndex]!.json().error).toEqual({
          code: 'CONFLICT',
          message: ALREADY_RESOLVED,
        });
        expect(responses[winnerIndex]!.json().feedback).toMatchObject({
          isResolved: true,
          actionsTaken: actions,
          resolvedBy: { name: winner.name },
        });

        const [row] = await ctx.db.select().from(feedback).where(eq(feedback.id, item.id));
        expect(row).toMatchObject({ isResolved: true, resolvedBy: winner.id, actionsTaken: actions });
        const activity = await activityOf(item.id);
        expect(activity).toHaveLength(1);
        expect(activity[0]).toMatchObject({
          type: 'approval',
          actorId: winner.id,
          subjectType: 'feedback',
        });
      }
    });

    it('a club coordinator and an official resolving one feedback at once: one resolution', async () => {
      const president = await official('PRESIDENT');
      const item = await createFeedback(ctx.db, { targetType: 'Club/Organization' });
      const coordinator = await official('CLUB_COORDINATOR', { clubUnitId: item.targetUnitId! });
      const url = `/api/feedback/${item.id}/resolution`;
      const responses = await Promise.all([
        post(url, coordinator.cookie, { actionsTaken: 'Fixed the club schedule.' }),
        post(url, president.cookie, { actionsTaken: 'Asked the club to fix it.' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const [row] = await ctx.db.select().from(feedback).where(eq(feedback.id, item.id));
      const winner = responses[0]!.statusCode === 200 ? coordinator.user : president.user;
      expect(row!.resolvedBy).toBe(winner.id);
      expect(await activityOf(item.id)).toHaveLength(1);
    });
  });
});
