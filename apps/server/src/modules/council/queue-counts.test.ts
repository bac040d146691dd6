import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { achievements, activityLog, feedback, skills, userSkills, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createFeedback,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

/**
 * The queue counts officials see (the council summary, the review lists' totals, the feedback
 * desk's counts) follow every change to the queues: reviews, declines, removals, a catalogue skill
 * declined or retyped, a member removed, and many changes at the same moment. Each test starts with
 * empty queues, so every expected count is what the test itself created.
 */
describe('queue counts', () => {
  const ctx = useTestApp();

  const headers = (cookie: string) => ({ origin: TEST_ORIGIN, cookie });
  const get = async (url: string, cookie: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: headers(cookie) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const post = (url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: headers(cookie) });
  const official = async (role: 'GENSEC_SCITECH' | 'GENSEC_SPORTS' | 'PRESIDENT') => {
    const user = await createUser(ctx.db, { role });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const summaryOf = (cookie: string) => get('/api/council/summary', cookie);
  const technicalSkill = () => createSkill(ctx.db, { type: 'technical', isEndorsed: true });

  beforeEach(async () => {
    await ctx.db.delete(activityLog);
    await ctx.db.delete(feedback);
    await ctx.db.delete(userSkills);
    await ctx.db.delete(achievements);
    await ctx.db.delete(skills);
  });

  /** What the officials see, counted afresh from the rows themselves. */
  const recount = async () => {
    const result = await ctx.db.execute(sql`select
      (select count(*) from user_skills us join skills s on s.id = us.skill_id
        where not us.is_endorsed and us.declined_at is null and s.declined_at is null and s.type = 'technical')::int as "technicalClaims",
      (select count(*) from achievements where not verified and declined_at is null and type = 'technical')::int as "technicalAchievements",
      (select count(*) from feedback where not is_resolved)::int as "unresolvedFeedback"`);
    return (
      result as unknown as {
        rows: { technicalClaims: number; technicalAchievements: number; unresolvedFeedback: number }[];
      }
    ).rows[0]!;
  };

  it('claims: endorsed, declined, removed by the student, or of a removed student leave the count', async () => {
    const secretary = await official('GENSEC_SCITECH');
    const skill = await technicalSkill();
    const { user: owner } = await createStudent(ctx.db);
    const claims = [];
    for (let index = 0; index < 5; index += 1)
      claims.push(
        await createUserSkill(ctx.db, {
          skillId: skill.id,
          ...(index === 2 ? { userId: owner.id } : {}),
        }),
      );
    // The secretary's own claim is not theirs to review.
    await createUserSkill(ctx.db, { skillId: skill.id, userId: secretary.user.id });
    expect((await summaryOf(secretary.cookie)).pending.userSkills).toBe(5);

    expect(
      (await post(`/api/endorsements/user-skills/${claims[0]!.id}/endorse`, secretary.cookie))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(`/api/endorsements/user-skills/${claims[1]!.id}/decline`, secretary.cookie, {
          reason: 'No evidence of this skill.',
        })
      ).statusCode,
    ).toBe(200);
    // Endorsing twice changes nothing more.
    expect(
      (await post(`/api/endorsements/user-skills/${claims[0]!.id}/endorse`, secretary.cookie))
        .statusCode,
    ).toBe(200);
    expect((await summaryOf(secretary.cookie)).pending.userSkills).toBe(3);

    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/me/skills/${claims[2]!.id}`,
      headers: headers(await signInAs(ctx, owner)),
    });
    expect(removal.statusCode).toBe(204);
    await ctx.db.delete(users).where(eq(users.id, claims[3]!.userId));

    const summary = await summaryOf(secretary.cookie);
    expect(summary.pending.userSkills).toBe(1);
    const list = await get('/api/endorsements/user-skills', secretary.cookie);
    expect(list.total).toBe(1);
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([claims[4]!.id]);
  });

  it("claims follow their catalogue skill: declined, they leave every count; retyped, they move to the new type's secretary", async () => {
    const technical = await official('GENSEC_SCITECH');
    const sports = await official('GENSEC_SPORTS');
    const president = await official('PRESIDENT');
    const studentSkill = await createSkill(ctx.db, {
      type: 'technical',
      createdBy: (await createUser(ctx.db)).id,
    });
    const other = await createSkill(ctx.db, {
      type: 'technical',
      createdBy: (await createUser(ctx.db)).id,
    });
    for (let index = 0; index < 3; index += 1)
      await createUserSkill(ctx.db, { skillId: studentSkill.id });
    for (let index = 0; index < 2; index += 1) await createUserSkill(ctx.db, { skillId: other.id });
    expect((await summaryOf(technical.cookie)).pending.userSkills).toBe(5);

    expect(
      (
        await post(`/api/endorsements/skills/${studentSkill.id}/decline`, technical.cookie, {
          reason: 'Already in the catalogue as TypeScript.',
        })
      ).statusCode,
    ).toBe(200);
    expect((await summaryOf(technical.cookie)).pending.userSkills).toBe(2);

    await ctx.db.update(skills).set({ type: 'sports' }).where(eq(skills.id, other.id));
    expect((await summaryOf(technical.cookie)).pending.userSkills).toBe(0);
    expect((await summaryOf(sports.cookie)).pending.userSkills).toBe(2);
    expect((await summaryOf(president.cookie)).pending.userSkills).toBe(2);
    const narrowed = await get('/api/endorsements/user-skills?type=sports', president.cookie);
    expect([narrowed.total, narrowed.overall]).toEqual([2, 2]);
  });

  it('achievements: verified, declined, retyped or of a removed student leave the count; the president’s own other ones reach the secretaries', async () => {
    const secretary = await official('GENSEC_SCITECH');
    const president = await official('PRESIDENT');
    const waiting = [];
    for (let index = 0; index < 5; index += 1)
      waiting.push(await createAchievement(ctx.db, { type: 'technical' }));
    await createAchievement(ctx.db, { type: 'technical', userId: secretary.user.id });
    await createAchievement(ctx.db, { type: 'other', userId: president.user.id });
    await createAchievement(ctx.db, { type: 'other' });
    expect((await summaryOf(secretary.cookie)).pending.achievements).toBe(6);
    // The president reviews every type but their own: five technical, the secretary's, one other.
    expect((await summaryOf(president.cookie)).pending.achievements).toBe(7);

    expect(
      (await post(`/api/endorsements/achievements/${waiting[0]!.id}/verify`, secretary.cookie))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(`/api/endorsements/achievements/${waiting[1]!.id}/decline`, secretary.cookie, {
          reason: 'The certificate is missing.',
        })
      ).statusCode,
    ).toBe(200);
    await ctx.db
      .update(achievements)
      .set({ type: 'cultural' })
      .where(eq(achievements.id, waiting[2]!.id));
    await ctx.db.delete(users).where(eq(users.id, waiting[3]!.userId));

    expect((await summaryOf(secretary.cookie)).pending.achievements).toBe(2);
    const list = await get('/api/endorsements/achievements', secretary.cookie);
    expect(list.total).toBe(2);
    expect((await summaryOf(president.cookie)).pending.achievements).toBe(4);
  });

  it('feedback: the desk and the summary count what is unresolved, by type, as it is resolved', async () => {
    const secretary = await official('GENSEC_SCITECH');
    const complaints = [];
    for (let index = 0; index < 3; index += 1)
      complaints.push(await createFeedback(ctx.db, { type: 'Complaint' }));
    for (let index = 0; index < 2; index += 1) await createFeedback(ctx.db, { type: 'Query' });
    expect((await summaryOf(secretary.cookie)).unresolvedFeedback).toBe(5);

    const resolved = await post(`/api/feedback/${complaints[0]!.id}/resolution`, secretary.cookie, {
      actionsTaken: 'Spoke to the organisers.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(
      (
        await post(`/api/feedback/${complaints[0]!.id}/resolution`, secretary.cookie, {
          actionsTaken: 'Again.',
        })
      ).statusCode,
    ).toBe(409);

    expect((await summaryOf(secretary.cookie)).unresolvedFeedback).toBe(4);
    const all = await get('/api/feedback?status=all', secretary.cookie);
    expect([all.overall, all.total, all.counts]).toEqual([5, 5, { all: 5, resolved: 1, unresolved: 4 }]);
    const ofComplaints = await get('/api/feedback?status=unresolved&type=Complaint', secretary.cookie);
    expect([ofComplaints.overall, ofComplaints.total, ofComplaints.counts]).toEqual([
      5,
      2,
      { all: 3, resolved: 1, unresolved: 2 },
    ]);
    // A student's desk counts their own feedback only.
    const { user: student } = await createStudent(ctx.db);
    await createFeedback(ctx.db, { type: 'Query', authorId: student.id });
    const own = await get('/api/feedback?status=all', await signInAs(ctx, student));
    expect([own.overall, own.counts]).toEqual([1, { all: 1, resolved: 0, unresolved: 1 }]);
  });

  it('many changes at the same moment leave the counts exact', async () => {
    const secretary = await official('GENSEC_SCITECH');
    const president = await official('PRESIDENT');
    const skill = await technicalSkill();
    const declinedLater = await createSkill(ctx.db, {
      type: 'technical',
      createdBy: (await createUser(ctx.db)).id,
    });
    const students = [];
    for (let index = 0; index < 24; index += 1) students.push(await createUser(ctx.db));
    const firstClaims = await Promise.all(
      students
        .slice(0, 12)
        .map((student) => createUserSkill(ctx.db, { skillId: skill.id, userId: student.id })),
    );
    const firstAchievements = await Promise.all(
      students.slice(0, 12).map((student) => createAchievement(ctx.db, { userId: student.id })),
    );
    const firstFeedback = await Promise.all(
      students
        .slice(0, 8)
        .map((student) => createFeedback(ctx.db, { authorId: student.id, type: 'Complaint' })),
    );

    // At once: new claims (some of a skill being declined), endorsements by two officials of the same
    // claims, verifications, declines, new feedback and resolutions by two officials of the same feedback.
    await Promise.all([
      ...students.slice(12).map((student, index) =>
        createUserSkill(ctx.db, {
          skillId: index % 2 === 0 ? skill.id : declinedLater.id,
          userId: student.id,
        }),
      ),
      post(`/api/endorsements/skills/${declinedLater.id}/decline`, president.cookie, {
        reason: 'A duplicate of another skill.',
      }),
      ...firstClaims
        .slice(0, 6)
        .flatMap((claim) => [
          post(`/api/endorsements/user-skills/${claim.id}/endorse`, secretary.cookie),
          post(`/api/endorsements/user-skills/${claim.id}/endorse`, president.cookie),
        ]),
      ...firstAchievements
        .slice(0, 4)
        .map((achievement) =>
          post(`/api/endorsements/achievements/${achievement.id}/verify`, secretary.cookie),
        ),
      ...firstAchievements.slice(4, 6).map((achievement) =>
        post(`/api/endorsements/achievements/${achievement.id}/decline`, president.cookie, {
          reason: 'Not an institute event.',
        }),
      ),
      ...students.slice(12, 18).map((student) => createAchievement(ctx.db, { userId: student.id })),
      ...students
        .slice(18)
        .map((student) => createFeedback(ctx.db, { authorId: student.id, type: 'Query' })),
      ...firstFeedback.slice(0, 3).flatMap((item) => [
        post(`/api/feedback/${item.id}/resolution`, secretary.cookie, {
          actionsTaken: 'Addressed with the club.',
        }),
        post(`/api/feedback/${item.id}/resolution`, president.cookie, {
          actionsTaken: 'Addressed with the club.',
        }),
      ]),
    ]);

    // Claims: 12 + 6 new of the endorsed skill, 6 endorsed (the 6 of the declined skill never count).
    // Achievements: 12 + 6, 4 verified and 2 declined. Feedback: 8 + 6, 3 resolved.
    const expected = { technicalClaims: 12, technicalAchievements: 12, unresolvedFeedback: 11 };
    expect(await recount()).toEqual(expected);
    const summary = await summaryOf(secretary.cookie);
    expect([
      summary.pending.userSkills,
      summary.pending.achievements,
      summary.unresolvedFeedback,
    ]).toEqual([12, 12, 11]);
    expect((await get('/api/endorsements/user-skills', president.cookie)).total).toBe(12);
    expect((await get('/api/feedback?status=unresolved', president.cookie)).total).toBe(11);
  });
});
