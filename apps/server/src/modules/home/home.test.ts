import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createEvent,
  createFeedback,
  createOrgUnit,
  createPositionHolder,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('GET /api/me/dashboard', () => {
  const ctx = useTestApp();

  const dashboard = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/me/dashboard', headers: cookie ? { cookie } : {} });

  it('asks a signed-out visitor to sign in', async () => {
    const response = await dashboard();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('sends a student who has not onboarded to finish registration', async () => {
    const student = await createUser(ctx.db, { onboardingComplete: false });
    const response = await dashboard(await signInAs(ctx, student));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
  });

  it('gives a new student zero counts, no latest achievement, and the welcome line from the profile', async () => {
    const { user } = await createStudent(
      ctx.db,
      { name: 'Saanvi Reddy' },
      { branch: 'Chemical Engineering', batchYear: 2025, program: 'MSc' },
    );
    const response = await dashboard(await signInAs(ctx, user));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      name: 'Saanvi Reddy',
      branch: 'Chemical Engineering',
      batchYear: 2025,
      program: 'MSc',
      photoUrl: null,
    });
    expect(body.counts).toEqual({ skills: 0, achievements: 0, positions: 0, feedbackGiven: 0 });
    expect(body.latestAchievement).toBeNull();
  });

  it('gives an onboarded student without a profile row a welcome line with the name only', async () => {
    const user = await createUser(ctx.db, { onboardingComplete: true, name: 'Vihaan Joshi' });
    const response = await dashboard(await signInAs(ctx, user));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual({
      name: 'Vihaan Joshi',
      branch: null,
      batchYear: null,
      program: null,
      photoUrl: null,
    });
    expect(response.json().counts).toEqual({
      skills: 0,
      achievements: 0,
      positions: 0,
      feedbackGiven: 0,
    });
  });

  it("counts the student's own skills, achievements, positions and feedback, and shows the latest achievement", async () => {
    const { user: me } = await createStudent(
      ctx.db,
      { name: 'Riya Gupta' },
      { branch: 'Computer Science & Engineering', batchYear: 2023, program: 'B.Tech' },
    );
    const { user: other } = await createStudent(ctx.db);
    const verifier = await createUser(ctx.db, { role: 'GENSEC_SCITECH', name: 'Kavya Menon' });
    const pastEvent = await createEvent(ctx.db, {
      title: 'Smart India Hackathon 2026',
      description: 'The national hackathon finals.',
      status: 'completed',
      scheduleStart: new Date(Date.now() - 40 * DAY_MS),
      scheduleEnd: new Date(Date.now() - 39 * DAY_MS),
    });

    await createUserSkill(ctx.db, { userId: me.id });
    await createUserSkill(ctx.db, { userId: me.id, proficiencyLevel: 'expert' });
    await createAchievement(ctx.db, {
      userId: me.id,
      title: 'Chess Runner-up',
      createdAt: new Date('2026-01-10T08:00:00.000Z'),
    });
    const latest = await createAchievement(ctx.db, {
      userId: me.id,
      title: 'Smart India Hackathon Winner',
      description: 'Won the national round with a crop-disease detector.',
      category: 'Hackathon',
      type: 'technical',
      level: 'national',
      eventId: pastEvent.id,
      dateAchieved: '2026-02-20',
      position: 'Winner',
      certificateUrl: 'https://certificates.example.org/sih/123',
      verified: true,
      verifiedBy: verifier.id,
      verifiedAt: new Date('2026-03-06T12:00:00.000Z'),
      createdAt: new Date('2026-03-05T09:30:00.000Z'),
    });
    await createAchievement(ctx.db, {
      userId: me.id,
      title: 'Dance Trophy',
      type: 'cultural',
      createdAt: new Date('2026-02-01T10:00:00.000Z'),
    });
    await createPositionHolder(ctx.db, { userId: me.id });
    await createFeedback(ctx.db, { authorId: me.id });
    await createFeedback(ctx.db, {
      authorId: me.id,
      isAnonymous: true,
      targetType: 'Event',
      targetEventId: pastEvent.id,
    });

    // Other students' records, added after mine, are never counted nor shown.
    await createUserSkill(ctx.db, { userId: other.id });
    await createAchievement(ctx.db, { userId: other.id, title: "Someone else's medal" });
    await createPositionHolder(ctx.db, { userId: other.id });
    await createPositionHolder(ctx.db, { userId: other.id });
    await createFeedback(ctx.db, { authorId: other.id, targetUserId: me.id });
    await createFeedback(ctx.db, { authorId: other.id, isAnonymous: true, targetUserId: me.id });

    const response = await dashboard(await signInAs(ctx, me));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      name: 'Riya Gupta',
      branch: 'Computer Science & Engineering',
      batchYear: 2023,
      program: 'B.Tech',
      photoUrl: null,
    });
    expect(body.counts).toEqual({ skills: 2, achievements: 3, positions: 1, feedbackGiven: 2 });
    expect(body.latestAchievement).toEqual({
      id: latest.id,
      achievementCode: expect.stringMatching(/^ACH-\d{5}$/),
      title: 'Smart India Hackathon Winner',
      description: 'Won the national round with a crop-disease detector.',
      category: 'Hackathon',
      type: 'technical',
      level: 'national',
      event: {
        id: pastEvent.id,
        title: 'Smart India Hackathon 2026',
        description: 'The national hackathon finals.',
      },
      dateAchieved: '2026-02-20',
      position: 'Winner',
      certificateUrl: 'https://certificates.example.org/sih/123',
      verified: true,
      verifiedBy: { name: 'Kavya Menon' },
      verifiedAt: '2026-03-06T12:00:00.000Z',
      declineReason: null,
      version: 1,
      history: [],
      createdAt: '2026-03-05T09:30:00.000Z',
    });

    const otherView = (await dashboard(await signInAs(ctx, other))).json();
    expect(otherView.counts).toEqual({ skills: 1, achievements: 1, positions: 2, feedbackGiven: 2 });
    expect(otherView.latestAchievement.title).toBe("Someone else's medal");
  });

  it('lists only planned events starting in the future, soonest first, at most 5, and counts them all', async () => {
    const now = Date.now();
    const at = (offsetMs: number) => new Date(now + offsetMs);
    const unit = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
    const drama = await createOrgUnit(ctx.db, { name: 'Dramatics Society', category: 'cultural' });

    const robotics = await createEvent(ctx.db, {
      title: 'Robotics Workshop',
      description: 'Build a line follower in an afternoon.',
      category: 'technical',
      organizingUnitId: unit.id,
      scheduleStart: at(3 * DAY_MS),
      scheduleEnd: at(3 * DAY_MS + 4 * HOUR_MS),
    });
    const openMic = await createEvent(ctx.db, {
      title: 'Open Mic Night',
      description: null,
      category: 'cultural',
      organizingUnitId: null,
      scheduleStart: at(1 * DAY_MS),
      scheduleEnd: null,
    });
    const chess = await createEvent(ctx.db, {
      title: 'Chess Open',
      category: 'sports',
      scheduleStart: at(5 * DAY_MS),
      scheduleEnd: at(5 * DAY_MS + HOUR_MS),
    });
    const quiz = await createEvent(ctx.db, {
      title: 'Quiz Bowl',
      category: 'academic',
      organizingUnitId: drama.id,
      scheduleStart: at(2 * DAY_MS),
      scheduleEnd: at(2 * DAY_MS + 2 * HOUR_MS),
    });
    const talk = await createEvent(ctx.db, {
      title: 'Startup Talk',
      category: 'other',
      scheduleStart: at(4 * DAY_MS),
      scheduleEnd: at(4 * DAY_MS + HOUR_MS),
    });
    // The sixth upcoming event: counted in the total, beyond the list's five.
    await createEvent(ctx.db, {
      title: 'Alumni Meet',
      scheduleStart: at(6 * DAY_MS),
      scheduleEnd: at(6 * DAY_MS + HOUR_MS),
    });

    // Left out: started already, ongoing, completed, cancelled, or with no start.
    await createEvent(ctx.db, {
      title: 'Orientation',
      scheduleStart: at(-2 * DAY_MS),
      scheduleEnd: at(-2 * DAY_MS + HOUR_MS),
    });
    await createEvent(ctx.db, {
      title: 'Freshers Party',
      scheduleStart: at(-5 * 60_000),
      scheduleEnd: at(2 * HOUR_MS),
    });
    await createEvent(ctx.db, {
      title: 'Tech Fest',
      status: 'ongoing',
      scheduleStart: at(12 * HOUR_MS),
      scheduleEnd: at(3 * DAY_MS),
    });
    await createEvent(ctx.db, {
      title: 'Sports Day',
      status: 'completed',
      scheduleStart: at(2 * HOUR_MS),
      scheduleEnd: at(5 * HOUR_MS),
    });
    await createEvent(ctx.db, {
      title: 'Film Screening',
      status: 'cancelled',
      scheduleStart: at(HOUR_MS),
      scheduleEnd: at(3 * HOUR_MS),
    });
    await createEvent(ctx.db, { title: 'Date To Be Announced', scheduleStart: null, scheduleEnd: null });

    const { user } = await createStudent(ctx.db);
    const response = await dashboard(await signInAs(ctx, user));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.upcomingTotal).toBe(6);
    expect(body.upcomingEvents).toEqual([
      {
        id: openMic.id,
        title: 'Open Mic Night',
        description: null,
        category: 'cultural',
        unitName: null,
        start: at(1 * DAY_MS).toISOString(),
        end: null,
      },
      {
        id: quiz.id,
        title: 'Quiz Bowl',
        description: 'A 24-hour build sprint open to all students.',
        category: 'academic',
        unitName: 'Dramatics Society',
        start: at(2 * DAY_MS).toISOString(),
        end: at(2 * DAY_MS + 2 * HOUR_MS).toISOString(),
      },
      {
        id: robotics.id,
        title: 'Robotics Workshop',
        description: 'Build a line follower in an afternoon.',
        category: 'technical',
        unitName: 'Robotics Club',
        start: at(3 * DAY_MS).toISOString(),
        end: at(3 * DAY_MS + 4 * HOUR_MS).toISOString(),
      },
      {
        id: talk.id,
        title: 'Startup Talk',
        description: 'A 24-hour build sprint open to all students.',
        category: 'other',
        unitName: null,
        start: at(4 * DAY_MS).toISOString(),
        end: at(4 * DAY_MS + HOUR_MS).toISOString(),
      },
      {
        id: chess.id,
        title: 'Chess Open',
        description: 'A 24-hour build sprint open to all students.',
        category: 'sports',
        unitName: null,
        start: at(5 * DAY_MS).toISOString(),
        end: at(5 * DAY_MS + HOUR_MS).toISOString(),
      },
    ]);
  });
});
