import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, activityLog, skills, userSkills } from '../../db/schema/index';
import { createAchievement, createSkill, createUser } from '../../../test/factories';
import { useEndorsementDesk } from '../../../test/endorsement-desk';

const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

const OTHER_TYPE = 'This item is reviewed by another general secretary.';

describe('endorsements', () => {
  const { ctx, get, post, signedIn, signedInStudent, claimOf } = useEndorsementDesk();

  describe('access', () => {
    const routes = [
      ['GET', '/api/endorsements/user-skills'],
      ['GET', '/api/endorsements/skills'],
      ['GET', '/api/endorsements/achievements'],
      ['POST', `/api/endorsements/user-skills/${MISSING_ID}/endorse`],
      ['POST', `/api/endorsements/skills/${MISSING_ID}/endorse`],
      ['POST', `/api/endorsements/achievements/${MISSING_ID}/verify`],
      ['POST', `/api/endorsements/user-skills/${MISSING_ID}/decline`],
      ['POST', `/api/endorsements/skills/${MISSING_ID}/decline`],
      ['POST', `/api/endorsements/achievements/${MISSING_ID}/decline`],
    ] as const;
    const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
      method === 'GET'
        ? get(url, cookie)
        : post(url, cookie, url.endsWith('/decline') ? { reason: 'Not enough evidence.' } : undefined);

    it.each(routes)('%s %s asks a signed-out visitor to sign in', async (method, url) => {
      const response = await call(method, url);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });

    it.each(routes)('%s %s is refused to a student', async (method, url) => {
      const { cookie: student } = await signedInStudent();
      const response = await call(method, url, student);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    });

    it.each(routes.filter(([, url]) => url.includes('/skills') && !url.includes('user-skills')))(
      '%s %s (the catalogue) is refused to a club coordinator',
      async (method, url) => {
        const { cookie: coordinator } = await signedIn('CLUB_COORDINATOR');
        const response = await call(method, url, coordinator);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      },
    );

    it('lets a student neither endorse nor decline a real item, and changes nothing', async () => {
      const { cookie } = await signedInStudent();
      const claim = await claimOf('technical');
      const skill = await createSkill(ctx.db, { createdBy: (await createUser(ctx.db)).id });
      const achievement = await createAchievement(ctx.db);
      for (const url of [
        `/api/endorsements/user-skills/${claim.id}/endorse`,
        `/api/endorsements/skills/${skill.id}/endorse`,
        `/api/endorsements/achievements/${achievement.id}/verify`,
      ]) {
        expect((await post(url, cookie)).statusCode).toBe(403);
      }
      for (const kind of ['user-skills', 'skills', 'achievements']) {
        const id = kind === 'user-skills' ? claim.id : kind === 'skills' ? skill.id : achievement.id;
        // Access is checked before the body: a blank reason from a student is still 403.
        expect(
          (await post(`/api/endorsements/${kind}/${id}/decline`, cookie, { reason: '' })).statusCode,
        ).toBe(403);
      }
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      const [skillRow] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      const [achievementRow] = await ctx.db
        .select()
        .from(achievements)
        .where(eq(achievements.id, achievement.id));
      expect(claimRow).toMatchObject({ isEndorsed: false, endorsedBy: null, declinedAt: null });
      expect(skillRow).toMatchObject({ isEndorsed: false, endorsedBy: null, declinedAt: null });
      expect(achievementRow).toMatchObject({ verified: false, verifiedBy: null, declinedAt: null });
      expect(await ctx.db.select().from(activityLog)).toEqual([]);
    });

    it('refuses a review sent without the portal origin', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const claim = await claimOf('technical');
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/endorsements/user-skills/${claim.id}/endorse`,
        headers: { cookie, origin: 'https://evil.example.org' },
      });
      expect(response.statusCode).toBe(403);
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row!.isEndorsed).toBe(false);
    });
  });

  describe('list filters', () => {
    const lists = [
      '/api/endorsements/user-skills',
      '/api/endorsements/skills',
      '/api/endorsements/achievements',
    ];

    it.each(lists)('%s refuses a secretary naming another type', async (url) => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const response = await get(`${url}?type=technical`, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: OTHER_TYPE });
      expect((await get(`${url}?type=sports`, cookie)).statusCode).toBe(200);
    });

    it.each(lists)('%s refuses an unknown type and a bad page', async (url) => {
      const { cookie } = await signedIn('PRESIDENT');
      for (const query of [
        'type=robotics',
        'type=',
        'pageSize=101',
        'pageSize=0',
        'page=0',
        'page=two',
      ]) {
        const response = await get(`${url}?${query}`, cookie);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code, query).toBe('VALIDATION_FAILED');
      }
      expect((await get(`${url}?pageSize=100`, cookie)).statusCode).toBe(200);
    });
  });
});
