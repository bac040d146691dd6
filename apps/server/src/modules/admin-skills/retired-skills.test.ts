import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { skills, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createSkill, createStudent, createUser, createUserSkill } from '../../../test/factories';

const RETIRED_NAME = 'This skill was retired from the catalogue; choose another.';
const INVALID_SKILL = 'Please select a valid skill.';

/** A retired skill stays on the records that hold it and leaves every picker of the catalogue (issue 13). */
describe('retired skills and the catalogue', () => {
  const ctx = useTestApp();
  let student: string;
  let studentId: string;

  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const names = (response: { json(): { items: { name: string }[] } }) =>
    response.json().items.map((item) => item.name);

  beforeEach(async () => {
    await ctx.db.delete(userSkills);
    await ctx.db.delete(skills);
    const { user } = await createStudent(ctx.db);
    studentId = user.id;
    student = await signInAs(ctx, user);
  });

  it('leaves retired skills out of the catalogue search', async () => {
    await createSkill(ctx.db, { name: 'Painting Alpha', isEndorsed: true });
    await createSkill(ctx.db, { name: 'Painting Beta', isEndorsed: true, retiredAt: new Date() });
    await createSkill(ctx.db, { name: 'Painting Gamma', createdBy: studentId, retiredAt: new Date() });
    expect(names(await get('/api/skills?q=painting', student))).toEqual(['Painting Alpha']);
    expect(names(await get('/api/skills', student))).toEqual(['Painting Alpha']);
  });

  it('refuses adding a retired skill by id, and keeps it on the records that hold it', async () => {
    const retired = await createSkill(ctx.db, {
      name: 'Flash',
      isEndorsed: true,
      retiredAt: new Date(),
    });
    const { user: holder } = await createStudent(ctx.db);
    await createUserSkill(ctx.db, { userId: holder.id, skillId: retired.id });
    const response = await post('/api/me/skills', student, {
      skillId: retired.id,
      proficiencyLevel: 'beginner',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ skillId: INVALID_SKILL });
    expect(await ctx.db.select().from(userSkills).where(eq(userSkills.userId, studentId))).toEqual([]);
    const held = (await get('/api/me/skills', await signInAs(ctx, holder))).json();
    expect(held.items.map((item: { skill: { name: string } }) => item.skill.name)).toEqual(['Flash']);
  });

  it('refuses a typed name of a skill retired without a replacement', async () => {
    await createSkill(ctx.db, { name: 'Flash', retiredAt: new Date() });
    const response = await post('/api/me/skills', student, {
      newSkill: { name: 'FLASH', category: 'Web', type: 'technical' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'newSkill.name': RETIRED_NAME });
    expect(await ctx.db.select().from(userSkills).where(eq(userSkills.userId, studentId))).toEqual([]);
  });

  it('gives a typed name of a merged duplicate the skill it was merged into', async () => {
    const python = await createSkill(ctx.db, { name: 'Python', isEndorsed: true });
    await createSkill(ctx.db, { name: 'Pyhton', retiredAt: new Date(), mergedIntoId: python.id });
    const response = await post('/api/me/skills', student, {
      newSkill: { name: 'pyhton', category: 'Programming', type: 'technical' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().userSkill.skill).toMatchObject({ id: python.id, name: 'Python' });
  });

  it('leaves retired catalogue skills out of the endorsement queue and refuses to endorse one', async () => {
    const { user: author } = await createStudent(ctx.db);
    await createSkill(ctx.db, { name: 'Waiting Skill', createdBy: author.id });
    const retired = await createSkill(ctx.db, {
      name: 'Retired Skill',
      createdBy: author.id,
      retiredAt: new Date(),
    });
    const president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    const queue = await get('/api/endorsements/skills', president);
    expect(queue.json().items.map((item: { name: string }) => item.name)).toEqual(['Waiting Skill']);
    expect(queue.json().total).toBe(1);
    const endorse = await post(`/api/endorsements/skills/${retired.id}/endorse`, president);
    expect(endorse.statusCode).toBe(404);
    const [row] = await ctx.db
      .select({ isEndorsed: skills.isEndorsed })
      .from(skills)
      .where(eq(skills.id, retired.id));
    expect(row!.isEndorsed).toBe(false);
  });
});
