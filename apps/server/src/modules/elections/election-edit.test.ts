import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createPosition, createStudent } from '../../../test/factories';
import { electionClientOf, moveElectionTo } from '../../../test/election-client';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

type Detail = {
  id: string;
  title: string;
  phase: string;
  nominationsOpenAt: string;
  nominationsCloseAt: string;
  votingOpenAt: string;
  votingCloseAt: string;
  version: string;
  officer: { id: string; name: string } | null;
  posts: { id: string; positionId: string; positionTitle: string; seats: number; voters: string }[];
};

/** The body of PUT /api/elections/:id that changes nothing: the election as its page reads it. */
const asInput = (election: Detail, tenureYear = '2026-2027') => ({
  title: election.title,
  description: '',
  tenureYear,
  officerId: election.officer?.id ?? null,
  version: election.version,
  nominationsOpenAt: election.nominationsOpenAt,
  nominationsCloseAt: election.nominationsCloseAt,
  votingOpenAt: election.votingOpenAt,
  votingCloseAt: election.votingCloseAt,
  posts: election.posts.map((post) => ({ positionId: post.positionId, seats: post.seats })),
});

describe('changing an election after its set-up', () => {
  const ctx = useTestApp();
  const client = electionClientOf(ctx);

  /** An election set up by the administrator through the API, nominations opening in an hour. */
  const setUp = async (officerId: string | null = null) => {
    const admin = await signedInAs(ctx, 'ADMIN', { name: 'Meera Admin' });
    const secretary = await createPosition(ctx.db, { title: 'Cultural Secretary', skillsRequired: [] });
    const reps = await createPosition(ctx.db, {
      title: 'Hostel Representative',
      positionCount: 2,
      skillsRequired: [],
    });
    const response = await client.create(
      {
        title: 'Cultural Council Elections',
        tenureYear: '2026-2027',
        officerId,
        nominationsOpenAt: at(1),
        nominationsCloseAt: at(24),
        votingOpenAt: at(48),
        votingCloseAt: at(56),
        posts: [
          { positionId: secretary.id, seats: 1 },
          { positionId: reps.id, seats: 1 },
        ],
      },
      admin.cookie,
    );
    expect(response.statusCode).toBe(201);
    return { admin, election: response.json().election as Detail, secretary, reps };
  };

  const rowOf = async (id: string) =>
    rowsOf<{ title: string; voting_close_at: string; officer_id: string | null; posts: number }>(
      await ctx.db.execute(sql`
        select title, voting_close_at::text, officer_id::text,
          (select count(*)::int from election_posts where election_id = e.id) as posts
        from elections e where id = ${id}::uuid`),
    )[0];

  it('lets only the administrator and the election’s officer change it', async () => {
    const officer = await signedInAs(ctx, 'CLUB_COORDINATOR', { name: 'Kabir Officer' });
    const { election } = await setUp(officer.user.id);
    const body = { ...asInput(election), title: 'Cultural Elections' };
    expect((await client.update(election.id, body)).statusCode).toBe(401);
    for (const role of ['STUDENT', 'PRESIDENT', 'GENSEC_CULTURAL', 'CLUB_COORDINATOR'] as const) {
      const { cookie } = await signedInAs(ctx, role);
      const response = await client.update(election.id, body, cookie);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.message).toBe(
        'Only the administrator or this election’s officer can do this.',
      );
    }
    expect((await rowOf(election.id))!.title).toBe('Cultural Council Elections');
    const byOfficer = await client.update(election.id, body, officer.cookie);
    expect(byOfficer.statusCode).toBe(200);
    expect(byOfficer.json().election.title).toBe('Cultural Elections');
    // The officer cannot hand the election to someone else, or take themselves off it.
    const changed = byOfficer.json().election as Detail;
    const away = await client.update(
      election.id,
      { ...asInput(changed), officerId: null },
      officer.cookie,
    );
    expect(away.statusCode).toBe(403);
    expect(away.json().error.message).toBe('Only the administrator names the returning officer.');
    const unknown = await client.update(
      '11111111-2222-4333-8444-555555555555',
      asInput(changed),
      officer.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Election not found.');
  });

  it('changes the posts before nominations open, keeping a post that stays, and audits the change', async () => {
    const { admin, election, secretary } = await setUp();
    const treasurer = await createPosition(ctx.db, { title: 'Treasurer', skillsRequired: [] });
    const club = await createOrgUnit(ctx.db, { name: 'Dramatics Club' });
    const kept = election.posts.find((post) => post.positionTitle === 'Cultural Secretary')!;
    const response = await client.update(
      election.id,
      {
        ...asInput(election),
        posts: [
          { positionId: secretary.id, seats: 1, voterBatchYears: [2025], voterUnitId: club.id },
          { positionId: treasurer.id, seats: 1 },
        ],
      },
      admin.cookie,
    );
    expect(response.statusCode).toBe(200);
    const posts = (response.json().election as Detail).posts;
    expect(posts.map((post) => [post.positionTitle, post.voters])).toEqual([
      ['Cultural Secretary', 'Students of batch 2025; members of Dramatics Club'],
      ['Treasurer', 'Every student'],
    ]);
    expect(posts[0]!.id).toBe(kept.id);
    const audit = rowsOf<{ action: string }>(
      await ctx.db.execute(sql`
        select action from audit_log
        where kind = 'election' and subject_type = 'election_posts' and actor_name = 'Meera Admin'
          and coalesce(after, before)->>'election_id' = ${election.id}
        order by created_at, action`),
    );
    // Two posts made; then one changed, one removed, one added.
    expect(audit.map((row) => row.action).sort()).toEqual([
      'create',
      'create',
      'create',
      'delete',
      'update',
    ]);
  });

  it('once nominations are open: the posts and a passed time stay, a time to come moves to now or later, and nominees hear of it', async () => {
    const { admin, election } = await setUp();
    await moveElectionTo(ctx, election.id, 'nominations');
    const { user } = await createStudent(ctx.db, {}, { batchYear: 2024 });
    const asha = await signInAs(ctx, user);
    const filed = await client.nominate(
      election.id,
      election.posts[0]!.id,
      { manifesto: 'A music room open at night.' },
      asha,
    );
    expect(filed.statusCode).toBe(201);
    const now = (await client.detail(election.id, admin.cookie)).json().election as Detail;
    const before = await rowOf(election.id);

    const refusals: [Record<string, unknown>, number, string, string | null][] = [
      [
        { posts: [{ positionId: now.posts[0]!.positionId, seats: 1 }] },
        409,
        'The posts cannot change once nominations have opened: candidates have stood for them as they are.',
        'posts',
      ],
      [
        { nominationsOpenAt: at(-30) },
        400,
        'This time has passed and cannot be changed.',
        'nominationsOpenAt',
      ],
      [
        { nominationsCloseAt: at(-0.5) },
        400,
        'A time still to come can move to now or later, not into the past.',
        'nominationsCloseAt',
      ],
      [
        { votingOpenAt: at(80) },
        400,
        'Nominations must open before they close, close no later than voting opens, and voting must open before it closes.',
        'votingCloseAt',
      ],
    ];
    for (const [change, status, message, field] of refusals) {
      const response = await client.update(election.id, { ...asInput(now), ...change }, admin.cookie);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error.message).toBe(message);
      if (field) expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await rowOf(election.id)).toEqual(before);

    // Nominations close now, and voting opens in an hour and lasts a day.
    const moved = await client.update(
      election.id,
      { ...asInput(now), nominationsCloseAt: at(0), votingOpenAt: at(1), votingCloseAt: at(25) },
      admin.cookie,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().election.phase).toBe('campaigning');
    const notices = rowsOf<{ kind: string; outcome: string; subject: string }>(
      await ctx.db.execute(sql`
        select kind, outcome, subject from notifications where user_id = ${user.id}::uuid`),
    );
    expect(notices).toEqual([
      { kind: 'election', outcome: 'timetable', subject: 'Cultural Council Elections' },
    ]);
    // The nomination was filed in time, so it can still be decided until voting opens.
    const decided = await client.decide(filed.json().candidate.id, { decision: 'accept' }, admin.cookie);
    expect(decided.statusCode).toBe(200);
  });

  it('does not name a nominee as the officer, and changes nothing once certified', async () => {
    const { admin, election } = await setUp();
    await moveElectionTo(ctx, election.id, 'nominations');
    const { user } = await createStudent(ctx.db, {}, { batchYear: 2024 });
    await client.nominate(
      election.id,
      election.posts[0]!.id,
      { manifesto: 'A music room open at night.' },
      await signInAs(ctx, user),
    );
    const now = (await client.detail(election.id, admin.cookie)).json().election as Detail;
    const stands = await client.update(
      election.id,
      { ...asInput(now), officerId: user.id },
      admin.cookie,
    );
    expect(stands.statusCode).toBe(400);
    expect(stands.json().error.fields.officerId).toBe(
      'The officer cannot stand in the election they run.',
    );
    expect((await rowOf(election.id))!.officer_id).toBeNull();

    await ctx.db.execute(sql`update elections set certified_at = now() where id = ${election.id}::uuid`);
    const late = await client.update(election.id, { ...asInput(now), title: 'Renamed' }, admin.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('A certified election cannot be changed.');
    expect((await rowOf(election.id))!.title).toBe('Cultural Council Elections');
  });
  it('never undoes a change made meanwhile, tells the voters when the vote moves, and keeps the tenure once voting opens', async () => {
    const { admin, election } = await setUp();
    const officer = await signedInAs(ctx, 'CLUB_COORDINATOR');
    const named = await client.update(
      election.id,
      { ...asInput(election), officerId: officer.user.id },
      admin.cookie,
    );
    expect(named.statusCode).toBe(200);
    // A second page opened before that change, saving only a new description, is refused.
    const stale = await client.update(
      election.id,
      { ...asInput(election), description: 'Polling at the library.' },
      admin.cookie,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Someone else changed this election since you opened it. Reload the page to see their changes, then make yours again.',
    );
    expect((await rowOf(election.id))!.officer_id).toBe(officer.user.id);
    const { user: voter } = await createStudent(ctx.db, {}, { batchYear: 2023 });

    // The vote closes later: 18:00 on 20 Jan 2099 on the institute's clock (Asia/Kolkata).
    const current = named.json().election as Detail;
    const later = await client.update(
      election.id,
      { ...asInput(current), votingCloseAt: '2099-01-20T12:30:00.000Z' },
      officer.cookie,
    );
    expect(later.statusCode).toBe(200);
    const noticesOf = async (userId: string) =>
      rowsOf<{ outcome: string; detail: string }>(
        await ctx.db.execute(sql`
          select outcome, detail from notifications where user_id = ${userId}::uuid and kind = 'election'`),
      );
    expect(await noticesOf(voter.id)).toEqual([
      { outcome: 'timetable', detail: 'Now voting closes 2099-01-20 18:00.' },
    ]);
    // The same second again, a few milliseconds apart, changes nothing and tells no one.
    const again = await client.update(
      election.id,
      { ...asInput(later.json().election as Detail), votingCloseAt: '2099-01-20T12:30:00.400Z' },
      officer.cookie,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().election.votingCloseAt).toBe('2099-01-20T12:30:00.000Z');
    expect(await noticesOf(voter.id)).toHaveLength(1);

    // A tenure far from now is refused; once voting opens, the tenure stays as it is.
    const far = await client.update(
      election.id,
      { ...asInput(again.json().election as Detail), tenureYear: '0000-0001' },
      admin.cookie,
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields.tenureYear).toBe(
      'Tenure must start in 2016 or later, and at most two years from now.',
    );
    await moveElectionTo(ctx, election.id, 'voting');
    const voting = (await client.detail(election.id, admin.cookie)).json().election as Detail;
    const tenure = await client.update(
      election.id,
      { ...asInput(voting), tenureYear: '2027-2028' },
      admin.cookie,
    );
    expect(tenure.statusCode).toBe(409);
    expect(tenure.json().error.message).toBe('The tenure cannot change once voting has opened.');
  });
});
