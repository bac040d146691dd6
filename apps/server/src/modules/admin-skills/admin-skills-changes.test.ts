import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, skills, userSkills } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createSkill, createUserSkill } from '../../../test/factories';
import { freshCatalogue, skillCatalogueClientOf } from '../../../test/admin-client';

const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

describe('the skill catalogue of the administrator', () => {
  const ctx = useTestApp();
  let admin: string;
  let adminId: string;

  const { send } = skillCatalogueClientOf(ctx);

  beforeEach(async () => {
    ({ cookie: admin, id: adminId } = await freshCatalogue(ctx));
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
