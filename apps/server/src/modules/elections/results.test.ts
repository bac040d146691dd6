import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { electionCandidates, elections } from '../../db/schema/index';
import { useTestDatabase } from '../../../test/test-db';
import { createStudent } from '../../../test/factories';
import { createCandidate, createOpenElection, refusalOf } from '../../../test/factory-elections';
import { castBallot, receiptHash } from './ballots.service';
import { countPost, drawOf, publishedBallots } from './results.service';

describe("a post's count and its published ballots", () => {
  const ctx = useTestDatabase();
  const student = async () => {
    const { user } = await createStudent(ctx.db);
    return { id: user.id, role: 'STUDENT' };
  };

  it('publishes nothing while the vote is open; once closed, every ballot by receipt hash, and the count', async () => {
    const { election, post } = await createOpenElection(ctx.db, { seats: 1 });
    const [a, b, c] = [
      await createCandidate(ctx.db, post.id, (await student()).id),
      await createCandidate(ctx.db, post.id, (await student()).id),
      await createCandidate(ctx.db, post.id, (await student()).id),
    ];
    const rankings = [[a.id], [a.id], [a.id], [b.id, a.id], [b.id, a.id], [c.id, b.id], []];
    const receipts: string[] = [];
    for (const ranking of rankings)
      receipts.push((await castBallot(ctx.db, await student(), post.id, ranking)).receipt);

    expect(await refusalOf(publishedBallots(ctx.db, post.id))).toEqual({
      status: 409,
      message: 'The count and the ballots are published once the vote has closed.',
    });
    expect(await refusalOf(countPost(ctx.db, post.id))).toEqual({
      status: 409,
      message: 'The count and the ballots are published once the vote has closed.',
    });

    await ctx.db
      .update(elections)
      .set({ votingCloseAt: new Date(Date.now() - 1000) })
      .where(eq(elections.id, election.id));
    const published = await publishedBallots(ctx.db, post.id);
    expect(published).toHaveLength(7);
    const hashes = published.map((ballot) => ballot.receiptHash);
    expect(hashes).toEqual([...hashes].sort());
    // Each voter finds their own ballot by the receipt code, as they cast it.
    receipts.forEach((receipt, index) => {
      const mine = published.find((ballot) => ballot.receiptHash === receiptHash(receipt));
      expect(mine?.ranking).toEqual(index === 6 ? ['none-of-the-above'] : rankings[index]);
    });

    // Round 1: A 3, B 2, C 1, none of the above 1. None of the above, last in every draw, goes
    // first; then C; A and B tie at 3, and B had fewer at round 1, so B goes; A has 5 of 5 left.
    const result = await countPost(ctx.db, post.id);
    expect(result.method).toBe('instant-runoff');
    expect(result.rounds[0]!.votes).toEqual({
      [a.id]: 300_000,
      [b.id]: 200_000,
      [c.id]: 100_000,
      'none-of-the-above': 100_000,
    });
    expect(result.rounds.map((round) => round.actions)).toEqual([
      [{ kind: 'excluded', candidate: 'none-of-the-above' }],
      [{ kind: 'excluded', candidate: c.id }],
      [{ kind: 'excluded', candidate: b.id }],
      [{ kind: 'elected', candidates: [a.id] }],
    ]);
    expect(result.rounds[3]!.exhausted).toBe(200_000);
  });

  it('draws the same order for the same election every time, none of the above last', () => {
    const ids = ['6c1d9a3e-0000-4000-8000-000000000001', '6c1d9a3e-0000-4000-8000-000000000002'];
    const draw = drawOf('11111111-2222-4333-8444-555555555555', ids);
    expect(draw).toEqual(drawOf('11111111-2222-4333-8444-555555555555', [...ids].reverse()));
    expect(draw.at(-1)).toBe('none-of-the-above');
    expect(new Set(draw)).toEqual(new Set([...ids, 'none-of-the-above']));
  });

  it('passes over a candidate who no longer stands when counting', async () => {
    const { election, post } = await createOpenElection(ctx.db, { seats: 1 });
    const a = await createCandidate(ctx.db, post.id, (await student()).id);
    const b = await createCandidate(ctx.db, post.id, (await student()).id);
    await castBallot(ctx.db, await student(), post.id, [b.id, a.id]);
    await castBallot(ctx.db, await student(), post.id, [a.id]);
    await ctx.db
      .update(electionCandidates)
      .set({ status: 'withdrawn' })
      .where(eq(electionCandidates.id, b.id));
    await ctx.db
      .update(elections)
      .set({ votingCloseAt: new Date(Date.now() - 1000) })
      .where(eq(elections.id, election.id));
    const result = await countPost(ctx.db, post.id);
    expect(result.rounds).toHaveLength(1);
    expect(result.rounds[0]!.votes).toEqual({ [a.id]: 200_000, 'none-of-the-above': 0 });
    expect(result.elected).toEqual([a.id]);
  });
});
