import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createSkill, createUser } from '../../../test/factories';
import { skillClientOf } from '../../../test/skill-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SKILL_CODE = /^SKL-\d{5,}$/;

describe('skills', () => {
  const ctx = useTestApp();

  const { call, add, signedInStudent, rowsOf } = skillClientOf(ctx);

  describe('access', () => {
    const someId = '00000000-0000-4000-8000-000000000001';
    const routes = [
      ['GET', '/api/skills?q=type'],
      ['GET', '/api/me/skills'],
      ['POST', '/api/me/skills'],
      ['DELETE', `/api/me/skills/${someId}`],
    ] as const;

    it.each(routes)('%s %s asks a signed-out visitor to sign in', async (method, url) => {
      const response = await call(
        method,
        url,
        method === 'POST' ? { payload: { skillId: someId } } : {},
      );
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });

    it.each(routes)(
      '%s %s sends a student who has not finished onboarding to registration',
      async (method, url) => {
        const user = await createUser(ctx.db, { onboardingComplete: false });
        const cookie = await signInAs(ctx, user);
        const response = await call(method, url, {
          cookie,
          ...(method === 'POST' ? { payload: { skillId: someId } } : {}),
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
      },
    );

    it('adds nothing for a student who has not finished onboarding', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: false });
      const skill = await createSkill(ctx.db);
      await add(await signInAs(ctx, user), { skillId: skill.id });
      expect(await rowsOf(user.id)).toEqual([]);
    });
  });

  describe('GET /api/skills (the catalogue)', () => {
    it('finds skills by name, ignoring case, and by category', async () => {
      const { cookie } = await signedInStudent();
      await createSkill(ctx.db, {
        name: 'Quokkascript Basics',
        category: 'Programming',
        type: 'technical',
        description: null,
        isEndorsed: true,
      });
      await createSkill(ctx.db, {
        name: 'Advanced Quokkascript',
        category: 'Programming',
        type: 'technical',
        isEndorsed: true,
      });
      await createSkill(ctx.db, {
        name: 'Tabla',
        category: 'Quokka Percussion',
        type: 'cultural',
        description: 'Hand drums.',
        isEndorsed: true,
      });
      await createSkill(ctx.db, {
        name: 'Badminton',
        category: 'Racket Sports',
        type: 'sports',
        isEndorsed: true,
      });

      const byName = await call('GET', '/api/skills?q=QUOKKASCRIPT', { cookie });
      expect(byName.statusCode).toBe(200);
      expect(
        byName
          .json()
          .items.map((item: { name: string }) => item.name)
          .sort(),
      ).toEqual(['Advanced Quokkascript', 'Quokkascript Basics']);

      const byCategory = await call('GET', '/api/skills?q=percussion', { cookie });
      expect(byCategory.json()).toEqual({
        items: [
          {
            id: expect.stringMatching(UUID),
            skillCode: expect.stringMatching(SKILL_CODE),
            name: 'Tabla',
            category: 'Quokka Percussion',
            type: 'cultural',
            description: 'Hand drums.',
            isEndorsed: true,
          },
        ],
      });

      const both = await call('GET', '/api/skills?q=quokka', { cookie });
      expect(
        both
          .json()
          .items.map((item: { name: string }) => item.name)
          .sort(),
      ).toEqual(['Advanced Quokkascript', 'Quokkascript Basics', 'Tabla']);

      const none = await call('GET', '/api/skills?q=nosuchskillanywhere', { cookie });
      expect(none.json()).toEqual({ items: [] });
    });

    it("offers endorsed skills and the student's own new ones, never another student's unreviewed entry", async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await signedInStudent();
      await createSkill(ctx.db, {
        name: 'Wombat Reviewed',
        category: 'Zoology',
        type: 'academic',
        isEndorsed: true,
      });
      await createSkill(ctx.db, {
        name: 'Wombat Mine',
        category: 'Zoology',
        type: 'academic',
        createdBy: user.id,
      });
      await createSkill(ctx.db, {
        name: 'Wombat Spam',
        category: 'Zoology',
        type: 'academic',
        createdBy: other.id,
      });
      const response = await call('GET', '/api/skills?q=wombat', { cookie });
      expect(response.json().items.map((item: { name: string }) => item.name)).toEqual([
        'Wombat Mine',
        'Wombat Reviewed',
      ]);
    });

    it('puts the skill named exactly as typed, in any case, first', async () => {
      const { cookie } = await signedInStudent();
      for (const name of ['Zebu Herding', 'Zebu Breeding', 'zebu'])
        await createSkill(ctx.db, { name, category: 'Farming', type: 'academic', isEndorsed: true });
      const response = await call('GET', '/api/skills?q=ZEBU', { cookie });
      expect(response.json().items.map((item: { name: string }) => item.name)).toEqual([
        'zebu',
        'Zebu Breeding',
        'Zebu Herding',
      ]);
    });

    it('lists catalogue skills before anything is typed', async () => {
      const { cookie } = await signedInStudent();
      await createSkill(ctx.db, {
        name: 'Aardvark Handling',
        category: 'Zoology',
        type: 'academic',
        isEndorsed: true,
      });
      for (const url of ['/api/skills', '/api/skills?q=', '/api/skills?q=%20%20']) {
        const response = await call('GET', url, { cookie });
        expect(response.statusCode, url).toBe(200);
        const items = response.json().items as Array<{ name: string }>;
        expect(items.length, url).toBeGreaterThan(0);
        expect(items.length, url).toBeLessThanOrEqual(50);
      }
    });

    it('refuses a search longer than 100 characters', async () => {
      const { cookie } = await signedInStudent();
      const response = await call('GET', `/api/skills?q=${'a'.repeat(101)}`, { cookie });
      expect(response.statusCode).toBe(400);
    });
  });
});
