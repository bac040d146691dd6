import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createPosition } from '../../../test/factories';
import { electionClientOf } from '../../../test/election-client';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('setting up an election', () => {
  const ctx = useTestApp();
  const client = electionClientOf(ctx);

  let club: Promise<{ id: string }> | undefined;
  const input = async (overrides: Record<string, unknown> = {}) => {
    const council = await (club ??= createOrgUnit(ctx.db, { name: 'Astronomy Club' }));
    const president = await createPosition(ctx.db, { title: 'Technical Secretary', skillsRequired: [] });
    const reps = await createPosition(ctx.db, {
      title: 'Class Representative',
      positionCount: 3,
      skillsRequired: [],
    });
    return {
      title: 'Technical Council Elections 2026',
      description: 'Two posts this year.',
      tenureYear: '2026-2027',
      nominationsOpenAt: at(1),
      nominationsCloseAt: at(24),
      votingOpenAt: at(48),
      votingCloseAt: at(56),
      posts: [
        { positionId: president.id, seats: 1 },
        {
          positionId: reps.id,
          seats: 3,
          voterBatchYears: [2024],
          voterPrograms: ['B.Tech'],
          voterUnitId: council.id,
          proposersNeeded: 2,
        },
      ],
      ...overrides,
    };
  };

  it('asks a signed-out visitor to sign in, and refuses everyone but the administrator', async () => {
    const body = await input();
    expect((await client.create(body)).statusCode).toBe(401);
    expect((await client.list()).statusCode).toBe(401);
    for (const role of ['STUDENT', 'PRESIDENT', 'GENSEC_SCITECH', 'CLUB_COORDINATOR'] as const) {
      const { cookie } = await signedInAs(ctx, role);
      const response = await client.create(body, cookie);
      expect(response.statusCode).toBe(403);
    }
    const [row] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from elections`),
    );
    expect(row!.n).toBe(0);
  });

  it('sets up an election with two posts, in words everyone reads, and audits it', async () => {
    const admin = await signedInAs(ctx, 'ADMIN', { name: 'Meera Admin' });
    const response = await client.create(await input(), admin.cookie);
    expect(response.statusCode).toBe(201);
    const { election } = response.json();
    expect(election).toMatchObject({
      title: 'Technical Council Elections 2026',
      description: 'Two posts this year.',
      tenureYear: '2026-2027',
      phase: 'upcoming',
      postCount: 2,
      canManage: true,
      officer: null,
      certifiedAt: null,
    });
    expect(
      election.posts.map((post: { positionTitle: string; voters: string; seats: number }) => [
        post.positionTitle,
        post.seats,
        post.voters,
      ]),
    ).toEqual([
      ['Class Representative', 3, 'Students of batch 2024; B.Tech; members of Astronomy Club'],
      ['Technical Secretary', 1, 'Every student'],
    ]);
    const audit = rowsOf<{ kind: string; subject_type: string; actor_name: string }>(
      await ctx.db.execute(sql`
        select kind, subject_type, actor_name from audit_log where kind = 'election' order by subject_type`),
    );
    expect(audit).toEqual([
      { kind: 'election', subject_type: 'election_posts', actor_name: 'Meera Admin' },
      { kind: 'election', subject_type: 'election_posts', actor_name: 'Meera Admin' },
      { kind: 'election', subject_type: 'elections', actor_name: 'Meera Admin' },
    ]);
    const list = await client.list(admin.cookie);
    expect(list.json().elections.map((e: { title: string }) => e.title)).toEqual([
      'Technical Council Elections 2026',
    ]);
  });

  it('refuses bad windows, unknown or retired positions, too many seats and an unknown officer, and writes nothing', async () => {
    const { cookie } = await signedInAs(ctx, 'ADMIN');
    const retired = await createPosition(ctx.db, { retiredAt: new Date(), skillsRequired: [] });
    const base = await input({ title: 'Refused Elections' });
    const cases: [Record<string, unknown>, string][] = [
      [
        { votingOpenAt: at(12) },
        'Nominations must open before they close, close no later than voting opens, and voting must open before it closes.',
      ],
      [{ nominationsOpenAt: at(-5) }, 'Nominations cannot open in the past.'],
      [{ title: '   ' }, 'Title is required.'],
      [{ tenureYear: '2026-2028' }, 'Tenure must be two consecutive years, such as 2026-2027.'],
      [{ posts: [] }, 'Add at least one post.'],
      [
        { posts: [{ positionId: '11111111-2222-4333-8444-555555555555', seats: 1 }] },
        'Please choose a position from the list.',
      ],
      [
        { posts: [{ positionId: retired.id, seats: 1 }] },
        'This position is retired and cannot be elected.',
      ],
      [
        { posts: [{ positionId: base.posts[0]!.positionId, seats: 2 }] },
        'The position has 1 seat: an election cannot fill more.',
      ],
      [
        { posts: [base.posts[0], { ...base.posts[0] }] },
        'Each position can be a post of the election only once.',
      ],
      [{ officerId: '11111111-2222-4333-8444-555555555555' }, 'The officer must be an active account.'],
    ];
    for (const [change, message] of cases) {
      const response = await client.create({ ...base, ...change }, cookie);
      expect(response.statusCode, message).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(message);
    }
    const [row] = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from elections where title = 'Refused Elections'`,
      ),
    );
    expect(row!.n).toBe(0);
  });
});
