import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, activityLog, skills, userSkills } from '../../db/schema/index';
import { createAchievement, createSkill, createUser, createUserSkill } from '../../../test/factories';
import { useEndorsementDesk } from '../../../test/endorsement-desk';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

const OTHER_TYPE = 'This item is reviewed by another general secretary.';
const OWN_RECORD = 'Your own record is reviewed by another official.';
const ALREADY_DECLINED = 'This item was already declined by another official.';
const NOT_FOUND = 'This item no longer exists.';

describe('endorsements', () => {
  const { ctx, get, post, signedIn, signedInStudent, activityOf, ids, claimOf } = useEndorsementDesk();

  describe('endorsing and verifying', () => {
    it("endorses a student's claim: records the official and the time, logs it, and the claim leaves the list", async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: student, cookie: studentCookie } = await signedInStudent();
      const skill = await createSkill(ctx.db, {
        name: 'Rust Systems Programming',
        type: 'technical',
        isEndorsed: true,
      });
      const claim = await createUserSkill(ctx.db, { userId: student.id, skillId: skill.id });

      const response = await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: claim.id,
        status: 'endorsed',
        by: { name: official.name },
        at: expect.stringMatching(ISO_TIME),
        alreadyDone: false,
      });

      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({
        isEndorsed: true,
        endorsedBy: official.id,
        declinedAt: null,
        declineReason: null,
      });
      expect(row!.endorsedAt).toBeInstanceOf(Date);
      expect(row!.endorsedAt!.toISOString()).toBe(response.json().at);
      const activity = await activityOf(claim.id);
      expect(activity).toHaveLength(1);
      expect(activity[0]).toMatchObject({
        type: 'approval',
        actorId: official.id,
        subjectType: 'user_skill',
      });
      expect(activity[0]!.description).toContain('Rust Systems Programming');

      expect(ids(await get('/api/endorsements/user-skills', cookie))).toEqual([]);
      const own = (await get('/api/me/skills', studentCookie)).json();
      expect(own.items).toMatchObject([{ id: claim.id, isEndorsed: true, declineReason: null }]);
    });

    it('endorses a catalogue skill', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_ACADEMIC');
      const skill = await createSkill(ctx.db, {
        name: 'Linear Algebra',
        type: 'academic',
        createdBy: (await createUser(ctx.db)).id,
      });
      const response = await post(`/api/endorsements/skills/${skill.id}/endorse`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: skill.id,
        status: 'endorsed',
        by: { name: official.name },
        alreadyDone: false,
      });
      const [row] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      expect(row).toMatchObject({ isEndorsed: true, endorsedBy: official.id, declinedAt: null });
      expect(row!.endorsedAt).toBeInstanceOf(Date);
      expect(await activityOf(skill.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'skill' },
      ]);
      expect(ids(await get('/api/endorsements/skills', cookie))).toEqual([]);
    });

    it('verifies an achievement, which the student then sees as verified', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_CULTURAL');
      const { user: student, cookie: studentCookie } = await signedInStudent();
      const achievement = await createAchievement(ctx.db, {
        userId: student.id,
        type: 'cultural',
        title: 'Inter-IIT dance finalist',
      });
      const response = await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: achievement.id,
        status: 'endorsed',
        by: { name: official.name },
        at: expect.stringMatching(ISO_TIME),
        alreadyDone: false,
      });
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row).toMatchObject({ verified: true, verifiedBy: official.id, declinedAt: null });
      expect(row!.verifiedAt).toBeInstanceOf(Date);
      expect(await activityOf(achievement.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'achievement' },
      ]);

      const verified = (await get('/api/me/achievements?status=verified', studentCookie)).json();
      expect(verified.items).toMatchObject([
        { id: achievement.id, verified: true, verifiedBy: { name: official.name }, declineReason: null },
      ]);
      expect(ids(await get('/api/endorsements/achievements', cookie))).toEqual([]);
    });

    it("lets the president review every type, 'other' achievements included", async () => {
      const { user: president, cookie } = await signedIn('PRESIDENT');
      const other = await createAchievement(ctx.db, { type: 'other' });
      const sports = await claimOf('sports');
      const cultural = await createSkill(ctx.db, { type: 'cultural' });
      expect((await post(`/api/endorsements/achievements/${other.id}/verify`, cookie)).statusCode).toBe(
        200,
      );
      expect((await post(`/api/endorsements/user-skills/${sports.id}/endorse`, cookie)).statusCode).toBe(
        200,
      );
      expect((await post(`/api/endorsements/skills/${cultural.id}/endorse`, cookie)).statusCode).toBe(
        200,
      );
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, other.id));
      expect(row).toMatchObject({ verified: true, verifiedBy: president.id });
    });

    it('answers a second endorsement with the first one, alreadyDone, and logs once', async () => {
      const { user: first, cookie: firstCookie } = await signedIn('GENSEC_SPORTS');
      const { cookie: presidentCookie } = await signedIn('PRESIDENT');
      const claim = await claimOf('sports');
      const url = `/api/endorsements/user-skills/${claim.id}/endorse`;
      const one = await post(url, firstCookie);
      const again = await post(url, firstCookie);
      const byPresident = await post(url, presidentCookie);
      expect(one.statusCode).toBe(200);
      expect(one.json().alreadyDone).toBe(false);
      for (const response of [again, byPresident]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          id: claim.id,
          status: 'endorsed',
          by: { name: first.name },
          at: one.json().at,
          alreadyDone: true,
        });
      }
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row!.endorsedBy).toBe(first.id);
      expect(await activityOf(claim.id)).toHaveLength(1);

      const achievement = await createAchievement(ctx.db, { type: 'sports' });
      expect(
        (await post(`/api/endorsements/achievements/${achievement.id}/verify`, firstCookie)).json()
          .alreadyDone,
      ).toBe(false);
      expect(
        (await post(`/api/endorsements/achievements/${achievement.id}/verify`, firstCookie)).json()
          .alreadyDone,
      ).toBe(true);
      expect(await activityOf(achievement.id)).toHaveLength(1);
    });

    it('refuses a secretary an item of another type, and changes nothing', async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const claim = await claimOf('technical');
      const skill = await createSkill(ctx.db, { type: 'technical' });
      const achievement = await createAchievement(ctx.db, { type: 'technical' });
      const other = await createAchievement(ctx.db, { type: 'other' });
      for (const url of [
        `/api/endorsements/user-skills/${claim.id}/endorse`,
        `/api/endorsements/skills/${skill.id}/endorse`,
        `/api/endorsements/achievements/${achievement.id}/verify`,
        `/api/endorsements/achievements/${other.id}/verify`,
      ]) {
        const response = await post(url, cookie);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: OTHER_TYPE });
      }
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      const [skillRow] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      const [achievementRow] = await ctx.db
        .select()
        .from(achievements)
        .where(eq(achievements.id, achievement.id));
      expect(claimRow).toMatchObject({ isEndorsed: false, endorsedBy: null, endorsedAt: null });
      expect(skillRow).toMatchObject({ isEndorsed: false, endorsedBy: null, endorsedAt: null });
      expect(achievementRow).toMatchObject({ verified: false, verifiedBy: null, verifiedAt: null });
      expect(await ctx.db.select().from(activityLog)).toEqual([]);
    });

    it('refuses an official their own record', async () => {
      const { user: secretary, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: president, cookie: presidentCookie } = await signedIn('PRESIDENT');
      const ownClaim = await claimOf('technical', { userId: secretary.id });
      const ownSkill = await createSkill(ctx.db, { type: 'technical', createdBy: secretary.id });
      const ownAchievement = await createAchievement(ctx.db, { type: 'other', userId: president.id });
      const cases = [
        [`/api/endorsements/user-skills/${ownClaim.id}/endorse`, cookie],
        [`/api/endorsements/skills/${ownSkill.id}/endorse`, cookie],
        [`/api/endorsements/achievements/${ownAchievement.id}/verify`, presidentCookie],
        [`/api/endorsements/user-skills/${ownClaim.id}/decline`, cookie],
        [`/api/endorsements/achievements/${ownAchievement.id}/decline`, presidentCookie],
      ] as const;
      for (const [url, who] of cases) {
        const response = await post(
          url,
          who,
          url.endsWith('/decline') ? { reason: 'Self review.' } : undefined,
        );
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: OWN_RECORD });
      }
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, ownClaim.id));
      expect(claimRow).toMatchObject({ isEndorsed: false, declinedAt: null });
      // Another official may review it.
      expect(
        (await post(`/api/endorsements/user-skills/${ownClaim.id}/endorse`, presidentCookie)).statusCode,
      ).toBe(200);
    });

    it('answers 404 for an unknown item and 400 for a malformed id', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      for (const url of [
        `/api/endorsements/user-skills/${MISSING_ID}/endorse`,
        `/api/endorsements/skills/${MISSING_ID}/endorse`,
        `/api/endorsements/achievements/${MISSING_ID}/verify`,
      ]) {
        const response = await post(url, cookie);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_FOUND });
      }
      for (const url of [
        '/api/endorsements/user-skills/42/endorse',
        '/api/endorsements/skills/not-an-id/endorse',
        "/api/endorsements/achievements/1'or'1/verify",
      ]) {
        const response = await post(url, cookie);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { id: 'Not a valid id.' },
        });
      }
      // An id of another kind is unknown here.
      const achievement = await createAchievement(ctx.db);
      expect((await post(`/api/endorsements/skills/${achievement.id}/endorse`, cookie)).statusCode).toBe(
        404,
      );
    });

    it('refuses to endorse a declined item (409) and keeps it declined', async () => {
      const { user: official } = await signedIn('GENSEC_SCITECH');
      const { cookie: president } = await signedIn('PRESIDENT');
      const declined = {
        declinedBy: official.id,
        declinedAt: new Date(),
        declineReason: 'No evidence.',
      };
      const claim = await claimOf('technical', declined);
      const skill = await createSkill(ctx.db, { type: 'technical', ...declined });
      const achievement = await createAchievement(ctx.db, { type: 'technical', ...declined });
      for (const url of [
        `/api/endorsements/user-skills/${claim.id}/endorse`,
        `/api/endorsements/skills/${skill.id}/endorse`,
        `/api/endorsements/achievements/${achievement.id}/verify`,
      ]) {
        const response = await post(url, president);
        expect(response.statusCode, url).toBe(409);
        expect(response.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_DECLINED });
      }
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(claimRow).toMatchObject({
        isEndorsed: false,
        endorsedBy: null,
        declineReason: 'No evidence.',
      });
      expect(await ctx.db.select().from(activityLog)).toEqual([]);
    });
  });
});
