import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { searchGroupsOf } from '../../../test/search-client';
import {
  createAchievement,
  createRoomBooking,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

/**
 * The officials' queues in the global search: each official finds what their own panel lists,
 * and nobody finds an item they could not open.
 */
describe('GET /api/search: the items waiting for an official', () => {
  const ctx = useTestApp();
  const groupsOf = searchGroupsOf(ctx);
  const kindsOf = async (q: string, cookie: string) =>
    (await groupsOf(q, cookie)).map((group) => group.kind);
  const reviewsOf = async (q: string, cookie: string) =>
    (await groupsOf(q, cookie))
      .find((group) => group.kind === 'reviews')
      ?.items.map((item) => [item.label, item.detail, item.url]) ?? [];

  let mira: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    mira = (await createStudent(ctx.db, { name: 'Mira Pendharkar' })).user;
    const president = await createUser(ctx.db, { role: 'PRESIDENT' });
    await createAchievement(ctx.db, {
      userId: mira.id,
      title: 'Quasar Robotics Gold',
      type: 'technical',
    });
    await createAchievement(ctx.db, { userId: mira.id, title: 'Quasar Dance Trophy', type: 'cultural' });
    // Already verified: in nobody's queue.
    await createAchievement(ctx.db, {
      userId: mira.id,
      title: 'Quasar Chess Shield',
      type: 'technical',
      verified: true,
      verifiedBy: president.id,
      verifiedAt: new Date(),
    });
    const endorsed = await createSkill(ctx.db, {
      name: 'Quasar Soldering',
      type: 'technical',
      isEndorsed: true,
    });
    await createUserSkill(ctx.db, { userId: mira.id, skillId: endorsed.id });
    await createSkill(ctx.db, { name: 'Quasarscript', type: 'technical', isEndorsed: false });
    const secretary = await createUser(ctx.db, { name: 'Room Asker', role: 'GENSEC_SPORTS' });
    const future = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await createRoomBooking(ctx.db, {
      requestedBy: secretary.id,
      date: future,
      description: 'Quasar quiz rehearsal',
    });
  });

  it('shows a student no queue, not even of their own items, and no room requests', async () => {
    const student = await signedInAs(ctx, 'STUDENT');
    expect(await kindsOf('quasar', student.cookie)).toEqual([]);
    expect(await kindsOf('quasar', await signInAs(ctx, mira))).toEqual([]);
  });

  it('shows the sci-tech secretary the technical items only: achievements, claims and new catalogue skills', async () => {
    const scitech = await signedInAs(ctx, 'GENSEC_SCITECH');
    expect((await reviewsOf('quasar', scitech.cookie)).sort()).toEqual([
      ['Quasar Robotics Gold', 'Achievement · Mira Pendharkar', '/gensec-endorse?tab=achievements'],
      ['Quasar Soldering', 'Skill claim · Mira Pendharkar', '/gensec-endorse?tab=user-skills'],
      ['Quasarscript', 'New skill for the catalogue', '/gensec-endorse?tab=skills'],
    ]);
    const group = (await groupsOf('quasar', scitech.cookie)).find((each) => each.kind === 'reviews');
    expect(group?.total).toBe(3);
    expect(await kindsOf('quasar', scitech.cookie)).not.toContain('bookings');
  });

  it('finds a queue item by the student’s name and a misspelt title', async () => {
    const scitech = await signedInAs(ctx, 'GENSEC_SCITECH');
    expect((await reviewsOf('pendharkar', scitech.cookie)).map(([label]) => label).sort()).toEqual([
      'Quasar Robotics Gold',
      'Quasar Soldering',
    ]);
    expect((await reviewsOf('quasar robotcs', scitech.cookie))[0]?.[0]).toBe('Quasar Robotics Gold');
  });

  it('shows the cultural secretary the cultural achievement only', async () => {
    const cultural = await signedInAs(ctx, 'GENSEC_CULTURAL');
    expect(await reviewsOf('quasar', cultural.cookie)).toEqual([
      ['Quasar Dance Trophy', 'Achievement · Mira Pendharkar', '/gensec-endorse?tab=achievements'],
    ]);
  });

  it('shows the president every type and the room requests awaiting a decision', async () => {
    const president = await signedInAs(ctx, 'PRESIDENT');
    const groups = await groupsOf('quasar', president.cookie);
    expect(groups.find((group) => group.kind === 'reviews')?.total).toBe(4);
    const bookings = groups.find((group) => group.kind === 'bookings');
    expect(bookings?.total).toBe(1);
    expect(bookings?.items[0]).toMatchObject({
      detail: 'Requested by · Room Asker',
      url: '/president-approval?status=Pending',
    });
    expect(bookings?.items[0]?.label).toMatch(/^Room A on \d+ \w+ \d{4} from 10:00 to 11:00$/);
  });

  it('shows a club coordinator without a club no review item', async () => {
    const coordinator = await signedInAs(ctx, 'CLUB_COORDINATOR');
    expect(await kindsOf('quasar', coordinator.cookie)).not.toContain('reviews');
  });
});
