import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createPosition, createStudent } from '../../../test/factories';
import { createCandidate, createOpenElection } from '../../../test/factory-elections';
import { electionClientOf, moveElectionTo } from '../../../test/election-client';

/** The hash a voter computes of their receipt: SHA-256 of its letters and digits, upper case. */
const hashOf = (receipt: string) =>
  createHash('sha256').update(receipt.replaceAll('-', '').toUpperCase()).digest('hex');

describe('voting, the published count and certification', () => {
  const ctx = useTestApp();
  const client = electionClientOf(ctx);

  it('takes one ballot per voter, publishes it by receipt after the close, counts it and makes the winner a holder', async () => {
    const admin = await signedInAs(ctx, 'ADMIN');
    const position = await createPosition(ctx.db, { title: 'Sports Secretary', skillsRequired: [] });
    const { election, post } = await createOpenElection(ctx.db, { positionId: position.id });
    const [asha, bala] = await Promise.all([
      createStudent(ctx.db, { name: 'Asha Verma' }),
      createStudent(ctx.db, { name: 'Bala Iyer' }),
    ]);
    const a = await createCandidate(ctx.db, post.id, asha.user.id);
    const b = await createCandidate(ctx.db, post.id, bala.user.id);
    const voters = await Promise.all(
      Array.from({ length: 5 }, async () =>
        signInAs(ctx, (await createStudent(ctx.db, {}, { batchYear: 2024 })).user),
      ),
    );

    // Before the close nothing is published and the result cannot be certified.
    const early = await client.results(post.id, voters[0]);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'The count and the ballots are published once the vote has closed.',
    );
    const earlyCertify = await client.certify(election.id, admin.cookie);
    expect(earlyCertify.statusCode).toBe(409);
    expect(earlyCertify.json().error.message).toBe(
      'The result can be certified once the vote has closed.',
    );

    const rankings = [[a.id, b.id], [a.id], [b.id, a.id], [a.id, b.id], []];
    const receipts: string[] = [];
    for (const [i, ranking] of rankings.entries()) {
      const cast = await client.vote(post.id, ranking, voters[i]);
      expect(cast.statusCode).toBe(201);
      expect(cast.headers['cache-control']).toBe('no-store');
      receipts.push(cast.json().receipt);
    }
    const again = await client.vote(post.id, [b.id], voters[0]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already voted for this post.');
    const mine = (await client.detail(election.id, voters[0])).json().election.posts[0];
    expect(mine.voted).toBe(true);
    expect(mine.canVote.ok).toBe(false);

    await moveElectionTo(ctx, election.id, 'closed');
    const response = await client.results(post.id, voters[1]);
    expect(response.statusCode).toBe(200);
    const results = response.json();
    expect(results.method).toBe('instant-runoff');
    expect(results.validBallots).toBe(5);
    // Three first preferences of five for Asha: a majority at the first round.
    expect(results.rounds).toHaveLength(1);
    expect(results.rounds[0].votes).toEqual({ [a.id]: 3, [b.id]: 1, 'none-of-the-above': 1 });
    expect(results.elected).toEqual([a.id]);
    expect(results.candidates).toEqual([
      { id: a.id, name: 'Asha Verma' },
      { id: b.id, name: 'Bala Iyer' },
      { id: 'none-of-the-above', name: 'None of the above' },
    ]);
    // Each voter finds their ballot by the receipt, ranked as they cast it.
    const published = new Map(
      results.ballots.map((ballot: { receiptHash: string; ranking: string[] }) => [
        ballot.receiptHash,
        ballot.ranking,
      ]),
    );
    expect(published.get(hashOf(receipts[2]!))).toEqual([b.id, a.id]);
    expect(published.get(hashOf(receipts[4]!))).toEqual(['none-of-the-above']);
    expect(published.size).toBe(5);
    // Five voters of batch 2024: a group of five is shown; every program under five is not.
    expect(results.turnout).toMatchObject({ voted: 5, byBatch: [{ group: '2024', voters: 5 }] });

    const csv = await client.ballotsCsv(post.id, voters[1]);
    expect(csv.statusCode).toBe(200);
    const records = parse(csv.body, { bom: true }) as string[][];
    expect(records[0]).toEqual(['Receipt hash', 'Preference 1', 'Preference 2']);
    expect(records).toContainEqual([hashOf(receipts[2]!), 'Bala Iyer', 'Asha Verma']);

    const byVoter = await client.certify(election.id, voters[0]);
    expect(byVoter.statusCode).toBe(403);
    const certified = await client.certify(election.id, admin.cookie);
    expect(certified.statusCode).toBe(200);
    expect(certified.json().election.phase).toBe('certified');
    const holders = rowsOf<{
      user_id: string;
      tenure_year: string;
      status: string;
      verification: string;
    }>(
      await ctx.db.execute(sql`
        select user_id, tenure_year, status, verification from position_holders
        where position_id = ${position.id}::uuid`),
    );
    expect(holders).toEqual([
      { user_id: asha.user.id, tenure_year: '2026-2027', status: 'active', verification: 'verified' },
    ]);
    const twice = await client.certify(election.id, admin.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This election’s result has been certified already.');
  });

  it('refuses a ballot from a voter outside the post, and one naming someone who is not a candidate', async () => {
    const { post } = await createOpenElection(ctx.db, { voterBatchYears: [2025] });
    const asha = await createStudent(ctx.db);
    const a = await createCandidate(ctx.db, post.id, asha.user.id);
    const outsider = await signInAs(ctx, (await createStudent(ctx.db, {}, { batchYear: 2022 })).user);
    const refused = await client.vote(post.id, [a.id], outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "This post is voted by batch 2025 (your record: 2022) only. If the institute's record is wrong, ask for a correction on your profile.",
    );
    const voter = await signInAs(ctx, (await createStudent(ctx.db, {}, { batchYear: 2025 })).user);
    const stranger = await client.vote(post.id, [asha.user.id], voter);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.message).toBe(
      'Your ballot names someone who is not a candidate for this post. Reload the ballot and try again.',
    );
    const [row] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from ballots where post_id = ${post.id}::uuid`),
    );
    expect(row!.n).toBe(0);
  });
});
