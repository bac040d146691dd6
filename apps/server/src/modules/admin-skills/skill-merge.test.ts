import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, positions, skills, transcripts, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

describe('merging a duplicate skill', () => {
  const ctx = useTestApp();
  let admin: string;
  let adminId: string;

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const merge = (id: string, payload: object, cookie: string | undefined = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/skills/${id}/merge`,
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const claimsOf = (skillId: string) =>
    ctx.db.select().from(userSkills).where(eq(userSkills.skillId, skillId));

  beforeEach(async () => {
    await ctx.db.delete(transcripts);
    await ctx.db.delete(userSkills);
    await ctx.db.delete(skills);
    const user = await createUser(ctx.db, { role: 'ADMIN' });
    adminId = user.id;
    admin = await signInAs(ctx, user);
  });

  it("moves the duplicate's claims, collapses a student's two claims into one and retires the duplicate", async () => {
    const python = await createSkill(ctx.db, { name: 'Python', isEndorsed: true });
    const pyhton = await createSkill(ctx.db, { name: 'Pyhton' });
    const { user: onlyDuplicate } = await createStudent(ctx.db);
    const { user: holdsBoth } = await createStudent(ctx.db);
    const { user: endorsedDuplicate } = await createStudent(ctx.db);
    const position = await createPosition(ctx.db);
    await createPositionHolder(ctx.db, { userId: holdsBoth.id, positionId: position.id });
    const moving = await createUserSkill(ctx.db, {
      userId: onlyDuplicate.id,
      skillId: pyhton.id,
      proficiencyLevel: 'advanced',
    });
    // Holds both: the existing claim wins the tie, and takes the duplicate's position link.
    const kept = await createUserSkill(ctx.db, {
      userId: holdsBoth.id,
      skillId: python.id,
      proficiencyLevel: 'intermediate',
    });
    const dropped = await createUserSkill(ctx.db, {
      userId: holdsBoth.id,
      skillId: pyhton.id,
      proficiencyLevel: 'intermediate',
      positionId: position.id,
    });
    // Holds both: the duplicate's claim is endorsed, so it wins and moves.
    const endorsed = await createUserSkill(ctx.db, {
      userId: endorsedDuplicate.id,
      skillId: pyhton.id,
      isEndorsed: true,
      endorsedBy: adminId,
      endorsedAt: new Date(),
    });
    const loser = await createUserSkill(ctx.db, {
      userId: endorsedDuplicate.id,
      skillId: python.id,
      proficiencyLevel: 'expert',
    });

    const preview = await get(`/api/admin/skills/${pyhton.id}/merge?intoId=${python.id}`, admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ moving: 1, collapsing: 2 });

    const response = await merge(pyhton.id, { intoId: python.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      moved: 1,
      collapsed: 2,
      skill: { id: python.id, name: 'Python', usage: 3, state: 'endorsed' },
    });

    const held = await claimsOf(python.id);
    expect(held.map((row) => row.id).sort()).toEqual([moving.id, kept.id, endorsed.id].sort());
    expect(held.find((row) => row.id === kept.id)).toMatchObject({
      userId: holdsBoth.id,
      proficiencyLevel: 'intermediate',
      positionId: position.id,
    });
    expect(held.find((row) => row.id === endorsed.id)).toMatchObject({
      userId: endorsedDuplicate.id,
      isEndorsed: true,
    });
    expect(held.find((row) => row.id === moving.id)).toMatchObject({
      userId: onlyDuplicate.id,
      proficiencyLevel: 'advanced',
    });
    expect(
      await ctx.db
        .select()
        .from(userSkills)
        .where(inArray(userSkills.id, [dropped.id, loser.id])),
    ).toEqual([]);
    expect(await claimsOf(pyhton.id)).toEqual([]);

    const [source] = await ctx.db.select().from(skills).where(eq(skills.id, pyhton.id));
    expect(source).toMatchObject({ mergedIntoId: python.id });
    expect(source!.retiredAt).toBeInstanceOf(Date);
    const listed = (await get('/api/admin/skills?state=retired', admin)).json();
    expect(listed.items).toMatchObject([
      { name: 'Pyhton', state: 'retired', usage: 0, mergedInto: { id: python.id, name: 'Python' } },
    ]);

    // The audit log has the duplicate's retirement as a skill change, and each claim's move or removal.
    const [skillEntry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, pyhton.id), eq(auditLog.kind, 'skill')));
    expect(skillEntry).toMatchObject({ actorId: adminId, action: 'update', subjectLabel: 'Pyhton' });
    expect(skillEntry!.before).toMatchObject({ merged_into_id: null, retired_at: null });
    expect(skillEntry!.after).toMatchObject({ merged_into_id: python.id });
    const claimEntries = await ctx.db
      .select({ subjectId: auditLog.subjectId, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectType, 'user_skills'));
    expect(claimEntries).toEqual(
      expect.arrayContaining([
        { subjectId: dropped.id, action: 'delete' },
        { subjectId: loser.id, action: 'delete' },
        { subjectId: moving.id, action: 'update' },
        { subjectId: endorsed.id, action: 'update' },
      ]),
    );
  });

  it('points skills merged into the duplicate before at the new target', async () => {
    const python = await createSkill(ctx.db, { name: 'Python' });
    const pyhton = await createSkill(ctx.db, { name: 'Pyhton' });
    const pythn = await createSkill(ctx.db, {
      name: 'Pythn',
      retiredAt: new Date(),
      mergedIntoId: pyhton.id,
    });
    expect((await merge(pyhton.id, { intoId: python.id })).statusCode).toBe(200);
    const [earlier] = await ctx.db
      .select({ mergedIntoId: skills.mergedIntoId })
      .from(skills)
      .where(eq(skills.id, pythn.id));
    expect(earlier!.mergedIntoId).toBe(python.id);
  });

  it('leaves issued transcripts as they were', async () => {
    const python = await createSkill(ctx.db, { name: 'Python' });
    const pyhton = await createSkill(ctx.db, { name: 'Pyhton' });
    const { user: student } = await createStudent(ctx.db);
    const held = await createUserSkill(ctx.db, {
      userId: student.id,
      skillId: pyhton.id,
      isEndorsed: true,
      endorsedAt: new Date(),
    });
    const cookie = await signInAs(ctx, student);
    const issued = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/transcripts',
      payload: { achievementIds: [], positionIds: [], skillIds: [held.id] },
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(issued.statusCode).toBe(201);
    const [before] = await ctx.db.select().from(transcripts).where(eq(transcripts.userId, student.id));
    expect(JSON.stringify(before!.content)).toContain('Pyhton');
    expect((await merge(pyhton.id, { intoId: python.id })).statusCode).toBe(200);
    const [after] = await ctx.db.select().from(transcripts).where(eq(transcripts.userId, student.id));
    expect(after).toEqual(before);
  });

  it('refuses merging into itself, into a missing, retired or declined skill, or a retired source, and changes nothing', async () => {
    const python = await createSkill(ctx.db, { name: 'Python' });
    const pyhton = await createSkill(ctx.db, { name: 'Pyhton' });
    const retired = await createSkill(ctx.db, { name: 'Old Python', retiredAt: new Date() });
    const declined = await createSkill(ctx.db, {
      name: 'Snake charming',
      declinedAt: new Date(),
      declineReason: 'Not a skill.',
    });
    const claimed = await createUserSkill(ctx.db, { skillId: pyhton.id });

    const itself = await merge(pyhton.id, { intoId: pyhton.id });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.fields).toEqual({ intoId: 'A skill cannot be merged into itself.' });
    const missingTarget = await merge(pyhton.id, { intoId: MISSING_ID });
    expect(missingTarget.statusCode).toBe(400);
    expect(missingTarget.json().error.fields).toEqual({
      intoId: 'Please choose a skill from the catalogue.',
    });
    const intoRetired = await merge(pyhton.id, { intoId: retired.id });
    expect(intoRetired.statusCode).toBe(409);
    expect(intoRetired.json().error.message).toBe('This skill is retired: choose a skill in use.');
    const intoDeclined = await merge(pyhton.id, { intoId: declined.id });
    expect(intoDeclined.statusCode).toBe(409);
    expect(intoDeclined.json().error.message).toBe(
      'This skill was declined from the catalogue: choose another.',
    );
    const retiredSource = await merge(retired.id, { intoId: python.id });
    expect(retiredSource.statusCode).toBe(409);
    expect(retiredSource.json().error.message).toBe('This skill is already retired or merged.');
    expect((await merge(MISSING_ID, { intoId: python.id })).statusCode).toBe(404);
    const noTarget = await merge(pyhton.id, {});
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().error.fields).toEqual({ intoId: 'Please choose the skill to merge into.' });
    expect((await merge(pyhton.id, { intoId: 'python' })).statusCode).toBe(400);
    expect(
      (await get(`/api/admin/skills/${pyhton.id}/merge?intoId=${retired.id}`, admin)).statusCode,
    ).toBe(409);
    expect((await get(`/api/admin/skills/${pyhton.id}/merge`, admin)).statusCode).toBe(400);

    const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claimed.id));
    expect(row!.skillId).toBe(pyhton.id);
    const [source] = await ctx.db.select().from(skills).where(eq(skills.id, pyhton.id));
    expect(source).toMatchObject({ retiredAt: null, mergedIntoId: null });
  });

  it('refuses merging an endorsed skill into one still awaiting review, in the preview too, and changes nothing', async () => {
    const python = await createSkill(ctx.db, {
      name: 'Python',
      isEndorsed: true,
      endorsedBy: adminId,
      endorsedAt: new Date(),
    });
    const pyhton = await createSkill(ctx.db, {
      name: 'Pyhton',
      createdBy: (await createStudent(ctx.db)).user.id,
    });
    const { user: holder } = await createStudent(ctx.db);
    const claim = await createUserSkill(ctx.db, {
      userId: holder.id,
      skillId: python.id,
      isEndorsed: true,
      endorsedBy: adminId,
      endorsedAt: new Date(),
    });
    const message =
      'This skill still awaits review: an endorsed skill can be merged only into another endorsed skill.';

    const preview = await get(`/api/admin/skills/${python.id}/merge?intoId=${pyhton.id}`, admin);
    expect([preview.statusCode, preview.json().error.message, preview.json().error.fields]).toEqual([
      409,
      message,
      { intoId: message },
    ]);
    const response = await merge(python.id, { intoId: pyhton.id });
    expect([response.statusCode, response.json().error.message, response.json().error.fields]).toEqual([
      409,
      message,
      { intoId: message },
    ]);

    const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
    expect(row).toMatchObject({ skillId: python.id, isEndorsed: true });
    const [source] = await ctx.db.select().from(skills).where(eq(skills.id, python.id));
    expect(source).toMatchObject({ retiredAt: null, mergedIntoId: null, isEndorsed: true });
    // The other way round is what a merge is for: the unreviewed duplicate goes into the endorsed skill.
    expect((await merge(pyhton.id, { intoId: python.id })).statusCode).toBe(200);
  });

  it('is refused to a signed-out visitor and to a general secretary', async () => {
    const python = await createSkill(ctx.db, { name: 'Python' });
    const pyhton = await createSkill(ctx.db, { name: 'Pyhton' });
    expect((await merge(pyhton.id, { intoId: python.id }, '')).statusCode).toBe(401);
    const secretary = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
    const cookie = await signInAs(ctx, secretary);
    expect((await merge(pyhton.id, { intoId: python.id }, cookie)).statusCode).toBe(403);
    expect(
      (await get(`/api/admin/skills/${pyhton.id}/merge?intoId=${python.id}`, cookie)).statusCode,
    ).toBe(403);
    const [source] = await ctx.db
      .select({ retiredAt: skills.retiredAt })
      .from(skills)
      .where(eq(skills.id, pyhton.id));
    expect(source!.retiredAt).toBeNull();
  });

  it('keeps the position of a merged claim pointing where it did', async () => {
    const python = await createSkill(ctx.db, { name: 'Python' });
    const pyhton = await createSkill(ctx.db, { name: 'Pyhton' });
    const position = await createPosition(ctx.db);
    const moved = await createUserSkill(ctx.db, { skillId: pyhton.id, positionId: position.id });
    expect((await merge(pyhton.id, { intoId: python.id })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, moved.id));
    expect(row).toMatchObject({ skillId: python.id, positionId: position.id });
    expect(
      await ctx.db.select({ id: positions.id }).from(positions).where(eq(positions.id, position.id)),
    ).toHaveLength(1);
  });
});
