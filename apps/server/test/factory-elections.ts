import type { Database } from '../src/db/client';
import * as S from '../src/db/schema/index';
import { only } from './factory-basics';
import { createPosition } from './factory-council';

const HOUR = 3_600_000;

/** An election whose vote is open now (nominations closed a day ago), with one post of `seats` seats. */
export async function createOpenElection(
  db: Database,
  post: Partial<S.NewElectionPost> = {},
  election: Partial<S.NewElection> = {},
): Promise<{ election: S.Election; post: S.ElectionPost }> {
  const now = Date.now();
  const made = only(
    await db
      .insert(S.elections)
      .values({
        title: 'Students’ Council Elections 2026',
        tenureYear: '2026-2027',
        nominationsOpenAt: new Date(now - 72 * HOUR),
        nominationsCloseAt: new Date(now - 48 * HOUR),
        votingOpenAt: new Date(now - HOUR),
        votingCloseAt: new Date(now + 8 * HOUR),
        ...election,
      })
      .returning(),
  );
  const positionId = post.positionId ?? (await createPosition(db)).id;
  const madePost = only(
    await db
      .insert(S.electionPosts)
      .values({ electionId: made.id, seats: 1, ...post, positionId })
      .returning(),
  );
  return { election: made, post: madePost };
}

/** An accepted candidate for the post. */
export async function createCandidate(
  db: Database,
  postId: string,
  userId: string,
  status: 'filed' | 'accepted' | 'rejected' | 'withdrawn' = 'accepted',
): Promise<S.ElectionCandidate> {
  return only(
    await db
      .insert(S.electionCandidates)
      .values({
        postId,
        userId,
        status,
        manifesto: 'Longer library hours and a bus to the city on Sundays.',
      })
      .returning(),
  );
}

/** What a service's refusal says, as an HTTP answer would: its status and message; null when it succeeded. */
export const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { statusCode: number; message: string }) => ({
      status: error.statusCode,
      message: error.message,
    }),
  );
