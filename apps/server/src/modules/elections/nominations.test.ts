import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createPosition, createStudent } from '../../../test/factories';
import { createOpenElection } from '../../../test/factory-elections';
import { electionClientOf, moveElectionTo } from '../../../test/election-client';

const MANIFESTO = 'A bus to the city on Sundays. Minutes at https://example.org/minutes.';

describe('nominations', () => {
  const ctx = useTestApp();
  const client = electionClientOf(ctx);

  /** An election in its nominations, with one post for batch 2024 needing `proposers` proposers, run by an officer. */
  const setUp = async (proposers = 0, requirements: { minCgpa?: number } = {}) => {
    const officer = await signedInAs(ctx, 'STUDENT');
    const position = await createPosition(ctx.db, { skillsRequired: [], ...requirements });
    const { election, post } = await createOpenElection(
      ctx.db,
      { positionId: position.id, voterBatchYears: [2024], proposersNeeded: proposers },
      { officerId: officer.user.id },
    );
    await moveElectionTo(ctx, election.id, 'nominations');
    return { election, post, officer };
  };
  const student = async (batchYear = 2024, cgpa = 8.5) => {
    const { user } = await createStudent(ctx.db, {}, { batchYear, instituteCgpa: cgpa });
    return { user, cookie: await signInAs(ctx, user) };
  };

  it('takes an eligible student’s nomination with proposers, once, and shows it to them and the officer only', async () => {
    const { election, post, officer } = await setUp(2);
    const [asha, p1, p2, outsider] = await Promise.all([student(), student(), student(), student()]);
    const filed = await client.nominate(
      election.id,
      post.id,
      { manifesto: MANIFESTO, proposerIds: [p1.user.id, p2.user.id] },
      asha.cookie,
    );
    expect(filed.statusCode).toBe(201);
    expect(filed.json().candidate).toMatchObject({
      userId: asha.user.id,
      manifesto: MANIFESTO,
      status: 'filed',
      mine: true,
    });
    expect(filed.json().candidate.proposers).toHaveLength(2);
    const again = await client.nominate(
      election.id,
      post.id,
      { manifesto: MANIFESTO, proposerIds: [p1.user.id, p2.user.id] },
      asha.cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already filed a nomination for this post.');
    const seenBy = async (cookie: string) =>
      (await client.detail(election.id, cookie)).json().election.posts[0].candidates.length;
    expect(await seenBy(officer.cookie)).toBe(1);
    expect(await seenBy(outsider.cookie)).toBe(0);
    expect((await client.detail(election.id, asha.cookie)).json().election.posts[0].canStand).toEqual({
      ok: false,
      reason: 'You have already filed a nomination for this post.',
    });
  });

  it('refuses the wrong batch, the officer, too few or ineligible proposers, and a closed window; files nothing', async () => {
    const { election, post, officer } = await setUp(1);
    const asha = await student();
    const [p2022, pOk] = [await student(2022), await student()];
    const nominate = (cookie: string, proposerIds: string[]) =>
      client.nominate(election.id, post.id, { manifesto: MANIFESTO, proposerIds }, cookie);
    const refusals = [
      [
        await nominate((await student(2022)).cookie, [pOk.user.id]),
        403,
        "This post is voted by batch 2024 (your record: 2022) only. If the institute's record is wrong, ask for a correction on your profile.",
      ],
      [
        await nominate(officer.cookie, [pOk.user.id]),
        403,
        'The officer cannot stand in the election they run.',
      ],
      [
        await nominate(asha.cookie, []),
        400,
        'This post needs 1 proposer, each an eligible voter other than you.',
      ],
      [await nominate(asha.cookie, [asha.user.id]), 400, 'You cannot propose yourself.'],
      [
        await nominate(asha.cookie, [p2022.user.id]),
        400,
        `${p2022.user.name} cannot vote for this post, so cannot propose.`,
      ],
    ] as const;
    for (const [response, status, message] of refusals) {
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    await moveElectionTo(ctx, election.id, 'campaigning');
    const late = await nominate(asha.cookie, [pOk.user.id]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Nominations for this election are not open.');
    const [row] = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from election_candidates where post_id = ${post.id}::uuid`,
      ),
    );
    expect(row!.n).toBe(0);
  });

  it('refuses a student whose institute CGPA is under the position’s minimum, saying so', async () => {
    const { election, post } = await setUp(0, { minCgpa: 7 });
    const low = await student(2024, 6.2);
    const response = await client.nominate(election.id, post.id, { manifesto: MANIFESTO }, low.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toMatch(/^You cannot stand for this post: .*7/);
  });

  it('lets the officer accept or reject with a reason, no one else; the candidate withdraws before voting only', async () => {
    const { election, post, officer } = await setUp();
    const [asha, bala, voter] = await Promise.all([student(), student(), student()]);
    const a = (await client.nominate(election.id, post.id, { manifesto: MANIFESTO }, asha.cookie)).json()
      .candidate;
    const b = (await client.nominate(election.id, post.id, { manifesto: MANIFESTO }, bala.cookie)).json()
      .candidate;

    const byVoter = await client.decide(a.id, { decision: 'accept' }, voter.cookie);
    expect(byVoter.statusCode).toBe(403);
    expect(byVoter.json().error.message).toBe(
      'Only the administrator or this election’s officer can do this.',
    );
    const noReason = await client.decide(b.id, { decision: 'reject' }, officer.cookie);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'Give a reason for the rejection.' });

    expect(
      (await client.decide(a.id, { decision: 'accept' }, officer.cookie)).json().candidate.status,
    ).toBe('accepted');
    const rejected = await client.decide(
      b.id,
      { decision: 'reject', reason: 'Proposers were not in batch 2024.' },
      officer.cookie,
    );
    expect(rejected.json().candidate).toMatchObject({
      status: 'rejected',
      reason: 'Proposers were not in batch 2024.',
    });
    const twice = await client.decide(
      a.id,
      { decision: 'reject', reason: 'Changed my mind.' },
      officer.cookie,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This nomination has been decided already.');

    // The voters see the accepted candidate only; the rejected one also sees their own, with the reason.
    const voterView = (await client.detail(election.id, voter.cookie)).json().election.posts[0];
    expect(voterView.candidates.map((c: { name: string }) => c.name)).toEqual([asha.user.name]);
    const balaView = (await client.detail(election.id, bala.cookie)).json().election.posts[0];
    expect(balaView.candidates).toHaveLength(2);
    expect(balaView.candidates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: asha.user.name, status: 'accepted', reason: null, mine: false }),
        expect.objectContaining({
          name: bala.user.name,
          status: 'rejected',
          reason: 'Proposers were not in batch 2024.',
          mine: true,
        }),
      ]),
    );

    // Someone else's nomination cannot be withdrawn: it is not found.
    expect((await client.withdraw(a.id, bala.cookie)).statusCode).toBe(404);
    await moveElectionTo(ctx, election.id, 'voting');
    const late = await client.withdraw(a.id, asha.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('A candidate can withdraw only before voting opens.');
    await moveElectionTo(ctx, election.id, 'campaigning');
    const withdrawn = await client.withdraw(a.id, asha.cookie);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().candidate.status).toBe('withdrawn');
  });
});
