import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { clubMemberships, orgUnits } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { ledgerMoney } from '../../../test/ledger-money';
import {
  createAchievement,
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/clubs/mine', () => {
  const ctx = useTestApp();
  const get = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/clubs/mine', headers: cookie ? { cookie } : {} });

  it('asks a signed-out visitor to sign in, and refuses a student and the officials', async () => {
    expect((await get()).statusCode).toBe(401);
    const student = (await createStudent(ctx.db)).user;
    for (const user of [
      student,
      await createUser(ctx.db, { role: 'PRESIDENT' }),
      await createUser(ctx.db, { role: 'GENSEC_CULTURAL' }),
    ]) {
      const response = await get(await signInAs(ctx, user));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('answers club null to a coordinator whose account has no club, or whose club was removed', async () => {
    const lonely = await createUser(ctx.db, { role: 'CLUB_COORDINATOR' });
    expect((await get(await signInAs(ctx, lonely))).json()).toEqual({ club: null });
    const club = await createOrgUnit(ctx.db);
    const orphan = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const cookie = await signInAs(ctx, orphan);
    await ctx.db.delete(orgUnits).where(eq(orgUnits.id, club.id));
    expect((await get(cookie)).json()).toEqual({ club: null });
  });

  it("gives the coordinator's own club: unit, counts, latest events, pending achievements and recent feedback, never another club's", async () => {
    const club = await createOrgUnit(ctx.db, {
      name: 'Quiz Club',
      description: 'Weekly quizzes.',
      category: 'academic',
      contactEmail: 'quiz@example.edu',
      // Typed before the ledger: the dashboard shows the ledger's figures instead.
      budgetAllocated: 80_000,
      budgetSpent: 30_000,
    });
    const tenureYear = currentTenure();
    await ledgerMoney(ctx.db, {
      unitId: club.id,
      tenureYear,
      heading: 'events',
      allocated: 50_000,
      paid: 12_000.5,
    });
    await ledgerMoney(ctx.db, { unitId: club.id, tenureYear, allocated: 25_000 });
    await ledgerMoney(ctx.db, {
      unitId: club.id,
      tenureYear: '2001-2002',
      allocated: 9_999,
      paid: 9_999,
    });
    const other = await createOrgUnit(ctx.db, { name: 'Chess Club' });
    await ledgerMoney(ctx.db, { unitId: other.id, tenureYear, allocated: 7_777, paid: 777 });
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const cookie = await signInAs(ctx, coordinator);
    const [captain, member] = [
      await createPosition(ctx.db, { unitId: club.id, positionCount: 3 }),
      await createPosition(ctx.db, { unitId: club.id, positionCount: 3 }),
    ];
    const otherPosition = await createPosition(ctx.db, { unitId: other.id });
    const alice = (await createStudent(ctx.db, { name: 'Alice Member' }, {})).user;
    const bob = (await createStudent(ctx.db, { name: 'Bob Member' })).user;
    const claimant = (await createStudent(ctx.db)).user;
    const stranger = (await createStudent(ctx.db)).user;
    // On the roster: Bob (also a holder, counted once) and Chitra; Dev left, and is no member.
    const chitra = (await createStudent(ctx.db, { name: 'Chitra Member' })).user;
    const dev = (await createStudent(ctx.db, { name: 'Dev Former' })).user;
    await ctx.db.insert(clubMemberships).values([
      { unitId: club.id, userId: bob.id },
      { unitId: club.id, userId: chitra.id },
      {
        unitId: club.id,
        userId: dev.id,
        startedAt: new Date(Date.now() - 90 * DAY),
        endedAt: new Date(Date.now() - 5 * DAY),
        endReason: 'Left the club',
      },
      { unitId: other.id, userId: stranger.id },
    ]);
    // Alice holds two seats: one member. A completed, a self-declared and another club's holding make nobody a member.
    await createPositionHolder(ctx.db, { userId: alice.id, positionId: captain.id, status: 'active' });
    await createPositionHolder(ctx.db, { userId: alice.id, positionId: member.id, status: 'active' });
    await createPositionHolder(ctx.db, { userId: bob.id, positionId: member.id, status: 'active' });
    await createPositionHolder(ctx.db, {
      userId: claimant.id,
      positionId: member.id,
      status: 'active',
      verification: 'self_declared',
    });
    await createPositionHolder(ctx.db, {
      userId: stranger.id,
      positionId: otherPosition.id,
      status: 'active',
    });
    await createPositionHolder(ctx.db, {
      userId: stranger.id,
      positionId: captain.id,
      status: 'completed',
      tenureYear: '2023-2024',
    });

    const now = Date.now();
    await createEvent(ctx.db, {
      organizingUnitId: club.id,
      title: 'Old quiz',
      scheduleStart: new Date(now - 30 * DAY),
      scheduleEnd: new Date(now - 30 * DAY + 3600_000),
      status: 'completed',
      createdAt: new Date(now - 40 * DAY),
    });
    const quizOne = await createEvent(ctx.db, {
      organizingUnitId: club.id,
      title: 'Quiz one',
      createdAt: new Date(now - 3 * DAY),
    });
    await createEvent(ctx.db, {
      organizingUnitId: club.id,
      title: 'Quiz two',
      venue: null,
      createdAt: new Date(now - 2 * DAY),
    });
    await createEvent(ctx.db, {
      organizingUnitId: club.id,
      title: 'Quiz three',
      createdAt: new Date(now - DAY),
    });
    await createEvent(ctx.db, { organizingUnitId: other.id, title: 'Chess blitz' });

    const first = await createAchievement(ctx.db, {
      userId: alice.id,
      title: 'State quiz winner',
      eventId: quizOne.id,
      createdAt: new Date(now - 5 * DAY),
    });
    await createAchievement(ctx.db, {
      userId: bob.id,
      title: 'Second',
      eventId: quizOne.id,
      createdAt: new Date(now - 4 * DAY),
    });
    await createAchievement(ctx.db, {
      userId: bob.id,
      title: 'Third',
      eventId: quizOne.id,
      createdAt: new Date(now - 3 * DAY),
    });
    await createAchievement(ctx.db, {
      userId: alice.id,
      title: 'Fourth',
      eventId: quizOne.id,
      createdAt: new Date(now - 2 * DAY),
    });
    // Tied to nothing of the club (a member's national medal too), or the coordinator's own: not theirs to review.
    await createAchievement(ctx.db, { userId: alice.id, title: 'National olympiad', level: 'national' });
    await createAchievement(ctx.db, { userId: stranger.id, title: 'Not a member' });
    await createAchievement(ctx.db, { userId: claimant.id, title: 'A claimant' });
    await createAchievement(ctx.db, { userId: coordinator.id, title: 'Mine', eventId: quizOne.id });
    await createUserSkill(ctx.db, {
      userId: bob.id,
      skillId: (await createSkill(ctx.db, { isEndorsed: true })).id,
      positionId: member.id,
    });
    await createUserSkill(ctx.db, {
      userId: stranger.id,
      skillId: (await createSkill(ctx.db, { isEndorsed: true })).id,
      positionId: otherPosition.id,
    });

    const author = (await createStudent(ctx.db, { name: 'Named Author' })).user;
    await createFeedback(ctx.db, {
      targetType: 'Club/Organization',
      targetUnitId: club.id,
      authorId: author.id,
      comments: 'Oldest',
      createdAt: new Date(now - 3 * DAY),
    });
    await createFeedback(ctx.db, {
      targetType: 'POR',
      targetPositionId: captain.id,
      authorId: author.id,
      comments: 'About a position',
      createdAt: new Date(now - 2 * DAY),
    });
    await createFeedback(ctx.db, {
      targetType: 'Club/Organization',
      targetUnitId: club.id,
      authorId: author.id,
      isAnonymous: true,
      type: 'Complaint',
      rating: 2,
      comments: 'Newest, anonymous',
      createdAt: new Date(now - DAY),
    });
    await createFeedback(ctx.db, {
      targetType: 'Club/Organization',
      targetUnitId: other.id,
      comments: 'About chess',
    });

    const response = await get(cookie);
    expect(response.statusCode).toBe(200);
    const { club: bundle } = response.json();
    expect(bundle.unit).toMatchObject({
      id: club.id,
      name: 'Quiz Club',
      description: 'Weekly quizzes.',
      category: 'academic',
      contactEmail: 'quiz@example.edu',
      budgetAllocated: 75000,
      budgetSpent: 12000.5,
      budgetTenure: tenureYear,
      pageSlug: 'quiz-club',
    });
    expect(bundle.stats).toEqual({
      activeMembers: 3,
      totalEvents: 4,
      upcomingEvents: 3,
      pendingReviews: { achievements: 4, userSkills: 1, positions: 1, total: 6 },
    });
    expect(bundle.recentEvents.map((event: { title: string }) => event.title)).toEqual([
      'Quiz three',
      'Quiz two',
      'Quiz one',
    ]);
    expect(bundle.recentEvents[1]).toMatchObject({ venue: null, status: 'planned' });
    expect(bundle.pendingAchievements.map((item: { title: string }) => item.title)).toEqual([
      'State quiz winner',
      'Second',
      'Third',
    ]);
    expect(bundle.pendingAchievements[0]).toMatchObject({
      id: first.id,
      student: { name: 'Alice Member' },
    });
    expect(bundle.feedback.total).toBe(3);
    expect(bundle.feedback.items).toHaveLength(2);
    expect(bundle.feedback.items[0]).toMatchObject({
      type: 'Complaint',
      rating: 2,
      comments: 'Newest, anonymous',
      author: null,
    });
    expect(bundle.feedback.items[1]).toMatchObject({
      comments: 'About a position',
      author: 'Named Author',
    });
    expect(JSON.stringify(bundle)).not.toContain('Chess');
  });
});
