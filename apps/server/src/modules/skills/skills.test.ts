import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { skills, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
} from '../../../test/factories';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const SKILL_CODE = /^SKL-\d{5,}$/;

const SELECT_SKILL = 'Please select a skill.';
const INVALID_SKILL = 'Please select a valid skill.';
const NEW_SKILL_INCOMPLETE = 'Please fill all required fields in the new skill form.';
const DUPLICATE = 'You have already added this skill.';
const ENDORSED_STAYS = 'An endorsed skill cannot be removed.';
const NOT_OWN_POSITION = 'Choose one of your own positions.';

describe('skills', () => {
  const ctx = useTestApp();

  type Options = { cookie?: string; payload?: object };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, options: Options = {}) =>
    ctx.app.inject({
      method,
      url,
      ...(options.payload ? { payload: options.payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
  const add = (cookie: string, payload: object) => call('POST', '/api/me/skills', { cookie, payload });
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowsOf = (userId: string) =>
    ctx.db.select().from(userSkills).where(eq(userSkills.userId, userId));

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

  describe('POST /api/me/skills', () => {
    it('adds a catalogue skill by id with a position the student holds', async () => {
      const { user, cookie } = await signedInStudent();
      const skill = await createSkill(ctx.db, {
        name: 'Kotlin Coroutines',
        category: 'Programming',
        type: 'technical',
        description: 'Async Kotlin.',
        isEndorsed: true,
      });
      const position = await createPosition(ctx.db, { title: 'App Team Lead' });
      await createPositionHolder(ctx.db, { userId: user.id, positionId: position.id });

      const response = await add(cookie, {
        skillId: skill.id,
        proficiencyLevel: 'advanced',
        positionId: position.id,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        userSkill: {
          id: expect.stringMatching(UUID),
          skill: {
            id: skill.id,
            skillCode: expect.stringMatching(SKILL_CODE),
            name: 'Kotlin Coroutines',
            category: 'Programming',
            type: 'technical',
            description: 'Async Kotlin.',
            isEndorsed: true,
          },
          proficiencyLevel: 'advanced',
          position: { id: position.id, title: 'App Team Lead' },
          isEndorsed: false,
          declineReason: null,
          createdAt: expect.stringMatching(ISO_TIME),
        },
      });
      const rows = await rowsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        skillId: skill.id,
        proficiencyLevel: 'advanced',
        positionId: position.id,
        isEndorsed: false,
      });
    });

    it('gives a proficiency of beginner when none is chosen, and no position', async () => {
      const { cookie } = await signedInStudent();
      const skill = await createSkill(ctx.db);
      const response = await add(cookie, { skillId: skill.id, positionId: '' });
      expect(response.statusCode).toBe(201);
      expect(response.json().userSkill).toMatchObject({
        proficiencyLevel: 'beginner',
        position: null,
        isEndorsed: false,
      });
    });

    it('creates a new skill in the catalogue awaiting endorsement and attaches it', async () => {
      const { user, cookie } = await signedInStudent();
      const response = await add(cookie, {
        newSkill: {
          name: '  Origami Engineering  ',
          category: ' Paper Craft ',
          type: 'cultural',
          description: 'Folding structures.',
        },
        proficiencyLevel: 'intermediate',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.userSkill).toEqual({
        id: expect.stringMatching(UUID),
        skill: {
          id: expect.stringMatching(UUID),
          skillCode: expect.stringMatching(SKILL_CODE),
          name: 'Origami Engineering',
          category: 'Paper Craft',
          type: 'cultural',
          description: 'Folding structures.',
          isEndorsed: false,
        },
        proficiencyLevel: 'intermediate',
        position: null,
        isEndorsed: false,
        declineReason: null,
        createdAt: expect.stringMatching(ISO_TIME),
      });
      const catalogue = await ctx.db.select().from(skills).where(eq(skills.name, 'Origami Engineering'));
      expect(catalogue).toHaveLength(1);
      expect(catalogue[0]).toMatchObject({
        id: body.userSkill.skill.id,
        category: 'Paper Craft',
        type: 'cultural',
        isEndorsed: false,
        createdBy: user.id,
      });
      const rows = await rowsOf(user.id);
      expect(rows.map((row) => row.skillId)).toEqual([body.userSkill.skill.id]);
    });

    it('reuses the catalogue skill whose name matches a new skill in another case', async () => {
      const { user, cookie } = await signedInStudent();
      const existing = await createSkill(ctx.db, {
        name: 'Machine Learning Zeta',
        category: 'AI',
        type: 'technical',
        isEndorsed: true,
      });
      const response = await add(cookie, {
        newSkill: { name: 'machine LEARNING zeta', category: 'Other things', type: 'academic' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().userSkill.skill).toMatchObject({
        id: existing.id,
        name: 'Machine Learning Zeta',
        category: 'AI',
        type: 'technical',
        isEndorsed: true,
      });
      const [{ n }] = (await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(skills)
        .where(sql`lower(${skills.name}) = 'machine learning zeta'`)) as [{ n: number }];
      expect(n).toBe(1);
      expect((await rowsOf(user.id)).map((row) => row.skillId)).toEqual([existing.id]);
    });

    it('refuses the same skill twice, by id and by a new-skill name in another case', async () => {
      const { user, cookie } = await signedInStudent();
      const skill = await createSkill(ctx.db, {
        name: 'Public Speaking Omega',
        category: 'Communication',
        type: 'academic',
      });
      expect((await add(cookie, { skillId: skill.id })).statusCode).toBe(201);

      const again = await add(cookie, { skillId: skill.id, proficiencyLevel: 'expert' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: DUPLICATE });

      const byName = await add(cookie, {
        newSkill: { name: 'PUBLIC speaking omega', category: 'Communication', type: 'academic' },
      });
      expect(byName.statusCode).toBe(409);
      expect(byName.json().error.message).toBe(DUPLICATE);

      const rows = await rowsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.proficiencyLevel).toBe('beginner');
    });

    it('lets only one of two simultaneous adds of one skill through', async () => {
      const { user, cookie } = await signedInStudent();
      const skill = await createSkill(ctx.db);
      const answers = await Promise.all([
        add(cookie, { skillId: skill.id }),
        add(cookie, { skillId: skill.id }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().error.message).toBe(DUPLICATE);
      expect(await rowsOf(user.id)).toHaveLength(1);
    });

    it('lets only one of two simultaneous adds of one new skill through, and the catalogue gets it once', async () => {
      const { user, cookie } = await signedInStudent();
      const newSkill = { name: 'Glassblowing Sigma', category: 'Crafts', type: 'cultural' };
      const answers = await Promise.all([
        add(cookie, { newSkill }),
        add(cookie, { newSkill: { ...newSkill, name: 'glassblowing sigma' } }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await rowsOf(user.id)).toHaveLength(1);
      const catalogue = await ctx.db
        .select()
        .from(skills)
        .where(sql`lower(${skills.name}) = 'glassblowing sigma'`);
      expect(catalogue).toHaveLength(1);
    });

    it('answers each invalid choice with the spec message and adds nothing', async () => {
      const { user, cookie } = await signedInStudent();
      const neither = await add(cookie, { proficiencyLevel: 'beginner' });
      expect(neither.statusCode).toBe(400);
      expect(neither.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { skillId: SELECT_SKILL },
      });

      const blankId = await add(cookie, { skillId: '' });
      expect(blankId.json().error.fields).toEqual({ skillId: SELECT_SKILL });

      const unknown = await add(cookie, { skillId: '5b1f4c1e-7d0a-4c55-9a43-2f6a1d7e9b10' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { skillId: INVALID_SKILL },
      });

      const notAnId = await add(cookie, { skillId: 'python' });
      expect(notAnId.statusCode).toBe(400);
      expect(notAnId.json().error.fields).toEqual({ skillId: INVALID_SKILL });

      for (const newSkill of [
        { name: '   ', category: 'Crafts', type: 'cultural' },
        { name: 'Pottery', category: '', type: 'cultural' },
        { name: 'Pottery', category: 'Crafts', type: '' },
        { name: 'Pottery', category: 'Crafts' },
        { category: 'Crafts', type: 'cultural' },
      ]) {
        const incomplete = await add(cookie, { newSkill });
        expect(incomplete.statusCode).toBe(400);
        const fields = incomplete.json().error.fields as Record<string, string>;
        expect(Object.values(fields)).toEqual([NEW_SKILL_INCOMPLETE]);
        expect(Object.keys(fields)[0]).toMatch(/^newSkill\./);
      }

      const skill = await createSkill(ctx.db);
      const badLevel = await add(cookie, { skillId: skill.id, proficiencyLevel: 'guru' });
      expect(badLevel.statusCode).toBe(400);
      expect(badLevel.json().error.fields).toEqual({
        proficiencyLevel: 'Please choose a proficiency level.',
      });

      expect(await rowsOf(user.id)).toEqual([]);
      expect(await ctx.db.select().from(skills).where(eq(skills.name, 'Pottery'))).toEqual([]);
    });

    it("refuses a position the student does not hold, another student's included", async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const othersPosition = await createPosition(ctx.db);
      await createPositionHolder(ctx.db, { userId: other.id, positionId: othersPosition.id });
      const skill = await createSkill(ctx.db);

      for (const positionId of [othersPosition.id, '3f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b']) {
        const response = await add(cookie, { skillId: skill.id, positionId });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          message: NOT_OWN_POSITION,
          fields: { positionId: NOT_OWN_POSITION },
        });
      }
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await rowsOf(other.id)).toEqual([]);
    });

    it('adds the skill to the signed-in student whatever user id the body names', async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const skill = await createSkill(ctx.db);
      const response = await add(cookie, { skillId: skill.id, user_id: other.id, userId: other.id });
      expect(response.statusCode).toBe(201);
      expect(await rowsOf(other.id)).toEqual([]);
      expect((await rowsOf(user.id)).map((row) => row.skillId)).toEqual([skill.id]);
    });
  });

  describe('GET /api/me/skills', () => {
    it("lists only the student's own skills, newest first, with the position title", async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const position = await createPosition(ctx.db, { title: 'Design Head' });
      await createPositionHolder(ctx.db, { userId: user.id, positionId: position.id });
      const older = await createSkill(ctx.db, {
        name: 'Figma Delta',
        category: 'Design',
        type: 'technical',
      });
      const newer = await createSkill(ctx.db, {
        name: 'Calligraphy Delta',
        category: 'Art',
        type: 'cultural',
      });
      const othersSkill = await createSkill(ctx.db, {
        name: 'Chess Delta',
        category: 'Board games',
        type: 'sports',
      });
      await ctx.db.insert(userSkills).values([
        {
          userId: user.id,
          skillId: older.id,
          proficiencyLevel: 'expert',
          positionId: position.id,
          isEndorsed: true,
          createdAt: new Date('2025-01-10T10:00:00Z'),
        },
        {
          userId: user.id,
          skillId: newer.id,
          proficiencyLevel: 'beginner',
          createdAt: new Date('2025-03-05T10:00:00Z'),
        },
        {
          userId: other.id,
          skillId: othersSkill.id,
          proficiencyLevel: 'advanced',
          createdAt: new Date('2025-02-01T10:00:00Z'),
        },
      ]);

      const response = await call('GET', '/api/me/skills', { cookie });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(2);
      expect(body.items).toEqual([
        {
          id: expect.stringMatching(UUID),
          skill: {
            id: newer.id,
            skillCode: expect.stringMatching(SKILL_CODE),
            name: 'Calligraphy Delta',
            category: 'Art',
            type: 'cultural',
            description: 'Typed JavaScript for web applications.',
            isEndorsed: false,
          },
          proficiencyLevel: 'beginner',
          position: null,
          isEndorsed: false,
          declineReason: null,
          createdAt: '2025-03-05T10:00:00.000Z',
        },
        {
          id: expect.stringMatching(UUID),
          skill: {
            id: older.id,
            skillCode: expect.stringMatching(SKILL_CODE),
            name: 'Figma Delta',
            category: 'Design',
            type: 'technical',
            description: 'Typed JavaScript for web applications.',
            isEndorsed: false,
          },
          proficiencyLevel: 'expert',
          position: { id: position.id, title: 'Design Head' },
          isEndorsed: true,
          declineReason: null,
          createdAt: '2025-01-10T10:00:00.000Z',
        },
      ]);
      expect(JSON.stringify(body)).not.toContain('Chess Delta');
    });

    it('lists nothing for a student without skills', async () => {
      const { cookie } = await signedInStudent();
      const response = await call('GET', '/api/me/skills', { cookie });
      expect(response.json()).toEqual({ items: [], total: 0 });
    });
  });

  describe('DELETE /api/me/skills/:id', () => {
    const remove = (cookie: string, id: string) => call('DELETE', `/api/me/skills/${id}`, { cookie });
    const exists = async (id: string) =>
      (await ctx.db.select().from(userSkills).where(eq(userSkills.id, id))).length === 1;

    it("removes one of the student's own skills not yet endorsed", async () => {
      const { user, cookie } = await signedInStudent();
      const [row] = await ctx.db
        .insert(userSkills)
        .values({ userId: user.id, skillId: (await createSkill(ctx.db)).id })
        .returning();
      const response = await remove(cookie, row!.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await exists(row!.id)).toBe(false);
      expect((await remove(cookie, row!.id)).statusCode).toBe(404);
    });

    it('keeps an endorsed skill', async () => {
      const { user, cookie } = await signedInStudent();
      const [row] = await ctx.db
        .insert(userSkills)
        .values({ userId: user.id, skillId: (await createSkill(ctx.db)).id, isEndorsed: true })
        .returning();
      const response = await remove(cookie, row!.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'CONFLICT', message: ENDORSED_STAYS });
      expect(await exists(row!.id)).toBe(true);
    });

    it("answers 404 for another student's skill and leaves it in place", async () => {
      const { cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const [unendorsed] = await ctx.db
        .insert(userSkills)
        .values({ userId: other.id, skillId: (await createSkill(ctx.db)).id })
        .returning();
      const [endorsed] = await ctx.db
        .insert(userSkills)
        .values({ userId: other.id, skillId: (await createSkill(ctx.db)).id, isEndorsed: true })
        .returning();
      for (const row of [unendorsed!, endorsed!]) {
        const response = await remove(cookie, row.id);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
        expect(await exists(row.id)).toBe(true);
      }
      const [still] = await ctx.db
        .select()
        .from(userSkills)
        .where(and(eq(userSkills.id, unendorsed!.id), eq(userSkills.userId, other.id)));
      expect(still).toBeDefined();
    });

    it('answers 404 for an unknown id and 400 for something not an id', async () => {
      const { cookie } = await signedInStudent();
      expect((await remove(cookie, '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a')).statusCode).toBe(404);
      expect((await remove(cookie, 'not-an-id')).statusCode).toBe(400);
    });
  });
});
