import { beforeEach, describe, expect, it } from 'vitest';
import {
  achievements,
  activityLog,
  events,
  feedback,
  positionHolders,
  roomBookings,
  skills,
  userSkills,
} from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createRoomBooking,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Official = 'GENSEC_SCITECH' | 'GENSEC_ACADEMIC' | 'GENSEC_CULTURAL' | 'GENSEC_SPORTS' | 'PRESIDENT';
type SkillType = 'technical' | 'cultural' | 'sports' | 'academic';

describe('GET /api/council/summary', () => {
  const ctx = useTestApp();

  const summary = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/council/summary', headers: cookie ? { cookie } : {} });
  const signedIn = async (role: Official | 'CLUB_COORDINATOR') => {
    const user = await createUser(ctx.db, { role });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const claimOf = async (type: SkillType, overrides: Partial<typeof userSkills.$inferInsert> = {}) =>
    createUserSkill(ctx.db, {
      skillId: (await createSkill(ctx.db, { type, isEndorsed: true })).id,
      ...overrides,
    });
  const studentSkill = async (type: SkillType, overrides: Partial<typeof skills.$inferInsert> = {}) =>
    createSkill(ctx.db, { type, createdBy: (await createUser(ctx.db)).id, ...overrides });

  // Every test starts with nothing waiting, so the counts are exactly what the test created.
  beforeEach(async () => {
    await ctx.db.delete(activityLog);
    await ctx.db.delete(feedback);
    await ctx.db.delete(roomBookings);
    await ctx.db.delete(userSkills);
    await ctx.db.delete(achievements);
    await ctx.db.delete(skills);
    await ctx.db.delete(events);
  });

  describe('access', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const response = await summary();
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('is refused to a student and a club coordinator', async () => {
      const { user: student } = await createStudent(ctx.db);
      const { cookie: coordinator } = await signedIn('CLUB_COORDINATOR');
      for (const cookie of [await signInAs(ctx, student), coordinator]) {
        const response = await summary(cookie);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
    });
  });

  it("counts what waits for a general secretary: their type's reviews (not their own), unresolved feedback, upcoming events, their room requests", async () => {
    const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
    const now = Date.now();

    // Claims: two pending technical ones count.
    await claimOf('technical');
    await claimOf('technical');
    await claimOf('technical', { isEndorsed: true, endorsedBy: official.id, endorsedAt: new Date() });
    await claimOf('technical', {
      declinedBy: official.id,
      declinedAt: new Date(),
      declineReason: 'No evidence.',
    });
    await claimOf('technical', { userId: official.id });
    await claimOf('cultural');
    const declinedSkill = await studentSkill('technical', {
      declinedBy: official.id,
      declinedAt: new Date(),
      declineReason: 'Duplicate.',
    });
    await createUserSkill(ctx.db, { skillId: declinedSkill.id });

    // Catalogue skills: one a student created and one of the institute count.
    await studentSkill('technical');
    await createSkill(ctx.db, { type: 'technical' });
    await createSkill(ctx.db, { type: 'technical', createdBy: official.id });
    await studentSkill('technical', {
      isEndorsed: true,
      endorsedBy: official.id,
      endorsedAt: new Date(),
    });
    await studentSkill('sports');

    // Achievements: three pending technical ones count.
    for (let index = 0; index < 3; index += 1) await createAchievement(ctx.db, { type: 'technical' });
    await createAchievement(ctx.db, {
      type: 'technical',
      verified: true,
      verifiedBy: official.id,
      verifiedAt: new Date(),
    });
    await createAchievement(ctx.db, {
      type: 'technical',
      declinedBy: official.id,
      declinedAt: new Date(),
      declineReason: 'Unreadable.',
    });
    await createAchievement(ctx.db, { type: 'technical', userId: official.id });
    await createAchievement(ctx.db, { type: 'other' });
    await createAchievement(ctx.db, { type: 'academic' });

    // Feedback: two unresolved.
    await createFeedback(ctx.db);
    await createFeedback(ctx.db, { targetUserId: official.id });
    await createFeedback(ctx.db, {
      isResolved: true,
      actionsTaken: 'Done.',
      resolvedBy: official.id,
      resolvedAt: new Date(),
    });

    // Events: only the planned one still to start is upcoming.
    await createEvent(ctx.db, {
      status: 'planned',
      scheduleStart: new Date(now + 2 * DAY_MS),
      scheduleEnd: new Date(now + 2 * DAY_MS + HOUR_MS),
    });
    await createEvent(ctx.db, {
      status: 'planned',
      scheduleStart: new Date(now - 2 * DAY_MS),
      scheduleEnd: new Date(now - 2 * DAY_MS + HOUR_MS),
    });
    await createEvent(ctx.db, {
      status: 'ongoing',
      scheduleStart: new Date(now + DAY_MS),
      scheduleEnd: new Date(now + DAY_MS + HOUR_MS),
    });
    await createEvent(ctx.db, {
      status: 'completed',
      scheduleStart: new Date(now + DAY_MS),
      scheduleEnd: new Date(now + DAY_MS + HOUR_MS),
    });
    await createEvent(ctx.db, {
      status: 'cancelled',
      scheduleStart: new Date(now + DAY_MS),
      scheduleEnd: new Date(now + DAY_MS + HOUR_MS),
    });

    // Room requests: the secretary's own two pending ones.
    await createRoomBooking(ctx.db, { requestedBy: official.id });
    await createRoomBooking(ctx.db, { requestedBy: official.id, startTime: '12:00', endTime: '13:00' });
    await createRoomBooking(ctx.db, {
      requestedBy: official.id,
      status: 'Approved',
      startTime: '14:00',
      endTime: '15:00',
    });
    await createRoomBooking(ctx.db, { requestedBy: official.id, status: 'Rejected' });
    await createRoomBooking(ctx.db);
    // Still pending, but its day is over: expired, no longer waiting for anyone.
    await createRoomBooking(ctx.db, { requestedBy: official.id, date: '2025-01-10' });

    const response = await summary(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      types: ['technical'],
      pending: { userSkills: 2, skills: 2, achievements: 3, positions: 0 },
      unresolvedFeedback: 2,
      upcomingEvents: 1,
      pendingBookings: 2,
    });
  });

  it.each([
    ['GENSEC_SCITECH', 'technical'],
    ['GENSEC_ACADEMIC', 'academic'],
    ['GENSEC_CULTURAL', 'cultural'],
    ['GENSEC_SPORTS', 'sports'],
  ] as const)('counts for %s the %s items only', async (role, type) => {
    const { cookie } = await signedIn(role);
    for (const each of ['technical', 'cultural', 'sports', 'academic'] as const) {
      // One claim, one catalogue skill and one achievement of every type; two of the secretary's own type.
      await claimOf(each);
      await studentSkill(each);
      await createAchievement(ctx.db, { type: each });
      if (each === type) {
        await claimOf(each);
        await studentSkill(each);
        await createAchievement(ctx.db, { type: each });
      }
    }
    await createAchievement(ctx.db, { type: 'other' });
    const response = await summary(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      types: [type],
      pending: { userSkills: 2, skills: 2, achievements: 2 },
    });
  });

  it("counts for the president every type, 'other' achievements included, and every pending room request", async () => {
    const { user: president, cookie } = await signedIn('PRESIDENT');
    const { user: secretary } = await signedIn('GENSEC_SPORTS');
    for (const type of ['technical', 'cultural', 'sports', 'academic'] as const) {
      await claimOf(type);
      await studentSkill(type);
      await createAchievement(ctx.db, { type });
    }
    await createAchievement(ctx.db, { type: 'other' });
    await createAchievement(ctx.db, { type: 'other', userId: president.id });
    await claimOf('sports', { userId: president.id });
    await createSkill(ctx.db, { type: 'cultural', createdBy: president.id });

    await createRoomBooking(ctx.db, { requestedBy: secretary.id });
    await createRoomBooking(ctx.db, { requestedBy: president.id, startTime: '12:00', endTime: '13:00' });
    await createRoomBooking(ctx.db, { startTime: '15:00', endTime: '16:00' });
    await createRoomBooking(ctx.db, { status: 'Approved', startTime: '17:00', endTime: '18:00' });

    const response = await summary(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect([...body.types].sort()).toEqual(['academic', 'cultural', 'other', 'sports', 'technical']);
    expect(body).toMatchObject({
      pending: { userSkills: 4, skills: 4, achievements: 5 },
      unresolvedFeedback: 0,
      upcomingEvents: 0,
      pendingBookings: 3,
    });

    // The secretary sees their own request only, and the president's own 'other' achievement, which
    // the president cannot review.
    const secretaryView = await summary(await signInAs(ctx, secretary));
    expect(secretaryView.json()).toMatchObject({
      types: ['sports'],
      pendingBookings: 1,
      pending: { userSkills: 2, skills: 1, achievements: 2 },
    });
  });

  it('drops an item from the counts once it is reviewed on the panel', async () => {
    const { cookie } = await signedIn('GENSEC_CULTURAL');
    const claim = await claimOf('cultural');
    const achievement = await createAchievement(ctx.db, { type: 'cultural' });
    const feedbackItem = await createFeedback(ctx.db);
    expect((await summary(cookie)).json()).toMatchObject({
      pending: { userSkills: 1, achievements: 1 },
      unresolvedFeedback: 1,
    });

    const post = (url: string, payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url,
        ...(payload ? { payload } : {}),
        headers: { origin: TEST_ORIGIN, cookie },
      });
    expect((await post(`/api/endorsements/user-skills/${claim.id}/endorse`)).statusCode).toBe(200);
    expect(
      (
        await post(`/api/endorsements/achievements/${achievement.id}/decline`, {
          reason: 'Wrong category.',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post(`/api/feedback/${feedbackItem.id}/resolution`, {
          actionsTaken: 'Talked to the club.',
        })
      ).statusCode,
    ).toBe(200);
    expect((await summary(cookie)).json()).toMatchObject({
      pending: { userSkills: 0, skills: 0, achievements: 0 },
      unresolvedFeedback: 0,
    });
  });

  it("counts the position records awaiting verification (students' own and coordinators' appointments), not its own, and one fewer once verified", async () => {
    const { user, cookie } = await signedIn('GENSEC_CULTURAL');
    await ctx.db.delete(positionHolders);
    // Records of a club of the cultural council: the ones its general secretary verifies.
    const club = await createOrgUnit(ctx.db, { category: 'cultural' });
    const inClub = async (overrides: Partial<typeof positionHolders.$inferInsert>) =>
      createPositionHolder(ctx.db, {
        positionId: (await createPosition(ctx.db, { unitId: club.id })).id,
        ...overrides,
      });
    const record = await inClub({ verification: 'self_declared', status: 'completed' });
    await inClub({ verification: 'self_declared', status: 'completed' });
    await inClub({ verification: 'pending', status: 'active' });
    await inClub({ verification: 'self_declared', userId: user.id });
    await inClub({ verification: 'verified' });
    await inClub({ verification: 'declined', declinedAt: new Date(), declineReason: 'Not held.' });
    // A record of a technical club is the technical secretary's, not counted here.
    const technical = await createOrgUnit(ctx.db, { category: 'technical' });
    await createPositionHolder(ctx.db, {
      positionId: (await createPosition(ctx.db, { unitId: technical.id })).id,
      verification: 'self_declared',
    });
    expect((await summary(cookie)).json().pending.positions).toBe(3);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/api/endorsements/positions/${record.id}/verify`,
      payload: { confirm: true },
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(verified.statusCode).toBe(200);
    expect((await summary(cookie)).json().pending.positions).toBe(2);
  });
});
