import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/rows';
import { useTestDatabase } from '../../../test/test-db';
import { createStudent, createUser } from '../../../test/factories';
import { createCandidate, createOpenElection, refusalOf } from '../../../test/factory-elections';
import { castBallot, receiptHash } from './ballots.service';

/** Ballots of one post that arrive together are checked and written together (decision 0039). */
describe('the ballot box: ballots taken together', () => {
  const ctx = useTestDatabase();
  const student = async (profile: { batchYear?: number } = {}) => {
    const { user } = await createStudent(ctx.db, {}, profile);
    return { id: user.id, role: 'STUDENT' };
  };

  it('answers each ballot of one call on its own: a refusal or a second ballot takes nothing from the others', async () => {
    const { post } = await createOpenElection(ctx.db, { voterBatchYears: [2024] });
    const [asha, bala] = [await student(), await student()];
    const a = await createCandidate(ctx.db, post.id, asha.id);
    const b = await createCandidate(ctx.db, post.id, bala.id);
    const [first, second, twice, fumbled] = [
      await student({ batchYear: 2024 }),
      await student({ batchYear: 2024 }),
      await student({ batchYear: 2024 }),
      await student({ batchYear: 2024 }),
    ];
    const senior = await student({ batchYear: 2022 });
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const statements = vi.spyOn(ctx.db, 'execute');
    const transactions = vi.spyOn(ctx.db, 'transaction');
    const answers = await Promise.all([
      refusalOf(castBallot(ctx.db, first, post.id, [a.id, b.id])),
      refusalOf(castBallot(ctx.db, senior, post.id, [a.id])),
      refusalOf(castBallot(ctx.db, twice, post.id, [b.id])),
      refusalOf(castBallot(ctx.db, fumbled, post.id, [a.id, a.id])),
      refusalOf(castBallot(ctx.db, { id: official.id, role: 'PRESIDENT' }, post.id, [])),
      refusalOf(castBallot(ctx.db, twice, post.id, [a.id])),
      refusalOf(castBallot(ctx.db, second, post.id, [])),
      // A ballot the voter got wrong does not stand in the way of the one they got right.
      refusalOf(castBallot(ctx.db, fumbled, post.id, [b.id])),
    ]);
    // One read and one write (in a transaction of its own) for all eight.
    expect(statements).toHaveBeenCalledTimes(1);
    expect(transactions).toHaveBeenCalledTimes(1);
    statements.mockRestore();
    transactions.mockRestore();
    expect(answers).toEqual([
      null,
      {
        status: 403,
        message:
          "This post is voted by batch 2024 (your record: 2022) only. If the institute's record is wrong, ask for a correction on your profile.",
      },
      null,
      { status: 400, message: 'Rank each candidate once.' },
      { status: 403, message: 'Only students vote in council elections.' },
      { status: 409, message: 'You have already voted for this post.' },
      null,
      null,
    ]);
    const name = new Map([
      [a.id, 'Asha'],
      [b.id, 'Bala'],
    ]);
    const stored = rowsOf<{ ranking: string[] }>(
      await ctx.db.execute(sql`select ranking from ballots where post_id = ${post.id}::uuid`),
    ).map((row) => row.ranking.map((id) => name.get(id)).join(' > ') || 'none of the above');
    expect(stored.sort()).toEqual(['Asha > Bala', 'Bala', 'Bala', 'none of the above']);
    const voted = rowsOf<{ voter_id: string }>(
      await ctx.db.execute(
        sql`select voter_id from ballot_participations where post_id = ${post.id}::uuid`,
      ),
    );
    expect(voted.map((row) => row.voter_id).sort()).toEqual(
      [first.id, second.id, twice.id, fumbled.id].sort(),
    );
  });

  it('lays the ballots of one call down in an order of their own: not the order they came in, nor that of their voters’ rows', async () => {
    const { post } = await createOpenElection(ctx.db);
    const candidate = await createCandidate(ctx.db, post.id, (await student()).id);
    const voters: { id: string; role: string }[] = [];
    for (let i = 0; i < 30; i += 1) voters.push(await student());
    const receipts = await Promise.all(
      voters.map((voter) => castBallot(ctx.db, voter, post.id, [candidate.id])),
    );
    const voterOfHash = new Map(receipts.map(({ receipt }, i) => [receiptHash(receipt), voters[i]!.id]));
    const ballotOrder = rowsOf<{ receipt_hash: string }>(
      await ctx.db.execute(
        sql`select receipt_hash from ballots where post_id = ${post.id}::uuid order by ctid`,
      ),
    ).map((row) => voterOfHash.get(row.receipt_hash));
    const participationOrder = rowsOf<{ voter_id: string }>(
      await ctx.db.execute(
        sql`select voter_id from ballot_participations where post_id = ${post.id}::uuid order by ctid`,
      ),
    ).map((row) => row.voter_id);
    expect(ballotOrder).toHaveLength(30);
    expect(new Set(ballotOrder)).toEqual(new Set(voters.map((voter) => voter.id)));
    expect(ballotOrder).not.toEqual(voters.map((voter) => voter.id));
    expect(ballotOrder).not.toEqual(participationOrder);
  });
});
