import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

/** The tenure before the one under way, e.g. '2025-2026' during 2026-2027. */
function lastTenure(): string {
  const start = Number(currentTenure().slice(0, 4)) - 1;
  return `${start}-${start + 1}`;
}

describe("a club's members and the feedback about the club", () => {
  const ctx = useTestApp();
  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });

  it('counts as members the holders of this tenure only: a holding left active after its tenure ended grants nothing', async () => {
    const club = await createOrgUnit(ctx.db);
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const position = await createPosition(ctx.db, { unitId: club.id, positionCount: 5 });
    const member = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, {
      userId: member.id,
      positionId: position.id,
      status: 'active',
      tenureYear: currentTenure(),
    });
    const stale = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, {
      userId: stale.id,
      positionId: position.id,
      status: 'active',
      tenureYear: lastTenure(),
    });
    // The coordinator reviews what is tied to the club (its event), not what its members hold elsewhere.
    const event = await createEvent(ctx.db, { organizingUnitId: club.id });
    const mine = await createAchievement(ctx.db, {
      userId: member.id,
      type: 'technical',
      eventId: event.id,
    });
    await createAchievement(ctx.db, { userId: stale.id, type: 'technical' });
    const cookie = await signInAs(ctx, coordinator);

    const listed = (await get('/api/endorsements/achievements', cookie)).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
    const bundle = (await get('/api/clubs/mine', cookie)).json();
    expect(bundle.club.stats.activeMembers).toBe(1);
  });

  it('lists, counts and resolves the feedback about the club, its events, its positions and its members, and nothing else', async () => {
    const club = await createOrgUnit(ctx.db);
    const other = await createOrgUnit(ctx.db);
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const position = await createPosition(ctx.db, { unitId: club.id });
    const member = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, { userId: member.id, positionId: position.id, status: 'active' });
    const event = await createEvent(ctx.db, { organizingUnitId: club.id });
    const about = [
      await createFeedback(ctx.db, {
        targetType: 'Club/Organization',
        targetUnitId: club.id,
        comments: 'About the club',
      }),
      await createFeedback(ctx.db, {
        targetType: 'Event',
        targetEventId: event.id,
        comments: 'About its event',
      }),
      await createFeedback(ctx.db, {
        targetType: 'POR',
        targetPositionId: position.id,
        comments: 'About its position',
        isResolved: true,
        resolvedAt: new Date(),
        actionsTaken: 'Talked to them.',
      }),
      await createFeedback(ctx.db, {
        targetType: 'User',
        targetUserId: member.id,
        comments: 'About its member',
      }),
    ];
    const elsewhere = await createFeedback(ctx.db, {
      targetType: 'Club/Organization',
      targetUnitId: other.id,
      comments: 'About another club',
    });
    await createFeedback(ctx.db, {
      targetType: 'User',
      targetUserId: (await createStudent(ctx.db)).user.id,
      comments: 'About an outsider',
    });
    const cookie = await signInAs(ctx, coordinator);

    const list = (await get('/api/feedback', cookie)).json();
    expect(list.items.map((item: { comments: string }) => item.comments).sort()).toEqual([
      'About its event',
      'About its member',
      'About its position',
      'About the club',
    ]);
    expect(list.counts).toEqual({ all: 4, resolved: 1, unresolved: 3 });
    const unresolved = (await get('/api/feedback?status=unresolved', cookie)).json();
    expect(unresolved.total).toBe(3);
    const bundle = (await get('/api/clubs/mine', cookie)).json();
    expect(bundle.club.feedback.total).toBe(4);
    expect(bundle.club.feedback.items).toHaveLength(2);
    for (const item of bundle.club.feedback.items) expect(about.map((row) => row.id)).toContain(item.id);

    const resolve = (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/feedback/${id}/resolution`,
        payload: { actionsTaken: 'Spoke to the team.' },
        headers: { cookie, origin: TEST_ORIGIN },
      });
    expect((await resolve(elsewhere.id)).statusCode).toBe(404);
    expect((await resolve(about[1]!.id)).statusCode).toBe(200);
  });
});
