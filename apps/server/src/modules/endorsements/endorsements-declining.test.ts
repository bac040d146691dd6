import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, skills, userSkills } from '../../db/schema/index';
import { createAchievement, createSkill, createUser, createUserSkill } from '../../../test/factories';
import { useEndorsementDesk } from '../../../test/endorsement-desk';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

const OTHER_TYPE = 'This item is reviewed by another general secretary.';
const ALREADY_DECLINED = 'This item was already declined by another official.';
const ALREADY_ENDORSED = 'This item was already endorsed by another official.';
const NOT_FOUND = 'This item no longer exists.';
const REASON_REQUIRED = 'Please give a reason for declining.';
const REASON_TOO_LONG = 'The reason must be at most 500 characters.';

describe('endorsements', () => {
  const { ctx, get, post, signedIn, signedInStudent, activityOf, ids, claimOf } = useEndorsementDesk();

  describe('declining', () => {
    it('declines a claim with a reason the student sees; it leaves the list and is logged', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: student, cookie: studentCookie } = await signedInStudent();
      const claim = await claimOf('technical', { userId: student.id });
      const response = await post(`/api/endorsements/user-skills/${claim.id}/decline`, cookie, {
        reason: '  Please link a project that uses it.  ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: claim.id,
        status: 'declined',
        by: { name: official.name },
        at: expect.stringMatching(ISO_TIME),
        alreadyDone: false,
      });
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({
        isEndorsed: false,
        endorsedBy: null,
        declinedBy: official.id,
        declineReason: 'Please link a project that uses it.',
      });
      expect(row!.declinedAt).toBeInstanceOf(Date);
      expect(await activityOf(claim.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'user_skill' },
      ]);
      expect(ids(await get('/api/endorsements/user-skills', cookie))).toEqual([]);
      const own = (await get('/api/me/skills', studentCookie)).json();
      expect(own.items).toMatchObject([
        { id: claim.id, isEndorsed: false, declineReason: 'Please link a project that uses it.' },
      ]);
    });

    it('declines an achievement; the student finds it under declined, not pending', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SPORTS');
      const { user: student, cookie: studentCookie } = await signedInStudent();
      const achievement = await createAchievement(ctx.db, { userId: student.id, type: 'sports' });
      const response = await post(`/api/endorsements/achievements/${achievement.id}/decline`, cookie, {
        reason: 'The certificate is for another event.',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'declined', alreadyDone: false });
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row).toMatchObject({
        verified: false,
        verifiedBy: null,
        declinedBy: official.id,
        declineReason: 'The certificate is for another event.',
      });
      expect(await activityOf(achievement.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'achievement' },
      ]);

      const declined = (await get('/api/me/achievements?status=declined', studentCookie)).json();
      expect(declined.items).toMatchObject([
        { id: achievement.id, verified: false, declineReason: 'The certificate is for another event.' },
      ]);
      expect((await get('/api/me/achievements?status=pending', studentCookie)).json().items).toEqual([]);
    });

    it('declines a catalogue skill together with the claims of it', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: creator, cookie: creatorCookie } = await signedInStudent();
      const { user: claimant, cookie: claimantCookie } = await signedInStudent();
      const skill = await createSkill(ctx.db, {
        name: 'Vibe Coding Zyx',
        category: 'Programming',
        type: 'technical',
        createdBy: creator.id,
      });
      const creatorsClaim = await createUserSkill(ctx.db, { userId: creator.id, skillId: skill.id });
      const otherClaim = await createUserSkill(ctx.db, { userId: claimant.id, skillId: skill.id });
      expect(ids(await get('/api/endorsements/user-skills', cookie)).sort()).toEqual(
        [creatorsClaim.id, otherClaim.id].sort(),
      );

      const response = await post(`/api/endorsements/skills/${skill.id}/decline`, cookie, {
        reason: 'Not a recognised skill.',
      });
      expect(response.statusCode).toBe(200);
      const [row] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      expect(row).toMatchObject({
        isEndorsed: false,
        declinedBy: official.id,
        declineReason: 'Not a recognised skill.',
      });
      expect(await activityOf(skill.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'skill' },
      ]);

      // The claims leave the list, cannot be endorsed, and their owners see the skill's reason.
      expect(ids(await get('/api/endorsements/user-skills', cookie))).toEqual([]);
      expect(ids(await get('/api/endorsements/skills', cookie))).toEqual([]);
      const endorse = await post(`/api/endorsements/user-skills/${otherClaim.id}/endorse`, cookie);
      expect(endorse.statusCode).toBe(409);
      expect(endorse.json().error.message).toBe(ALREADY_DECLINED);
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, otherClaim.id));
      expect(claimRow).toMatchObject({ isEndorsed: false, endorsedBy: null });
      for (const who of [creatorCookie, claimantCookie]) {
        expect((await get('/api/me/skills', who)).json().items).toMatchObject([
          { isEndorsed: false, declineReason: 'Not a recognised skill.' },
        ]);
      }
      // The catalogue no longer offers it, not even to its creator.
      for (const who of [creatorCookie, claimantCookie]) {
        expect((await get('/api/skills?q=Vibe%20Coding%20Zyx', who)).json().items).toEqual([]);
      }
    });

    it('answers a second decline with the first one, alreadyDone, keeping the first reason', async () => {
      const { user: first, cookie } = await signedIn('GENSEC_ACADEMIC');
      const { cookie: president } = await signedIn('PRESIDENT');
      const achievement = await createAchievement(ctx.db, { type: 'academic' });
      const url = `/api/endorsements/achievements/${achievement.id}/decline`;
      const one = await post(url, cookie, { reason: 'Missing the certificate.' });
      const two = await post(url, president, { reason: 'Something else.' });
      expect(one.statusCode).toBe(200);
      expect(two.statusCode).toBe(200);
      expect(two.json()).toEqual({
        id: achievement.id,
        status: 'declined',
        by: { name: first.name },
        at: one.json().at,
        alreadyDone: true,
      });
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row).toMatchObject({ declinedBy: first.id, declineReason: 'Missing the certificate.' });
      expect(await activityOf(achievement.id)).toHaveLength(1);
    });

    it('refuses to decline an endorsed item (409) and keeps it endorsed', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_CULTURAL');
      const claim = await claimOf('cultural');
      expect((await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie)).statusCode).toBe(
        200,
      );
      const skill = await createSkill(ctx.db, {
        type: 'cultural',
        isEndorsed: true,
        endorsedBy: official.id,
        endorsedAt: new Date(),
      });
      const achievement = await createAchievement(ctx.db, {
        type: 'cultural',
        verified: true,
        verifiedBy: official.id,
        verifiedAt: new Date(),
      });
      for (const url of [
        `/api/endorsements/user-skills/${claim.id}/decline`,
        `/api/endorsements/skills/${skill.id}/decline`,
        `/api/endorsements/achievements/${achievement.id}/decline`,
      ]) {
        const response = await post(url, cookie, { reason: 'Changed my mind.' });
        expect(response.statusCode, url).toBe(409);
        expect(response.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_ENDORSED });
      }
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({
        isEndorsed: true,
        endorsedBy: official.id,
        declinedAt: null,
        declineReason: null,
      });
      expect(await activityOf(claim.id)).toHaveLength(1);
    });

    it('asks for a reason of at most 500 visible characters', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      const claim = await claimOf('sports');
      const url = `/api/endorsements/user-skills/${claim.id}/decline`;
      const cases: [object | undefined, string][] = [
        [{ reason: '' }, REASON_REQUIRED],
        [{ reason: '   \n\t ' }, REASON_REQUIRED],
        [{}, REASON_REQUIRED],
        [{ reason: null }, REASON_REQUIRED],
        [{ reason: 'x'.repeat(501) }, REASON_TOO_LONG],
        [{ reason: 'Looks\u200bfine' }, 'Use visible characters only.'],
      ];
      for (const [payload, message] of cases) {
        const response = await post(url, cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { reason: message },
        });
      }
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({ declinedAt: null, declineReason: null });
      expect(await activityOf(claim.id)).toEqual([]);

      const longest = await post(url, cookie, { reason: 'y'.repeat(500) });
      expect(longest.statusCode).toBe(200);
      const [declined] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(declined!.declineReason).toBe('y'.repeat(500));
    });

    it('refuses a decline of another type (403), of an unknown item (404) and with a malformed id (400)', async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const skill = await createSkill(ctx.db, { type: 'academic' });
      const wrongType = await post(`/api/endorsements/skills/${skill.id}/decline`, cookie, {
        reason: 'Not mine to judge.',
      });
      expect(wrongType.statusCode).toBe(403);
      expect(wrongType.json().error).toEqual({ code: 'FORBIDDEN', message: OTHER_TYPE });
      const [row] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      expect(row).toMatchObject({ declinedAt: null, declineReason: null });

      for (const kind of ['user-skills', 'skills', 'achievements']) {
        const missing = await post(`/api/endorsements/${kind}/${MISSING_ID}/decline`, cookie, {
          reason: 'Gone.',
        });
        expect(missing.statusCode, kind).toBe(404);
        expect(missing.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_FOUND });
        const malformed = await post(`/api/endorsements/${kind}/12345/decline`, cookie, {
          reason: 'Gone.',
        });
        expect(malformed.statusCode, kind).toBe(400);
        expect(malformed.json().error.fields).toMatchObject({ id: 'Not a valid id.' });
      }
    });

    // Known bug, left failing on purpose: a claim of a declined catalogue skill is declined with it
    // (the list drops it, endorsing it answers 409), yet declining it again records a second decline.
    it('a decline of a claim already declined with its catalogue skill answers alreadyDone and logs nothing new', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const skill = await createSkill(ctx.db, {
        type: 'technical',
        createdBy: (await createUser(ctx.db)).id,
      });
      const claim = await createUserSkill(ctx.db, { skillId: skill.id });
      expect(
        (
          await post(`/api/endorsements/skills/${skill.id}/decline`, cookie, {
            reason: 'Not a recognised skill.',
          })
        ).statusCode,
      ).toBe(200);

      const response = await post(`/api/endorsements/user-skills/${claim.id}/decline`, cookie, {
        reason: 'Another reason.',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'declined', alreadyDone: true });
      expect(await activityOf(claim.id)).toEqual([]);
    });
  });
});
