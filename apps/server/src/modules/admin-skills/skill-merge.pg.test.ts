import { eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { skills, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createSkill, createStudent, createUser, createUserSkill } from '../../../test/factories';

/**
 * Merges that race, on a PostgreSQL server (the requests run on separate connections at once).
 * This file runs only with DATABASE_URL (see vitest.config.ts).
 */
describe('merges at the same moment', () => {
  const ctx = useTestApp();

  const merge = (cookie: string, id: string, intoId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/skills/${id}/merge`,
      payload: { intoId },
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const adminCookie = async () => signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));

  it('lets only one of two crossing merges (A into B, B into A) land', async () => {
    const cookie = await adminCookie();
    for (let round = 0; round < 5; round += 1) {
      const a = await createSkill(ctx.db, { name: `Crossing A${round}` });
      const b = await createSkill(ctx.db, { name: `Crossing B${round}` });
      const { user: both } = await createStudent(ctx.db);
      await createUserSkill(ctx.db, { userId: both.id, skillId: a.id });
      await createUserSkill(ctx.db, { userId: both.id, skillId: b.id });
      await createUserSkill(ctx.db, { skillId: a.id });
      await createUserSkill(ctx.db, { skillId: b.id });
      const answers = await Promise.all([merge(cookie, a.id, b.id), merge(cookie, b.id, a.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const rows = await ctx.db
        .select()
        .from(skills)
        .where(sql`${skills.id} in (${a.id}, ${b.id})`);
      const retired = rows.filter((row) => row.retiredAt !== null);
      expect(retired).toHaveLength(1);
      const survivor = rows.find((row) => row.retiredAt === null)!;
      expect(retired[0]!.mergedIntoId).toBe(survivor.id);
      // Every claim is on the survivor, the student who held both has one.
      expect(
        await ctx.db.select().from(userSkills).where(eq(userSkills.skillId, retired[0]!.id)),
      ).toEqual([]);
      expect(
        await ctx.db.select().from(userSkills).where(eq(userSkills.skillId, survivor.id)),
      ).toHaveLength(3);
    }
  });

  it('merges one duplicate into only one of two targets chosen at once', async () => {
    const cookie = await adminCookie();
    const duplicate = await createSkill(ctx.db, { name: 'Twice Dup' });
    const first = await createSkill(ctx.db, { name: 'Twice One' });
    const second = await createSkill(ctx.db, { name: 'Twice Two' });
    await createUserSkill(ctx.db, { skillId: duplicate.id });
    const answers = await Promise.all([
      merge(cookie, duplicate.id, first.id),
      merge(cookie, duplicate.id, second.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await ctx.db.select().from(skills).where(eq(skills.id, duplicate.id));
    const winner = answers[0]!.statusCode === 200 ? first : second;
    expect(row!.mergedIntoId).toBe(winner.id);
    expect(await ctx.db.select().from(userSkills).where(eq(userSkills.skillId, winner.id))).toHaveLength(
      1,
    );
  });

  it('never leaves a claim on a merged skill when a student adds it during the merge', async () => {
    const cookie = await adminCookie();
    for (let round = 0; round < 5; round += 1) {
      const target = await createSkill(ctx.db, { name: `Racing Target ${round}`, isEndorsed: true });
      const duplicate = await createSkill(ctx.db, { name: `Racing Dup ${round}`, isEndorsed: true });
      await createUserSkill(ctx.db, { skillId: duplicate.id });
      const { user } = await createStudent(ctx.db);
      const student = await signInAs(ctx, user);
      const [merged, added] = await Promise.all([
        merge(cookie, duplicate.id, target.id),
        ctx.app.inject({
          method: 'POST',
          url: '/api/me/skills',
          payload: { skillId: duplicate.id },
          headers: { origin: TEST_ORIGIN, cookie: student },
        }),
      ]);
      expect(merged.statusCode).toBe(200);
      // Either the claim landed first and moved with the merge, or it came after and was refused.
      expect([201, 400]).toContain(added.statusCode);
      const stranded = await ctx.db
        .select()
        .from(userSkills)
        .innerJoin(skills, eq(skills.id, userSkills.skillId))
        .where(isNotNull(skills.retiredAt));
      expect(stranded).toEqual([]);
      const own = await ctx.db.select().from(userSkills).where(eq(userSkills.userId, user.id));
      expect(own.map((row) => row.skillId)).toEqual(added.statusCode === 201 ? [target.id] : []);
    }
  });
});
