import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sqlStateOf } from '../../lib/db-errors';
import { copyTemplateOnServer } from '../../../test/test-db';
import { createStudent } from '../../../test/factories';
import { createCandidate, createOpenElection } from '../../../test/factory-elections';
import { castBallot, receiptHash } from './ballots.service';

/**
 * A rush of ballots taken together on a PostgreSQL server, through two connection pools as two
 * server processes would: each has its own ballot boxes, and they meet only in the database.
 */
describe('ballots taken together, from two processes at once', () => {
  let copy: Awaited<ReturnType<typeof copyTemplateOnServer>>;
  let one: DatabaseHandle;
  let other: DatabaseHandle;
  beforeAll(async () => {
    copy = await copyTemplateOnServer(process.env.DATABASE_URL!, inject('postgresTemplate')!);
    one = await openPostgres(copy.url, { max: 4 });
    other = await openPostgres(copy.url, { max: 4 });
  });
  afterAll(async () => {
    await one?.close();
    await other?.close();
    await copy?.drop();
  });

  it('200 ballots for three posts, 50 of them a voter’s second: one ballot a voter, every second refused, none lost', async () => {
    const db = one.db;
    const posts: { id: string; candidate: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { post } = await createOpenElection(db);
      const candidate = await createCandidate(db, post.id, (await createStudent(db)).user.id);
      posts.push({ id: post.id, candidate: candidate.id });
    }
    const voters: { id: string; role: string }[] = [];
    for (let i = 0; i < 150; i += 1) {
      const { user } = await createStudent(db);
      voters.push({ id: user.id, role: 'STUDENT' });
    }
    // Voter i votes for post i % 3. Voters 0-29 send a second ballot through the other process (in
    // the opposite order), voters 30-49 a second through the same one; all 200 at once.
    const casts = voters.map((voter, i) => ({ voter, post: posts[i % 3]!, db: one.db }));
    for (let i = 29; i >= 0; i -= 1) casts.push({ ...casts[i]!, db: other.db });
    for (let i = 30; i < 50; i += 1) casts.push({ ...casts[i]!, db: one.db });
    const answers = await Promise.allSettled(
      casts.map((cast) => castBallot(cast.db, cast.voter, cast.post.id, [cast.post.candidate])),
    );

    const taken = answers.flatMap((answer, i) =>
      answer.status === 'fulfilled' ? [{ voter: casts[i]!.voter.id, ...answer.value }] : [],
    );
    const refusals = answers.flatMap((answer) =>
      answer.status === 'rejected'
        ? [`${(answer.reason as { statusCode: number }).statusCode} ${(answer.reason as Error).message}`]
        : [],
    );
    expect(taken).toHaveLength(150);
    expect(new Set(taken.map((one) => one.voter)).size).toBe(150);
    expect(refusals).toEqual(Array(50).fill('409 You have already voted for this post.'));

    const counts = rowsOf<{ ballots: number; voted: number }>(
      await db.execute(sql`
        select (select count(*)::int from ballots where post_id = p.id) as ballots,
               (select count(*)::int from ballot_participations where post_id = p.id) as voted
        from unnest(${`{${posts.map((post) => post.id).join(',')}}`}::uuid[]) with ordinality as p(id, n)
        order by p.n`),
    );
    expect(counts).toEqual([
      { ballots: 50, voted: 50 },
      { ballots: 50, voted: 50 },
      { ballots: 50, voted: 50 },
    ]);
    // Every receipt given is a stored ballot.
    const hashes = new Set(
      rowsOf<{ receipt_hash: string }>(await db.execute(sql`select receipt_hash from ballots`)).map(
        (row) => row.receipt_hash,
      ),
    );
    expect(taken.filter((one) => !hashes.has(receiptHash(one.receipt)))).toEqual([]);
  });
  /** An open post with one candidate, and a voter; the counts of its ballots and participations. */
  const openPost = async () => {
    const { election, post } = await createOpenElection(one.db);
    const candidate = await createCandidate(one.db, post.id, (await createStudent(one.db)).user.id);
    const { user } = await createStudent(one.db);
    const counts = async () =>
      rowsOf<{ ballots: number; voted: number }>(
        await one.db.execute(sql`
          select (select count(*)::int from ballots where post_id = ${post.id}::uuid) as ballots,
            (select count(*)::int from ballot_participations where post_id = ${post.id}::uuid) as voted`),
      )[0];
    return { election, post, candidate, voter: { id: user.id, role: 'STUDENT' }, counts };
  };

  it('takes no ballot once the close is saved, even one that arrived while the close was being saved', async () => {
    const { election, post, candidate, voter, counts } = await openPost();
    let cast: Promise<unknown> | undefined;
    // The close, as a change of the timetable makes it: the row locked, the time set, then the
    // commit; a ballot is sent between the lock and the commit.
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`select id from elections where id = ${election.id}::uuid for update`);
      await tx.execute(
        sql`update elections set voting_close_at = clock_timestamp() where id = ${election.id}::uuid`,
      );
      cast = castBallot(one.db, voter, post.id, [candidate.id]).then(
        () => 'taken',
        (error: Error) => error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await cast).toBe('Voting for this post has closed.');
    expect(await counts()).toEqual({ ballots: 0, voted: 0 });
  });

  it('answers 503 when the ballot waits over 5 s for a record another change holds, and takes it once it is free', async () => {
    const { post, candidate, voter, counts } = await openPost();
    let cast: Promise<unknown> | undefined;
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ballots in exclusive mode`);
      cast = castBallot(one.db, voter, post.id, [candidate.id]).then(
        () => 'taken',
        (error: Error) => sqlStateOf(error) ?? error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    });
    // The lock timeout's SQL state, which the API answers 503 "This record is busy...".
    expect(await cast).toBe('55P03');
    expect(await counts()).toEqual({ ballots: 0, voted: 0 });
    await castBallot(one.db, voter, post.id, [candidate.id]);
    expect(await counts()).toEqual({ ballots: 1, voted: 1 });
  }, 20_000);
});
