import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { countInstantRunoff, countStv, type CountResult } from './counting';

/*
 * A post's count and its published ballots, once its vote has closed (decisions 0036 and 0037).
 * "None of the above" stands in every count as a candidate of its own: a ballot that ranks no one
 * is a vote for it, and a seat it wins stays empty (the post is elected again).
 */

/** The id "none of the above" has in a count and in the published ballots. */
const NONE_OF_THE_ABOVE = 'none-of-the-above';

/**
 * The election's draw, which settles a tie equal at every round: the candidates ordered by the
 * SHA-256 of the election's id and their own, so that it is fixed once nominations are decided
 * and anyone can work it out; none of the above comes last.
 */
export function drawOf(electionId: string, candidateIds: readonly string[]): string[] {
  const key = (id: string) => createHash('sha256').update(`${electionId}:${id}`).digest('hex');
  return [...candidateIds]
    .map((id) => ({ id, key: key(id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((each) => each.id)
    .concat(NONE_OF_THE_ABOVE);
}

type ClosedPost = { election_id: string; seats: number; closed: boolean; candidates: string[] };

async function closedPost(db: Database, postId: string): Promise<ClosedPost> {
  const [post] = rowsOf<ClosedPost>(
    await db.execute(sql`
      select e.id as election_id, p.seats, now() >= e.voting_close_at as closed,
        array(
          select c.id::text from election_candidates c
          where c.post_id = p.id and c.status = 'accepted' order by c.id
        ) as candidates
      from election_posts p join elections e on e.id = p.election_id
      where p.id = ${postId}::uuid`),
  );
  if (!post) throw AppError.notFound('This post is not in any election.');
  if (!post.closed)
    throw AppError.conflict('The count and the ballots are published once the vote has closed.');
  return post;
}

/** The post's ballots, each receipt's hash with its ranking, in hash order; the caller checked the close. */
async function ballotsOf(db: Database, postId: string) {
  return rowsOf<{ receipt_hash: string; ranking: string[] }>(
    await db.execute(sql`
      select receipt_hash, ranking::text[] as ranking from ballots
      where post_id = ${postId}::uuid order by receipt_hash`),
  ).map((row) => ({
    receiptHash: row.receipt_hash,
    ranking: row.ranking.length > 0 ? row.ranking : [NONE_OF_THE_ABOVE],
  }));
}

/** The post's ballots as published after the close: each receipt's hash with its ranking, in hash order. */
export async function publishedBallots(
  db: Database,
  postId: string,
): Promise<{ receiptHash: string; ranking: string[] }[]> {
  await closedPost(db, postId);
  return ballotsOf(db, postId);
}

/** Counts the post's ballots by the published rule: instant-runoff for one seat, STV for several. */
export async function countPost(db: Database, postId: string): Promise<CountResult> {
  const post = await closedPost(db, postId);
  const candidates = [...post.candidates, NONE_OF_THE_ABOVE];
  // A ranking of someone no longer standing passes over them, as over an excluded candidate.
  const standing = new Set(candidates);
  const ballots = (await ballotsOf(db, postId)).map((ballot) =>
    ballot.ranking.filter((id) => standing.has(id)),
  );
  const draw = drawOf(post.election_id, post.candidates);
  return post.seats === 1
    ? countInstantRunoff({ candidates, ballots, draw })
    : countStv({ candidates, seats: post.seats, ballots, draw });
}
