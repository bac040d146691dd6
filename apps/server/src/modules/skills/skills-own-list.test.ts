import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSkills } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import {
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
} from '../../../test/factories';
import { skillClientOf } from '../../../test/skill-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SKILL_CODE = /^SKL-\d{5,}$/;

const ENDORSED_STAYS = 'An endorsed skill cannot be removed.';

describe('skills', () => {
  const ctx = useTestApp();

  const { call, signedInStudent } = skillClientOf(ctx);

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
