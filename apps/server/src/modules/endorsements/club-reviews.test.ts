import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

const NOT_A_MEMBER = 'This student is not a member of your club.';

/** A club coordinator on the endorsement panel: their club's members' items only, of every type, never their own. */
describe("a club coordinator reviews their club's members", () => {
  const ctx = useTestApp();
  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });

  /** A club, its coordinator, a member (active, verified holder), a student who only claims a seat, and an outsider. */
  const setUp = async () => {
    const club = await createOrgUnit(ctx.db);
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const position = await createPosition(ctx.db, { unitId: club.id, positionCount: 5 });
    const member = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, { userId: member.id, positionId: position.id, status: 'active' });
    const claimant = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, {
      userId: claimant.id,
      positionId: position.id,
      status: 'active',
      verification: 'self_declared',
    });
    const former = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, {
      userId: former.id,
      positionId: position.id,
      status: 'completed',
    });
    const outsider = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, {
      userId: coordinator.id,
      positionId: position.id,
      status: 'active',
    });
    return {
      club,
      coordinator,
      cookie: await signInAs(ctx, coordinator),
      member,
      claimant,
      former,
      outsider,
    };
  };
  const ids = (response: { json(): { items: { id: string }[] } }) =>
    response.json().items.map((item) => item.id);

  it("lists the members' achievements and skill claims of every type, and nobody else's", async () => {
    const { cookie, coordinator, member, claimant, former, outsider } = await setUp();
    const theirs = [
      await createAchievement(ctx.db, { userId: member.id, type: 'sports' }),
      await createAchievement(ctx.db, { userId: member.id, type: 'other' }),
    ];
    for (const userId of [claimant.id, former.id, outsider.id, coordinator.id])
      await createAchievement(ctx.db, { userId });
    const achievementsList = await get('/api/endorsements/achievements', cookie);
    expect(achievementsList.statusCode).toBe(200);
    expect(ids(achievementsList).sort()).toEqual(theirs.map((item) => item.id).sort());
    expect(achievementsList.json().total).toBe(2);

    const claim = await createUserSkill(ctx.db, {
      userId: member.id,
      skillId: (await createSkill(ctx.db, { type: 'cultural', isEndorsed: true })).id,
    });
    await createUserSkill(ctx.db, {
      userId: outsider.id,
      skillId: (await createSkill(ctx.db, { type: 'cultural', isEndorsed: true })).id,
    });
    expect(ids(await get('/api/endorsements/user-skills', cookie))).toEqual([claim.id]);
  });

  it("verifies a member's achievement and endorses a member's claim", async () => {
    const { cookie, coordinator, member } = await setUp();
    const achievement = await createAchievement(ctx.db, { userId: member.id, type: 'academic' });
    const verified = await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie);
    expect(verified.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
    expect(row).toMatchObject({ verified: true, verifiedBy: coordinator.id });
    const claim = await createUserSkill(ctx.db, {
      userId: member.id,
      skillId: (await createSkill(ctx.db, { type: 'technical', isEndorsed: true })).id,
    });
    expect(
      (
        await post(`/api/endorsements/user-skills/${claim.id}/decline`, cookie, {
          reason: 'Not shown at the club.',
        })
      ).statusCode,
    ).toBe(200);
    const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
    expect(claimRow!.declineReason).toBe('Not shown at the club.');
  });

  it("refuses (403) a non-member's items, a claimant's, a former member's and their own, and changes nothing", async () => {
    const { cookie, coordinator, claimant, former, outsider } = await setUp();
    for (const userId of [claimant.id, former.id, outsider.id]) {
      const achievement = await createAchievement(ctx.db, { userId });
      const response = await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(NOT_A_MEMBER);
      const claim = await createUserSkill(ctx.db, {
        userId,
        skillId: (await createSkill(ctx.db, { type: 'technical', isEndorsed: true })).id,
      });
      expect((await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie)).statusCode).toBe(
        403,
      );
      expect(
        (await post(`/api/endorsements/user-skills/${claim.id}/decline`, cookie, { reason: 'No.' }))
          .statusCode,
      ).toBe(403);
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row!.verified).toBe(false);
    }
    const own = await createAchievement(ctx.db, { userId: coordinator.id });
    expect((await post(`/api/endorsements/achievements/${own.id}/verify`, cookie)).statusCode).toBe(403);
  });

  it('a coordinator whose account has no club sees empty lists and reviews nothing', async () => {
    const { member } = await setUp();
    const lonely = await createUser(ctx.db, { role: 'CLUB_COORDINATOR' });
    const cookie = await signInAs(ctx, lonely);
    const achievement = await createAchievement(ctx.db, { userId: member.id });
    expect((await get('/api/endorsements/achievements', cookie)).json().total).toBe(0);
    expect(
      (await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie)).statusCode,
    ).toBe(403);
  });
});
