import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { skills } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import {
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
} from '../../../test/factories';
import { skillClientOf } from '../../../test/skill-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const SKILL_CODE = /^SKL-\d{5,}$/;

const SELECT_SKILL = 'Please select a skill.';
const INVALID_SKILL = 'Please select a valid skill.';
const NEW_SKILL_INCOMPLETE = 'Please fill all required fields in the new skill form.';
const DUPLICATE = 'You have already added this skill.';
const NOT_OWN_POSITION = 'Choose one of your own positions.';

describe('skills', () => {
  const ctx = useTestApp();

  const { add, signedInStudent, rowsOf } = skillClientOf(ctx);

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
});
