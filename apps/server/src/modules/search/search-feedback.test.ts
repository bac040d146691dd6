import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { searchGroupsOf } from '../../../test/search-client';
import {
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

/**
 * Feedback in the global search: the officials and a club coordinator find the feedback their desk
 * would let them resolve, by its words, its type or what it is about; a search result opens that
 * feedback alone on the desk.
 */
describe('GET /api/search: feedback waiting to be resolved', () => {
  const ctx = useTestApp();
  const search = searchGroupsOf(ctx);
  const feedbackOf = async (q: string, cookie: string) =>
    (await search(q, cookie))
      .find((group) => group.kind === 'feedback')
      ?.items.map((item) => [item.label, item.detail]) ?? [];

  let zephyrClub: Awaited<ReturnType<typeof createOrgUnit>>;
  let otherClub: Awaited<ReturnType<typeof createOrgUnit>>;
  let aboutClub: Awaited<ReturnType<typeof createFeedback>>;
  let secretary: Awaited<ReturnType<typeof createUser>>;
  let author: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    zephyrClub = await createOrgUnit(ctx.db, { name: 'Zephyrine Kite Club' });
    otherClub = await createOrgUnit(ctx.db, { name: 'Other Zephyrine Society' });
    secretary = await createUser(ctx.db, { name: 'Tavish Okonkwo', role: 'GENSEC_CULTURAL' });
    author = (await createStudent(ctx.db, { name: 'Odalys Quenneville' })).user;
    aboutClub = await createFeedback(ctx.db, {
      type: 'Complaint',
      targetType: 'Club/Organization',
      targetUnitId: zephyrClub.id,
      comments: 'The kite workshop started an hour late and nobody told us.',
      authorId: author.id,
    });
    await createFeedback(ctx.db, {
      type: 'Suggestion',
      targetType: 'Club/Organization',
      targetUnitId: otherClub.id,
      comments: 'Please hold the zephyrine meet on a weekend.',
      isAnonymous: true,
      authorId: author.id,
    });
    // Resolved already: in nobody's queue.
    await createFeedback(ctx.db, {
      type: 'Complaint',
      targetType: 'Club/Organization',
      targetUnitId: zephyrClub.id,
      comments: 'Zephyrine kites were missing last week.',
      isResolved: true,
      actionsTaken: 'Bought new kites.',
      resolvedAt: new Date(),
    });
    // About the cultural secretary: another official resolves it.
    await createFeedback(ctx.db, {
      type: 'Appreciation',
      targetType: 'User',
      targetUserId: secretary.id,
      comments: 'Thanks for the zephyrine evening.',
    });
  });

  it('finds unresolved feedback by its words, its type and what it is about, named as the desk names it', async () => {
    // The president holds an office, as every president does: feedback about no position is still theirs.
    const president = await signedInAs(ctx, 'PRESIDENT');
    const office = await createPosition(ctx.db, { unitId: otherClub.id, title: 'President' });
    await createPositionHolder(ctx.db, {
      userId: president.user.id,
      positionId: office.id,
      status: 'active',
    });
    expect(await feedbackOf('kite workshop', president.cookie)).toEqual([
      ['Zephyrine Kite Club', 'Complaint · The kite workshop started an hour late and nobody told us.'],
    ]);
    expect((await feedbackOf('zephyrine', president.cookie)).map(([label]) => label).sort()).toEqual([
      'Other Zephyrine Society',
      'Tavish Okonkwo',
      'Zephyrine Kite Club',
    ]);
    expect(await feedbackOf('complai', president.cookie)).toEqual([
      ['Zephyrine Kite Club', 'Complaint · The kite workshop started an hour late and nobody told us.'],
    ]);
    const byPerson = await feedbackOf('okonkwo', president.cookie);
    expect(byPerson).toEqual([['Tavish Okonkwo', 'Appreciation · Thanks for the zephyrine evening.']]);
    // A misspelt club name still finds it.
    expect((await feedbackOf('zephyrin kite clb', president.cookie))[0]?.[0]).toBe(
      'Zephyrine Kite Club',
    );
  });

  it('links a result to that feedback alone on the desk, where it can be resolved', async () => {
    const president = await signedInAs(ctx, 'PRESIDENT');
    const group = (await search('kite workshop', president.cookie)).find(
      (each) => each.kind === 'feedback',
    );
    expect(group?.items[0]?.url).toBe(`/viewfeedback?id=${aboutClub.id}`);
    const desk = await ctx.app.inject({
      method: 'GET',
      url: `/api/feedback?status=unresolved&id=${aboutClub.id}`,
      headers: { cookie: president.cookie },
    });
    expect(desk.statusCode).toBe(200);
    expect(
      desk.json().items.map((item: { id: string; canResolve: boolean }) => [item.id, item.canResolve]),
    ).toEqual([[aboutClub.id, true]]);
    expect(desk.json().total).toBe(1);
    // Under any status filter, and once resolved: the link still opens it.
    const later = await createFeedback(ctx.db, {
      targetType: 'Club/Organization',
      targetUnitId: zephyrClub.id,
      comments: 'Resolved before the link was followed.',
    });
    const resolved = await ctx.app.inject({
      method: 'POST',
      url: `/api/feedback/${later.id}/resolution`,
      headers: { cookie: president.cookie, origin: 'http://localhost:3000' },
      payload: { actionsTaken: 'Moved the workshop to the morning.' },
    });
    expect(resolved.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/feedback?status=unresolved&type=Query&id=${later.id}`,
      headers: { cookie: president.cookie },
    });
    expect(
      after.json().items.map((item: { id: string; isResolved: boolean }) => [item.id, item.isResolved]),
    ).toEqual([[later.id, true]]);
  });

  it('never finds feedback by its author, anonymous or not', async () => {
    const president = await signedInAs(ctx, 'PRESIDENT');
    expect(await feedbackOf('quenneville', president.cookie)).toEqual([]);
  });

  it('leaves out feedback about the searcher, which another official resolves', async () => {
    const cookie = await signInAs(ctx, secretary);
    const labels = (await feedbackOf('zephyrine', cookie)).map(([label]) => label);
    expect(labels).not.toContain('Tavish Okonkwo');
    expect(labels).toContain('Zephyrine Kite Club');
  });

  it('shows a club coordinator the feedback about their own club only', async () => {
    const { cookie } = await signedInAs(ctx, 'CLUB_COORDINATOR', { clubUnitId: zephyrClub.id });
    expect((await feedbackOf('zephyrine', cookie)).map(([label]) => label)).toEqual([
      'Zephyrine Kite Club',
    ]);
    const desk = await ctx.app.inject({
      method: 'GET',
      url: `/api/feedback?id=${aboutClub.id}`,
      headers: { cookie },
    });
    expect(desk.json().items).toHaveLength(1);
    const elsewhere = await signedInAs(ctx, 'CLUB_COORDINATOR', { clubUnitId: otherClub.id });
    const notTheirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/feedback?id=${aboutClub.id}`,
      headers: { cookie: elsewhere.cookie },
    });
    expect([notTheirs.statusCode, notTheirs.json().items, notTheirs.json().total]).toEqual([200, [], 0]);
  });

  it('shows a student no feedback to resolve, not even their own, and only their own on the desk', async () => {
    const cookie = await signInAs(ctx, author);
    expect((await search('zephyrine', cookie)).map((group) => group.kind)).not.toContain('feedback');
    const stranger = await signedInAs(ctx, 'STUDENT');
    const desk = await ctx.app.inject({
      method: 'GET',
      url: `/api/feedback?id=${aboutClub.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(desk.json().items).toEqual([]);
  });

  it('refuses an id that is not one', async () => {
    const president = await signedInAs(ctx, 'PRESIDENT');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/feedback?id=not-an-id',
      headers: { cookie: president.cookie },
    });
    expect(response.statusCode).toBe(400);
  });
});
