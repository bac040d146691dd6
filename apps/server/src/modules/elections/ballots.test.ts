import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { clubMemberships } from '../../db/schema/index';
import { useTestDatabase } from '../../../test/test-db';
import { createOrgUnit, createStudent, createUser } from '../../../test/factories';
import { createCandidate, createOpenElection, refusalOf } from '../../../test/factory-elections';
import { castBallot, receiptHash } from './ballots.service';

const HOUR = 3_600_000;

describe('casting a secret ballot', () => {
  const ctx = useTestDatabase();
  const student = async (profile: { batchYear?: number } = {}) => {
    const { user } = await createStudent(ctx.db, {}, profile);
    return { id: user.id, role: 'STUDENT' };
  };

  it('stores the ranking with the hash of a receipt only the voter gets, and records that they voted', async () => {
    const { post } = await createOpenElection(ctx.db, { seats: 1 });
    const [asha, bala] = await Promise.all([student(), student()]);
    const a = await createCandidate(ctx.db, post.id, asha.id);
    const b = await createCandidate(ctx.db, post.id, bala.id);
    const voter = await student();
    const { receipt } = await castBallot(ctx.db, voter, post.id, [b.id, a.id]);
    expect(receipt).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    const stored = rowsOf<{ ranking: string[]; receipt_hash: string }>(
      await ctx.db.execute(
        sql`select ranking, receipt_hash from ballots where post_id = ${post.id}::uuid`,
      ),
    );
    expect(stored).toEqual([{ ranking: [b.id, a.id], receipt_hash: receiptHash(receipt) }]);
    // The voter can find their ballot by the code, typed in lower case or without dashes.
    expect(receiptHash(receipt.toLowerCase().replaceAll('-', ''))).toBe(stored[0]!.receipt_hash);
    const voted = rowsOf<{ voter_id: string }>(
      await ctx.db.execute(
        sql`select voter_id from ballot_participations where post_id = ${post.id}::uuid`,
      ),
    );
    expect(voted).toEqual([{ voter_id: voter.id }]);
  });

  it('refuses a second vote for the post, and keeps the first', async () => {
    const { post } = await createOpenElection(ctx.db);
    const candidate = await createCandidate(ctx.db, post.id, (await student()).id);
    const voter = await student();
    await castBallot(ctx.db, voter, post.id, [candidate.id]);
    expect(await refusalOf(castBallot(ctx.db, voter, post.id, []))).toEqual({
      status: 409,
      message: 'You have already voted for this post.',
    });
    const stored = rowsOf<{ ranking: string[] }>(
      await ctx.db.execute(sql`select ranking from ballots where post_id = ${post.id}::uuid`),
    );
    expect(stored).toEqual([{ ranking: [candidate.id] }]);
  });

  it('takes none of the above as an empty ranking, and refuses candidates not accepted for the post or ranked twice', async () => {
    const { post } = await createOpenElection(ctx.db);
    const accepted = await createCandidate(ctx.db, post.id, (await student()).id);
    const rejected = await createCandidate(ctx.db, post.id, (await student()).id, 'rejected');
    const other = await createOpenElection(ctx.db);
    const elsewhere = await createCandidate(ctx.db, other.post.id, (await student()).id);
    const voter = await student();
    for (const ranking of [[rejected.id], [elsewhere.id], [accepted.id, 'not-an-id']])
      expect(await refusalOf(castBallot(ctx.db, voter, post.id, ranking))).toEqual({
        status: 400,
        message:
          'Your ballot names someone who is not a candidate for this post. Reload the ballot and try again.',
      });
    expect(await refusalOf(castBallot(ctx.db, voter, post.id, [accepted.id, accepted.id]))).toEqual({
      status: 400,
      message: 'Rank each candidate once.',
    });
    await castBallot(ctx.db, voter, post.id, []);
    const stored = rowsOf<{ ranking: string[] }>(
      await ctx.db.execute(sql`select ranking from ballots where post_id = ${post.id}::uuid`),
    );
    expect(stored).toEqual([{ ranking: [] }]);
  });

  it('lets only the voters the post names vote, saying which limit and what the record holds', async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Astronomy Club' });
    const { post } = await createOpenElection(ctx.db, {
      voterBatchYears: [2024],
      voterUnitId: club.id,
    });
    const member = await student({ batchYear: 2024 });
    const joined = new Date(Date.now() - 30 * 24 * HOUR);
    await ctx.db
      .insert(clubMemberships)
      .values({ unitId: club.id, userId: member.id, startedAt: joined });
    const outsider = await student({ batchYear: 2024 });
    const senior = await student({ batchYear: 2022 });
    await ctx.db
      .insert(clubMemberships)
      .values({ unitId: club.id, userId: senior.id, startedAt: joined });
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    expect(await refusalOf(castBallot(ctx.db, outsider, post.id, []))).toEqual({
      status: 403,
      message:
        "This post is voted by members of Astronomy Club (you are not a member) only. If the institute's record is wrong, ask for a correction on your profile.",
    });
    expect(await refusalOf(castBallot(ctx.db, senior, post.id, []))).toEqual({
      status: 403,
      message:
        "This post is voted by batch 2024 (your record: 2022) only. If the institute's record is wrong, ask for a correction on your profile.",
    });
    expect(
      await refusalOf(castBallot(ctx.db, { id: official.id, role: 'PRESIDENT' }, post.id, [])),
    ).toEqual({
      status: 403,
      message: 'Only students vote in council elections.',
    });
    expect((await castBallot(ctx.db, member, post.id, [])).receipt).toHaveLength(23);
  });

  it('reads the club’s roster as it stood when the vote opened: joining during the vote gives no vote, leaving takes none', async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Quiz Club' });
    // The vote opened an hour ago.
    const { post } = await createOpenElection(ctx.db, { voterUnitId: club.id });
    const [late, leaver] = [await student(), await student()];
    await ctx.db.insert(clubMemberships).values([
      { unitId: club.id, userId: late.id, startedAt: new Date(Date.now() - HOUR / 2) },
      {
        unitId: club.id,
        userId: leaver.id,
        startedAt: new Date(Date.now() - 30 * 24 * HOUR),
        endedAt: new Date(Date.now() - HOUR / 2),
      },
    ]);
    expect(await refusalOf(castBallot(ctx.db, late, post.id, []))).toEqual({
      status: 403,
      message:
        "This post is voted by members of Quiz Club (you are not a member) only. If the institute's record is wrong, ask for a correction on your profile.",
    });
    expect((await castBallot(ctx.db, leaver, post.id, [])).receipt).toHaveLength(23);
  });

  it('takes no ballot before the vote opens or after it closes, nor for a post that does not exist', async () => {
    const now = Date.now();
    const early = await createOpenElection(
      ctx.db,
      {},
      { votingOpenAt: new Date(now + HOUR), votingCloseAt: new Date(now + 2 * HOUR) },
    );
    const late = await createOpenElection(
      ctx.db,
      {},
      { votingOpenAt: new Date(now - 2 * HOUR), votingCloseAt: new Date(now - HOUR) },
    );
    const voter = await student();
    expect(await refusalOf(castBallot(ctx.db, voter, early.post.id, []))).toEqual({
      status: 409,
      message: 'Voting for this post is not open.',
    });
    expect(await refusalOf(castBallot(ctx.db, voter, late.post.id, []))).toEqual({
      status: 409,
      message: 'Voting for this post has closed.',
    });
    expect(
      await refusalOf(castBallot(ctx.db, voter, '00000000-0000-4000-8000-000000000000', [])),
    ).toEqual({
      status: 404,
      message: 'This post is not in an election you can vote in.',
    });
    const participations = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from ballot_participations where voter_id = ${voter.id}::uuid`,
      ),
    );
    expect(participations).toEqual([{ n: 0 }]);
    const stored = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from ballots where post_id in (${early.post.id}::uuid, ${late.post.id}::uuid)`,
      ),
    );
    expect(stored).toEqual([{ n: 0 }]);
  });
});
