import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, skills, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createSkill, createStudent, createUser, createUserSkill } from '../../../test/factories';

const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

describe('the skill catalogue of the administrator', () => {
  const ctx = useTestApp();
  let admin: string;
  let adminId: string;

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'PATCH' | 'POST', url: string, payload: object | undefined, cookie?: string) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const names = (response: { json(): { items: { name: string }[] } }) =>
    response.json().items.map((item) => item.name);

  beforeEach(async () => {
    await ctx.db.delete(userSkills);
    await ctx.db.delete(skills);
    const user = await createUser(ctx.db, { role: 'ADMIN', name: 'Priya Admin' });
    adminId = user.id;
    admin = await signInAs(ctx, user);
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

  describe('PATCH /api/admin/skills/:id', () => {
    it('renames, retypes, recategorises and describes a skill, and the audit log says so', async () => {
      const skill = await createSkill(ctx.db, { name: 'Javascript', category: 'Web' });
      const response = await send(
        'PATCH',
        `/api/admin/skills/${skill.id}`,
        { name: 'JavaScript', type: 'academic', category: 'Programming', description: '  ' },
        admin,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().skill).toMatchObject({
        id: skill.id,
        name: 'JavaScript',
        type: 'academic',
        category: 'Programming',
        description: null,
        state: 'awaiting',
      });
      const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, skill.id));
      expect(entry).toMatchObject({
        actorId: adminId,
        actorName: 'Priya Admin',
        kind: 'skill',
        action: 'update',
        subjectType: 'skills',
        subjectLabel: 'JavaScript',
      });
      expect(entry!.before).toMatchObject({
        name: 'Javascript',
        type: 'technical',
        category: 'Web',
        description: 'Typed JavaScript for web applications.',
      });
      expect(entry!.after).toMatchObject({
        name: 'JavaScript',
        type: 'academic',
        category: 'Programming',
        description: null,
      });
    });

    it('changes only the fields sent', async () => {
      const skill = await createSkill(ctx.db, {
        name: 'Go',
        category: 'Programming',
        type: 'technical',
      });
      const response = await send(
        'PATCH',
        `/api/admin/skills/${skill.id}`,
        { category: 'Systems' },
        admin,
      );
      expect(response.json().skill).toMatchObject({
        name: 'Go',
        category: 'Systems',
        type: 'technical',
        description: 'Typed JavaScript for web applications.',
      });
    });

    it('refuses a name another skill has in any letter case (409 on the name)', async () => {
      await createSkill(ctx.db, { name: 'Python' });
      const skill = await createSkill(ctx.db, { name: 'Pyhton' });
      const response = await send('PATCH', `/api/admin/skills/${skill.id}`, { name: 'PYTHON' }, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        message: 'Another skill already has this name.',
        fields: { name: 'Another skill already has this name.' },
      });
      // A full-width letter and a no-break space only look different.
      const lookalike = await send(
        'PATCH',
        `/api/admin/skills/${skill.id}`,
        { name: '\uff30ython\u00a0' },
        admin,
      );
      expect([lookalike.statusCode, lookalike.json().error.fields]).toEqual([
        409,
        { name: 'Another skill already has this name.' },
      ]);
      const [row] = await ctx.db
        .select({ name: skills.name })
        .from(skills)
        .where(eq(skills.id, skill.id));
      expect(row!.name).toBe('Pyhton');
    });

    it('lets a skill change the letter case of its own name', async () => {
      const skill = await createSkill(ctx.db, { name: 'python' });
      const response = await send('PATCH', `/api/admin/skills/${skill.id}`, { name: 'Python' }, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json().skill.name).toBe('Python');
    });

    it('refuses bad input with field messages and changes nothing', async () => {
      const skill = await createSkill(ctx.db, { name: 'Rust' });
      const empty = await send('PATCH', `/api/admin/skills/${skill.id}`, {}, admin);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.fields).toEqual({ name: 'Change at least one field.' });
      const bad = await send(
        'PATCH',
        `/api/admin/skills/${skill.id}`,
        { name: ' ', type: 'juggling', category: 'x'.repeat(61) },
        admin,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({
        name: 'Please enter the skill name.',
        type: 'Please choose a skill type.',
        category: 'At most 60 characters.',
      });
      expect(
        (await send('PATCH', '/api/admin/skills/not-an-id', { name: 'Go' }, admin)).statusCode,
      ).toBe(400);
      const [row] = await ctx.db
        .select({ name: skills.name, type: skills.type })
        .from(skills)
        .where(eq(skills.id, skill.id));
      expect(row).toEqual({ name: 'Rust', type: 'technical' });
    });

    it('answers 404 for a missing skill and 409 for a retired one', async () => {
      expect(
        (await send('PATCH', `/api/admin/skills/${MISSING_ID}`, { name: 'Go' }, admin)).statusCode,
      ).toBe(404);
      const retired = await createSkill(ctx.db, { name: 'Fortran', retiredAt: new Date() });
      const response = await send(
        'PATCH',
        `/api/admin/skills/${retired.id}`,
        { name: 'Fortran 90' },
        admin,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('A retired skill cannot be edited.');
    });
  });

  describe('POST /api/admin/skills/:id/retirement', () => {
    it('retires a skill that stays on the records holding it', async () => {
      const skill = await createSkill(ctx.db, { name: 'Flash', isEndorsed: true });
      const claim = await createUserSkill(ctx.db, { skillId: skill.id });
      const response = await send('POST', `/api/admin/skills/${skill.id}/retirement`, undefined, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json().skill).toMatchObject({
        name: 'Flash',
        state: 'retired',
        usage: 1,
        mergedInto: null,
      });
      expect(response.json().skill.retiredAt).toEqual(expect.any(String));
      const [kept] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(kept!.skillId).toBe(skill.id);
      const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, skill.id));
      expect(entry).toMatchObject({ actorId: adminId, kind: 'skill', action: 'update' });
      expect(entry!.before).toMatchObject({ retired_at: null });
      expect((entry!.after as { retired_at: string | null }).retired_at).not.toBeNull();
    });

    it('answers 409 the second time and 404 for a missing skill', async () => {
      const skill = await createSkill(ctx.db);
      expect(
        (await send('POST', `/api/admin/skills/${skill.id}/retirement`, undefined, admin)).statusCode,
      ).toBe(200);
      const again = await send('POST', `/api/admin/skills/${skill.id}/retirement`, undefined, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This skill is already retired.');
      expect(
        (await send('POST', `/api/admin/skills/${MISSING_ID}/retirement`, undefined, admin)).statusCode,
      ).toBe(404);
      expect(
        (await send('POST', '/api/admin/skills/nope/retirement', undefined, admin)).statusCode,
      ).toBe(400);
    });
  });
});
