import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { useTestDatabase } from '../../../test/test-db';
import { createStudent } from '../../../test/factories';
import { createCandidate, createOpenElection } from '../../../test/factory-elections';
import { castBallot } from './ballots.service';

/**
 * Votes at once on a PostgreSQL server, whose connections run at once (PGlite's one connection
 * runs one transaction at a time, where no race can happen).
 */
describe('votes cast at once', () => {
  const ctx = useTestDatabase();
  const student = async () => {
    const { user } = await createStudent(ctx.db);
    return { id: user.id, role: 'STUDENT' };
  };
  const counts = async (postId: string) =>
    rowsOf<{ ballots: number; voted: number }>(
      await ctx.db.execute(sql`
        select (select count(*)::int from ballots where post_id = ${postId}::uuid) as ballots,
               (select count(*)::int from ballot_participations where post_id = ${postId}::uuid) as voted`),
    )[0];

  it('one voter sending 20 ballots at once: one is cast, 19 are refused, one ballot is stored', async () => {
    const { post } = await createOpenElection(ctx.db);
    const candidate = await createCandidate(ctx.db, post.id, (await student()).id);
    const voter = await student();
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => castBallot(ctx.db, voter, post.id, [candidate.id])),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const refusals = answers.flatMap((answer) =>
      answer.status === 'rejected' ? [(answer.reason as Error).message] : [],
    );
    expect(refusals).toEqual(Array(19).fill('You have already voted for this post.'));
    expect(await counts(post.id)).toEqual({ ballots: 1, voted: 1 });
  });

  it('40 voters at once: 40 ballots, none lost, each receipt different', async () => {
    const { post } = await createOpenElection(ctx.db);
    const candidate = await createCandidate(ctx.db, post.id, (await student()).id);
    const voters = [];
    for (let i = 0; i < 40; i += 1) voters.push(await student());
    const receipts = await Promise.all(
      voters.map((voter) => castBallot(ctx.db, voter, post.id, [candidate.id])),
    );
    expect(new Set(receipts.map((answer) => answer.receipt)).size).toBe(40);
    expect(await counts(post.id)).toEqual({ ballots: 40, voted: 40 });
  });
});
