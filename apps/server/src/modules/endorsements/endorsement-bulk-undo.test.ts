import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, issuedCredentials, notifications, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useEndorsementDesk } from '../../../test/endorsement-desk';
import {
  createAchievement,
  createOrgUnit,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

const ALREADY_ENDORSED = 'This item was already endorsed by another official.';
const OTHER_TYPE = 'This item is reviewed by another general secretary.';

/**
 * "Endorse selected" and Undo on the endorsement panel (decision 0023): each selected item is
 * decided on its own and answered on its own; an official may undo their own decision for a short
 * while, if nothing happened to the item since, and the student's notification goes with it.
 */
describe('the endorsement panel: several at once, and undo', () => {
  const { ctx, get, post, signedIn, signedInStudent, activityOf, claimOf } = useEndorsementDesk();

  const noticesOf = (userId: string) =>
    ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

  describe('POST /api/endorsements/{kind}/bulk-endorse', () => {
    it("endorses each item of the official's type and refuses the others, item by item", async () => {
      const { user: secretary, cookie } = await signedIn('GENSEC_SCITECH');
      const first = await claimOf('technical');
      const second = await claimOf('technical');
      const cultural = await claimOf('cultural');
      const own = await claimOf('technical', { userId: secretary.id });
      const missing = '0b6f2a52-52f1-4a8e-9d0c-1b2c3d4e5f60';

      const response = await post('/api/endorsements/user-skills/bulk-endorse', cookie, {
        ids: [first.id, cultural.id, second.id, missing, own.id],
      });
      expect(response.statusCode).toBe(200);
      const results = response.json().results;
      expect(results.map((r: { id: string }) => r.id)).toEqual([
        first.id,
        cultural.id,
        second.id,
        missing,
        own.id,
      ]);
      expect(results[0]).toMatchObject({
        outcome: { status: 'endorsed', alreadyDone: false },
        refused: null,
      });
      expect(results[1]).toEqual({
        id: cultural.id,
        outcome: null,
        refused: { status: 403, message: OTHER_TYPE },
      });
      expect(results[2]).toMatchObject({ outcome: { status: 'endorsed' }, refused: null });
      expect(results[3]).toEqual({
        id: missing,
        outcome: null,
        refused: { status: 404, message: 'This item no longer exists.' },
      });
      expect(results[4]).toMatchObject({ outcome: null, refused: { status: 403 } });

      const endorsed = async (id: string) =>
        (await ctx.db.select().from(userSkills).where(eq(userSkills.id, id)))[0]!.isEndorsed;
      expect(await endorsed(first.id)).toBe(true);
      expect(await endorsed(second.id)).toBe(true);
      expect(await endorsed(cultural.id)).toBe(false);
      expect(await endorsed(own.id)).toBe(false);
      expect(await noticesOf(first.userId)).toHaveLength(1);
    });

    it('refuses an item another official already endorsed', async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const { cookie: president } = await signedIn('PRESIDENT');
      const achievement = await createAchievement(ctx.db, { type: 'sports' });
      await post(`/api/endorsements/achievements/${achievement.id}/verify`, president);
      const response = await post('/api/endorsements/achievements/bulk-verify', cookie, {
        ids: [achievement.id],
      });
      expect(response.json().results).toEqual([
        { id: achievement.id, outcome: null, refused: { status: 409, message: ALREADY_ENDORSED } },
      ]);
      expect(await activityOf(achievement.id)).toHaveLength(1);
    });

    it('refuses bad input, students, strangers and a coordinator on catalogue skills', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const url = '/api/endorsements/user-skills/bulk-endorse';
      expect((await post(url, cookie, { ids: [] })).json().error.fields).toEqual({
        ids: 'Select at least one item.',
      });
      const tooMany = Array.from(
        { length: 51 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      expect((await post(url, cookie, { ids: tooMany })).statusCode).toBe(400);
      const claim = await claimOf('technical');
      expect((await post(url, cookie, { ids: [claim.id, claim.id] })).statusCode).toBe(400);
      expect((await post(url, cookie, { ids: ['not-an-id'] })).statusCode).toBe(400);
      expect((await post(url, (await signedInStudent()).cookie, { ids: [claim.id] })).statusCode).toBe(
        403,
      );
      expect((await post(url, undefined, { ids: [claim.id] })).statusCode).toBe(401);
      const club = await createOrgUnit(ctx.db);
      const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
      const skill = await createSkill(ctx.db, {
        type: 'technical',
        createdBy: (await createUser(ctx.db)).id,
      });
      const refused = await post(
        '/api/endorsements/skills/bulk-endorse',
        await signInAs(ctx, coordinator),
        {
          ids: [skill.id],
        },
      );
      expect(refused.statusCode).toBe(403);
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row!.isEndorsed).toBe(false);
    });

    it('decides each item once when several bulk requests arrive at once', async () => {
      const { cookie: scitech } = await signedIn('GENSEC_SCITECH');
      const { cookie: president } = await signedIn('PRESIDENT');
      const items = [];
      for (let i = 0; i < 8; i += 1) items.push(await createAchievement(ctx.db, { type: 'technical' }));
      const itemIds = items.map((item) => item.id);
      // Each request names every item, in its own order, so the requests cross on every row.
      const orders = [itemIds, [...itemIds].reverse(), [...itemIds.slice(4), ...itemIds.slice(0, 4)]];
      const responses = await Promise.all(
        [scitech, president, scitech, president].map((cookie, i) =>
          post('/api/endorsements/achievements/bulk-verify', cookie, { ids: orders[i % orders.length] }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const decided = new Map<string, number>();
      for (const response of responses)
        for (const result of response.json().results as {
          id: string;
          outcome: unknown;
          refused: { status: number } | null;
        }[]) {
          if (result.outcome) decided.set(result.id, (decided.get(result.id) ?? 0) + 1);
          else expect(result.refused!.status).toBe(409);
        }
      for (const item of items) {
        expect(decided.get(item.id)).toBe(1);
        expect(await activityOf(item.id)).toHaveLength(1);
        expect(await noticesOf(item.userId)).toHaveLength(1);
        const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, item.id));
        expect(row!.verified).toBe(true);
      }
    });
  });

  describe('POST /api/endorsements/{kind}/{id}/undo', () => {
    it("puts the official's own endorsement back to pending and withdraws the student's notification", async () => {
      const { cookie } = await signedIn('GENSEC_CULTURAL');
      const { user: student } = await createStudent(ctx.db, { name: 'Isha Nair' });
      const tabla = await createSkill(ctx.db, { name: 'Tabla', type: 'cultural', isEndorsed: true });
      const claim = await createUserSkill(ctx.db, { userId: student.id, skillId: tabla.id });
      await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie);
      expect(await noticesOf(claim.userId)).toHaveLength(1);

      const undone = await post(`/api/endorsements/user-skills/${claim.id}/undo`, cookie);
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toEqual({ id: claim.id, status: 'pending' });
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({ isEndorsed: false, endorsedBy: null, endorsedAt: null });
      expect(await noticesOf(claim.userId)).toHaveLength(0);
      const list = await get('/api/endorsements/user-skills', cookie);
      expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([claim.id]);
      expect((await get('/api/endorsements/counts', cookie)).json().userSkills).toBe(1);
      expect((await activityOf(claim.id)).map((line) => line.description).sort()).toEqual([
        "Endorsed Isha Nair's skill 'Tabla'",
        "Undid: Endorsed Isha Nair's skill 'Tabla'",
      ]);
    });

    it('withdraws the notice of the item undone, not of another item with the same title', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const { user: student } = await createStudent(ctx.db, { name: 'Tanvi Kulkarni' });
      const first = await createAchievement(ctx.db, {
        userId: student.id,
        type: 'technical',
        title: 'Winner',
      });
      const second = await createAchievement(ctx.db, {
        userId: student.id,
        type: 'technical',
        title: 'Winner',
      });
      await post(`/api/endorsements/achievements/${first.id}/verify`, cookie);
      await post(`/api/endorsements/achievements/${second.id}/verify`, cookie);
      expect(await noticesOf(student.id)).toHaveLength(2);

      expect((await post(`/api/endorsements/achievements/${first.id}/undo`, cookie)).statusCode).toBe(
        200,
      );
      const left = await noticesOf(student.id);
      expect(left.map((notice) => [notice.subject, notice.outcome, notice.subjectId])).toEqual([
        ['Winner', 'verified', second.id],
      ]);
    });

    it('undoes a decline: the reason goes and the item awaits review again', async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const achievement = await createAchievement(ctx.db, { type: 'sports' });
      await post(`/api/endorsements/achievements/${achievement.id}/decline`, cookie, {
        reason: 'No proof.',
      });
      const undone = await post(`/api/endorsements/achievements/${achievement.id}/undo`, cookie);
      expect(undone.statusCode).toBe(200);
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row).toMatchObject({
        declinedAt: null,
        declinedBy: null,
        declineReason: null,
        verified: false,
      });
      expect(await noticesOf(achievement.userId)).toHaveLength(0);
    });

    it("refuses to undo another official's decision", async () => {
      const { cookie: president } = await signedIn('PRESIDENT');
      const { cookie: secretary } = await signedIn('GENSEC_SCITECH');
      const achievement = await createAchievement(ctx.db, { type: 'technical' });
      await post(`/api/endorsements/achievements/${achievement.id}/verify`, president);
      const refused = await post(`/api/endorsements/achievements/${achievement.id}/undo`, secretary);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Only the official who made this decision can undo it.');
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row!.verified).toBe(true);
      expect(await noticesOf(achievement.userId)).toHaveLength(1);
    });

    it('refuses once the window has passed', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const claim = await claimOf('technical');
      await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie);
      // The endorsement made 31 seconds ago: the window is 30 seconds.
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      await ctx.db
        .update(userSkills)
        .set({ endorsedAt: new Date(row!.endorsedAt!.getTime() - 31_000) })
        .where(eq(userSkills.id, claim.id));
      const refused = await post(`/api/endorsements/user-skills/${claim.id}/undo`, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('A decision can be undone only within 30 seconds.');
      expect(await noticesOf(claim.userId)).toHaveLength(1);
    });

    it('refuses once something happened to the item since: a credential signed, a new decision', async () => {
      const { user: secretary, cookie } = await signedIn('GENSEC_SCITECH');
      const achievement = await createAchievement(ctx.db, { type: 'technical' });
      await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie);
      await ctx.db.insert(issuedCredentials).values({
        userId: achievement.userId,
        kind: 'achievement',
        recordId: achievement.id,
        title: achievement.title,
        statusListId: null,
        statusIndex: null,
        revokedAt: new Date(),
        revocationReason: 'record_changed',
      });
      const refused = await post(`/api/endorsements/achievements/${achievement.id}/undo`, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(
        'This item has changed since the decision, so it can no longer be undone.',
      );
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row!.verifiedBy).toBe(secretary.id);

      // Undone once, the item awaits review: a second undo has nothing to undo.
      const claim = await claimOf('technical');
      await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie);
      expect((await post(`/api/endorsements/user-skills/${claim.id}/undo`, cookie)).statusCode).toBe(
        200,
      );
      const twice = await post(`/api/endorsements/user-skills/${claim.id}/undo`, cookie);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe('This item awaits review: there is no decision to undo.');
    });

    it('refuses students, strangers and officials of another type', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const claim = await claimOf('technical');
      await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie);
      const url = `/api/endorsements/user-skills/${claim.id}/undo`;
      expect((await post(url, (await signedInStudent()).cookie)).statusCode).toBe(403);
      expect((await post(url)).statusCode).toBe(401);
      expect((await post(url, (await signedIn('GENSEC_SPORTS')).cookie)).statusCode).toBe(403);
      expect((await post('/api/endorsements/user-skills/nope/undo', cookie)).statusCode).toBe(400);
      const [row] = await ctx.db
        .select()
        .from(userSkills)
        .where(and(eq(userSkills.id, claim.id), eq(userSkills.isEndorsed, true)));
      expect(row).toBeDefined();
    });
  });
});
