import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { studentWithAttendance } from '../../../test/attendance-records';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { profileClientOf } from '../../../test/profile-client';

/* Events attended on a student's record: their own profile and their page (decision 0026). */

describe('events attended', () => {
  const ctx = useTestApp();
  const { getProfile } = profileClientOf(ctx);
  const personPage = async (id: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/people/${id}`, headers: { cookie } });

  it('shows on the student’s own profile the events the door checked them in at, latest first, and nothing else', async () => {
    const { user, workshop, talk, attended, walkedIn } = await studentWithAttendance(ctx);
    const response = await getProfile(await signInAs(ctx, user));
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.attendance).toEqual([
      {
        id: walkedIn.id,
        event: { id: talk.id, title: 'Space talk' },
        checkedInAt: '2025-09-02T12:00:00.000Z',
        checkedInBy: 'Ishaan Verma',
      },
      {
        id: attended.id,
        event: { id: workshop.id, title: 'Robotics workshop' },
        checkedInAt: '2025-08-14T19:30:00.000Z',
        checkedInBy: 'Ishaan Verma',
      },
    ]);
  });

  it('shows the same on the student’s page to another student, and to the student', async () => {
    const { user, attended, walkedIn, notOnRecord } = await studentWithAttendance(ctx);
    const viewer = await createUser(ctx.db, { onboardingComplete: true });
    for (const cookie of [await signInAs(ctx, viewer), await signInAs(ctx, user)]) {
      const response = await personPage(user.id, cookie);
      expect(response.statusCode).toBe(200);
      const shown = response.json().attendance.map((item: { id: string }) => item.id);
      expect(shown).toEqual([walkedIn.id, attended.id]);
      for (const id of Object.values(notOnRecord).map((registration) => registration.id))
        expect(response.body).not.toContain(id);
    }
  });

  it('names nobody when the account that checked them in is gone, and leaves a student with none an empty list', async () => {
    const { user, door, other } = await studentWithAttendance(ctx);
    await ctx.db.delete(users).where(eq(users.id, door.id));
    const mine = (await getProfile(await signInAs(ctx, user))).json().profile.attendance;
    expect(mine.map((item: { checkedInBy: string | null }) => item.checkedInBy)).toEqual([null, null]);
    const theirs = (await getProfile(await signInAs(ctx, other))).json().profile.attendance;
    expect(theirs).toHaveLength(1);
    const official = await createUser(ctx.db, { role: 'GENSEC_CULTURAL' });
    const none = (await getProfile(await signInAs(ctx, official))).json().profile;
    expect(none.attendance).toEqual([]);
  });
});
