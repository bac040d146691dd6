import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createEvent,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

const NOT_TIED =
  "A club coordinator verifies only records tied to their own club (its events and positions); this one goes to the council's general secretary or the president.";

/**
 * A club coordinator on the endorsement panel: the records tied to their club (achievements at its
 * events, claims naming its positions), of every type and whoever's, never their own.
 */
describe('a club coordinator reviews the records tied to their club', () => {
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

  /** A club with an event and a position, its coordinator (also a member), a member, an outsider, and another club with its own event and position. */
  const setUp = async () => {
    const club = await createOrgUnit(ctx.db);
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const position = await createPosition(ctx.db, { unitId: club.id, positionCount: 5 });
    const event = await createEvent(ctx.db, { organizingUnitId: club.id });
    const member = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, { userId: member.id, positionId: position.id, status: 'active' });
    await createPositionHolder(ctx.db, {
      userId: coordinator.id,
      positionId: position.id,
      status: 'active',
    });
    const outsider = (await createStudent(ctx.db)).user;
    const other = await createOrgUnit(ctx.db);
    return {
      coordinator,
      cookie: await signInAs(ctx, coordinator),
      member,
      outsider,
      position,
      event,
      otherPosition: await createPosition(ctx.db, { unitId: other.id }),
      otherEvent: await createEvent(ctx.db, { organizingUnitId: other.id }),
    };
  };
  const ids = (response: { json(): { items: { id: string }[] } }) =>
    response.json().items.map((item) => item.id);
  const endorsedSkill = async (type: 'technical' | 'cultural') =>
    (await createSkill(ctx.db, { type, isEndorsed: true })).id;

  it("lists the achievements at the club's events and the claims naming its positions, of every type and whoever's, and nothing else", async () => {
    const { cookie, coordinator, member, outsider, event, position, otherEvent } = await setUp();
    const theirs = [
      await createAchievement(ctx.db, { userId: member.id, type: 'sports', eventId: event.id }),
      await createAchievement(ctx.db, { userId: outsider.id, type: 'other', eventId: event.id }),
    ];
    // A member's national achievement elsewhere, another club's event, the coordinator's own.
    await createAchievement(ctx.db, { userId: member.id, level: 'national' });
    await createAchievement(ctx.db, { userId: member.id, eventId: otherEvent.id });
    await createAchievement(ctx.db, { userId: coordinator.id, eventId: event.id });
    const achievementsList = await get('/api/endorsements/achievements', cookie);
    expect(achievementsList.statusCode).toBe(200);
    expect(ids(achievementsList).sort()).toEqual(theirs.map((item) => item.id).sort());
    expect(achievementsList.json().total).toBe(2);

    const claim = await createUserSkill(ctx.db, {
      userId: outsider.id,
      skillId: await endorsedSkill('cultural'),
      positionId: position.id,
    });
    await createUserSkill(ctx.db, { userId: member.id, skillId: await endorsedSkill('cultural') });
    expect(ids(await get('/api/endorsements/user-skills', cookie))).toEqual([claim.id]);
  });

  it("verifies an achievement at the club's event and declines a claim naming the club's position", async () => {
    const { cookie, coordinator, member, event, position } = await setUp();
    const achievement = await createAchievement(ctx.db, {
      userId: member.id,
      type: 'academic',
      eventId: event.id,
    });
    const verified = await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie);
    expect(verified.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
    expect(row).toMatchObject({ verified: true, verifiedBy: coordinator.id });
    const claim = await createUserSkill(ctx.db, {
      userId: member.id,
      skillId: await endorsedSkill('technical'),
      positionId: position.id,
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

  it("refuses (403) a member's achievement tied to nothing of the club, another club's event or position, and their own, and changes nothing", async () => {
    const { cookie, coordinator, member, event, otherEvent, otherPosition } = await setUp();
    for (const eventId of [null, otherEvent.id]) {
      const achievement = await createAchievement(ctx.db, {
        userId: member.id,
        level: 'national',
        eventId,
      });
      const response = await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(NOT_TIED);
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row!.verified).toBe(false);
    }
    for (const positionId of [null, otherPosition.id]) {
      const claim = await createUserSkill(ctx.db, {
        userId: member.id,
        skillId: await endorsedSkill('technical'),
        positionId,
      });
      const endorse = await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie);
      expect(endorse.statusCode).toBe(403);
      expect(endorse.json().error.message).toBe(NOT_TIED);
      expect(
        (await post(`/api/endorsements/user-skills/${claim.id}/decline`, cookie, { reason: 'No.' }))
          .statusCode,
      ).toBe(403);
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({ isEndorsed: false, declinedAt: null });
    }
    const own = await createAchievement(ctx.db, { userId: coordinator.id, eventId: event.id });
    expect((await post(`/api/endorsements/achievements/${own.id}/verify`, cookie)).statusCode).toBe(403);
  });

  it("leaves an achievement above the institute's level at the club's own event to the council: not listed, not on the dashboard, 403", async () => {
    const { cookie, member, event } = await setUp();
    for (const level of ['international', 'national', 'state', 'district', null]) {
      const olympiad = await createAchievement(ctx.db, {
        userId: member.id,
        title: 'International Mathematical Olympiad 2026',
        type: 'academic',
        level,
        eventId: event.id,
      });
      const response = await post(`/api/endorsements/achievements/${olympiad.id}/verify`, cookie);
      expect(response.statusCode, String(level)).toBe(403);
      expect(response.json().error.message).toMatch(/institute's own level/);
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, olympiad.id));
      expect(row!.verified).toBe(false);
    }
    expect((await get('/api/endorsements/achievements', cookie)).json().total).toBe(0);
    const bundle = (await get('/api/clubs/mine', cookie)).json().club;
    expect(bundle.stats.pendingReviews.achievements).toBe(0);
    expect(bundle.pendingAchievements).toEqual([]);
  });

  it('a coordinator whose account has no club sees empty lists and reviews nothing', async () => {
    const { member, event } = await setUp();
    const lonely = await createUser(ctx.db, { role: 'CLUB_COORDINATOR' });
    const cookie = await signInAs(ctx, lonely);
    const achievement = await createAchievement(ctx.db, { userId: member.id, eventId: event.id });
    expect((await get('/api/endorsements/achievements', cookie)).json().total).toBe(0);
    expect(
      (await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie)).statusCode,
    ).toBe(403);
  });
});
