import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { skills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createSkill, createStudent, createUser, createUserSkill } from '../../../test/factories';
import { freshCatalogue, skillCatalogueClientOf } from '../../../test/admin-client';

const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

describe('the skill catalogue of the administrator', () => {
  const ctx = useTestApp();
  let admin: string;

  const { get, send, names } = skillCatalogueClientOf(ctx);

  beforeEach(async () => {
    admin = (await freshCatalogue(ctx)).cookie;
  });

  describe('access', () => {
    it('answers 401 signed out on every route', async () => {
      const skill = await createSkill(ctx.db);
      expect((await get('/api/admin/skills')).statusCode).toBe(401);
      expect((await get('/api/admin/skills/export')).statusCode).toBe(401);
      expect((await send('PATCH', `/api/admin/skills/${skill.id}`, { name: 'Rust' })).statusCode).toBe(
        401,
      );
      expect((await get(`/api/admin/skills/${skill.id}/merge?intoId=${MISSING_ID}`)).statusCode).toBe(
        401,
      );
      expect(
        (await send('POST', `/api/admin/skills/${skill.id}/merge`, { intoId: MISSING_ID })).statusCode,
      ).toBe(401);
      expect(
        (await send('POST', `/api/admin/skills/${skill.id}/retirement`, undefined)).statusCode,
      ).toBe(401);
    });

    it('answers 403 to a student and to the president, and changes nothing', async () => {
      const skill = await createSkill(ctx.db, { name: 'Kotlin' });
      const { user: student } = await createStudent(ctx.db);
      const president = await createUser(ctx.db, { role: 'PRESIDENT' });
      for (const cookie of [await signInAs(ctx, student), await signInAs(ctx, president)]) {
        expect((await get('/api/admin/skills', cookie)).statusCode).toBe(403);
        expect((await get('/api/admin/skills/export', cookie)).statusCode).toBe(403);
        expect(
          (await send('PATCH', `/api/admin/skills/${skill.id}`, { name: 'Rust' }, cookie)).statusCode,
        ).toBe(403);
        expect(
          (await send('POST', `/api/admin/skills/${skill.id}/retirement`, undefined, cookie)).statusCode,
        ).toBe(403);
      }
      const [row] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      expect(row).toMatchObject({ name: 'Kotlin', retiredAt: null });
    });
  });

  describe('GET /api/admin/skills', () => {
    it('lists every state by name with usage counts, the creator and the skill merged into', async () => {
      const { user: student } = await createStudent(ctx.db, { name: 'Asha Rao' });
      const python = await createSkill(ctx.db, { name: 'Python', isEndorsed: true });
      await createSkill(ctx.db, { name: 'Ikebana', type: 'cultural', createdBy: student.id });
      await createSkill(ctx.db, {
        name: 'Juggling',
        type: 'sports',
        declinedAt: new Date(),
        declineReason: 'Not a skill we list.',
      });
      await createSkill(ctx.db, { name: 'Pyhton', retiredAt: new Date(), mergedIntoId: python.id });
      await createUserSkill(ctx.db, { skillId: python.id });
      await createUserSkill(ctx.db, { skillId: python.id });
      const response = await get('/api/admin/skills', admin);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 4, overall: 4, page: 1, pageSize: 20 });
      expect(
        body.items.map((item: { name: string; state: string; usage: number }) => [
          item.name,
          item.state,
          item.usage,
        ]),
      ).toEqual([
        ['Ikebana', 'awaiting', 0],
        ['Juggling', 'declined', 0],
        ['Pyhton', 'retired', 0],
        ['Python', 'endorsed', 2],
      ]);
      expect(body.items[0].createdBy).toEqual({ id: student.id, name: 'Asha Rao' });
      expect(body.items[2].mergedInto).toEqual({ id: python.id, name: 'Python' });
      expect(body.items[3]).toMatchObject({
        createdBy: null,
        mergedInto: null,
        retiredAt: null,
        category: 'Programming',
        type: 'technical',
      });
    });

    it('searches the name, category and skill id, and filters by type and state', async () => {
      await createSkill(ctx.db, { name: 'Python', isEndorsed: true });
      const painting = await createSkill(ctx.db, {
        name: 'Oil painting',
        category: 'Fine arts',
        type: 'cultural',
        isEndorsed: true,
      });
      await createSkill(ctx.db, { name: 'Sketching', category: 'Fine arts', type: 'cultural' });
      await createSkill(ctx.db, { name: 'Chess', type: 'sports', retiredAt: new Date() });
      expect(names(await get('/api/admin/skills?q=fine', admin))).toEqual(['Oil painting', 'Sketching']);
      expect(names(await get(`/api/admin/skills?q=${painting.skillCode}`, admin))).toEqual([
        'Oil painting',
      ]);
      expect(names(await get('/api/admin/skills?type=cultural', admin))).toEqual([
        'Oil painting',
        'Sketching',
      ]);
      expect(names(await get('/api/admin/skills?state=endorsed', admin))).toEqual([
        'Oil painting',
        'Python',
      ]);
      expect(names(await get('/api/admin/skills?state=awaiting', admin))).toEqual(['Sketching']);
      expect(names(await get('/api/admin/skills?state=retired', admin))).toEqual(['Chess']);
      const paged = (await get('/api/admin/skills?pageSize=2&page=2', admin)).json();
      expect(paged).toMatchObject({ total: 4, overall: 4, page: 2 });
      expect(paged.items.map((item: { name: string }) => item.name)).toEqual(['Python', 'Sketching']);
    });

    it('refuses a bad filter with 400', async () => {
      const response = await get('/api/admin/skills?type=juggling', admin);
      expect(response.statusCode).toBe(400);
      expect((await get('/api/admin/skills?state=gone', admin)).statusCode).toBe(400);
      expect((await get('/api/admin/skills?pageSize=500', admin)).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/skills/export', () => {
    it('streams the filtered catalogue as CSV', async () => {
      const python = await createSkill(ctx.db, {
        name: 'Python',
        isEndorsed: true,
        createdAt: new Date('2026-03-01T20:00:00Z'),
      });
      await createSkill(ctx.db, { name: '=Abacus("x")', type: 'academic' });
      await createSkill(ctx.db, { name: 'Dance', type: 'cultural' });
      await createUserSkill(ctx.db, { skillId: python.id });
      const response = await get('/api/admin/skills/export?type=technical&page=3', admin);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="skills-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const rows = parse(response.body, { bom: true }) as string[][];
      expect(rows).toEqual([
        [
          'Skill ID',
          'Name',
          'Category',
          'Type',
          'State',
          'Students',
          'Description',
          'Created by',
          'Merged into',
          'Created',
          'Retired',
        ],
        [
          python.skillCode,
          'Python',
          'Programming',
          'Technical',
          'Endorsed',
          '1',
          'Typed JavaScript for web applications.',
          '',
          '',
          '2026-03-02 01:30',
          '',
        ],
      ]);
      const all = parse((await get('/api/admin/skills/export', admin)).body, {
        bom: true,
      }) as string[][];
      expect(all.map((row) => row[1])).toEqual(['Name', '\'=Abacus("x")', 'Dance', 'Python']);
    });

    it('refuses a bad filter with 400', async () => {
      expect((await get('/api/admin/skills/export?state=gone', admin)).statusCode).toBe(400);
    });
  });
});
