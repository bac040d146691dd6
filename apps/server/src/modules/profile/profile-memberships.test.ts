import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubMemberships, users } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';
import { profileClientOf } from '../../../test/profile-client';

/* Club memberships on a student's record: their own profile and their page (decision 0026). */

describe('club memberships on the record', () => {
  const ctx = useTestApp();
  const clubs = membershipClientOf(ctx);
  const { getProfile } = profileClientOf(ctx);
  const personPage = (id: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/people/${id}`, headers: { cookie } });

  /**
   * A student the Coding Club accepted, removed with a reason, and accepted again (now a core
   * member), and whom the Quiz Club accepted too; the first period's dates are set by hand.
   */
  async function member() {
    const coding = await clubs.club('Coding Club');
    const quiz = await clubs.club('Quiz Club', 'Nisha Rao');
    const student = await clubs.student('Meera Pillai');
    await clubs.joinThroughRequest(coding.club.id, coding.coordinator.cookie, student.cookie);
    const [first] = await clubs.periodsOf(coding.club.id, student.user.id);
    const removed = await clubs.inject(
      'POST',
      `/api/clubs/${coding.club.id}/members/${first!.id}/removal`,
      coding.coordinator.cookie,
      { reason: 'Missed every meeting' },
    );
    expect(removed.statusCode).toBe(200);
    await ctx.db
      .update(clubMemberships)
      .set({ startedAt: new Date('2025-08-10T06:00:00Z'), endedAt: new Date('2026-05-20T06:00:00Z') })
      .where(eq(clubMemberships.id, first!.id));
    await clubs.joinThroughRequest(coding.club.id, coding.coordinator.cookie, student.cookie);
    const [, second] = await clubs.periodsOf(coding.club.id, student.user.id);
    await ctx.db
      .update(clubMemberships)
      .set({ startedAt: new Date('2026-07-15T06:00:00Z') })
      .where(eq(clubMemberships.id, second!.id));
    await clubs.inject(
      'PATCH',
      `/api/clubs/${coding.club.id}/members/${second!.id}`,
      coding.coordinator.cookie,
      { role: 'Core member' },
    );
    await clubs.joinThroughRequest(quiz.club.id, quiz.coordinator.cookie, student.cookie);
    const [third] = await clubs.periodsOf(quiz.club.id, student.user.id);
    await ctx.db
      .update(clubMemberships)
      .set({ startedAt: new Date('2026-09-01T06:00:00Z') })
      .where(eq(clubMemberships.id, third!.id));
    return {
      student,
      expected: [
        {
          id: third!.id,
          club: { id: quiz.club.id, name: 'Quiz Club' },
          role: 'Member',
          startedAt: '2026-09-01T06:00:00.000Z',
          endedAt: null,
        },
        {
          id: second!.id,
          club: { id: coding.club.id, name: 'Coding Club' },
          role: 'Core member',
          startedAt: '2026-07-15T06:00:00.000Z',
          endedAt: null,
        },
        {
          id: first!.id,
          club: { id: coding.club.id, name: 'Coding Club' },
          role: 'Member',
          startedAt: '2025-08-10T06:00:00.000Z',
          endedAt: '2026-05-20T06:00:00.000Z',
        },
      ],
    };
  }

  it('shows the student’s own profile and their page the current periods first, then the past ones, never why one ended', async () => {
    const { student, expected } = await member();
    const own = await getProfile(student.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().profile.clubMemberships).toEqual(expected);

    // Another student sees the same record on the page, and not the coordinator's reason.
    const reader = await clubs.student('Dev Shah');
    const page = await personPage(student.user.id, reader.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().clubMemberships).toEqual(expected);
    expect(page.body).not.toContain('Missed every meeting');
    expect((await getProfile(reader.cookie)).json().profile.clubMemberships).toEqual([]);

    // A deactivated student has no page for others: the memberships go with it.
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, student.user.id));
    expect((await personPage(student.user.id, reader.cookie)).statusCode).toBe(404);
  });
});
