import { sql, type SQL } from 'drizzle-orm';
import { NONE_OF_THE_ABOVE, type PostResults } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { countPost, publishedBallots } from './results.service';
import { eligibleVoters } from './voter-facts';

/** A group of fewer voters than this is shown as "fewer than 5", never as its number. */
const SMALLEST_GROUP = 5;
/** Votes are counted in hundred-thousandths (decision 0036). */
const UNIT = 100_000;

type PostRow = { id: string; election_id: string; position_title: string; seats: number };

/** The students who may vote for the post, counted as the institute's record and the rosters stand now. */
async function eligibleCount(db: Database, postId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (${eligibleVoters(sql`p.id = ${postId}::uuid`)}) voters`,
    ),
  );
  return row?.n ?? 0;
}

/**
 * How many may vote for each post that `posts` selects (a condition on election_posts p), as a
 * statement of (post_id, eligible): the count a post's own results show.
 */
export const eligibleCountsOf = (posts: SQL): SQL =>
  sql`select v.post_id, count(*)::int as eligible from (${eligibleVoters(posts)}) v group by v.post_id`;

/** How the turnout names the groups of fewer than five voters, put together. */
const OTHER_GROUPS = 'Other groups (fewer than 5 voters each)';

/**
 * Who voted, by batch and by program. A group of fewer than five voters is never named: such groups
 * are put together in one row, whose count is shown only when it is five or more (null otherwise),
 * so that neither a small group's name nor its count can be worked out from the others and the total.
 */
async function turnoutGroups(db: Database, postId: string) {
  const rows = rowsOf<{ batch: string; program: string; n: number }>(
    await db.execute(sql`
      select coalesce(sp.batch_year::text, 'No batch year') as batch,
        coalesce(sp.program, 'No program') as program, count(*)::int as n
      from ballot_participations bp left join student_profiles sp on sp.user_id = bp.voter_id
      where bp.post_id = ${postId}::uuid
      group by 1, 2`),
  );
  const by = (key: 'batch' | 'program') => {
    const totals = new Map<string, number>();
    for (const row of rows) totals.set(row[key], (totals.get(row[key]) ?? 0) + row.n);
    const shown = [...totals]
      .filter(([, voters]) => voters >= SMALLEST_GROUP)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, voters]) => ({ group, voters: voters as number | null }));
    const small = [...totals.values()].filter((voters) => voters < SMALLEST_GROUP);
    if (small.length === 0) return shown;
    const together = small.reduce((sum, voters) => sum + voters, 0);
    return [...shown, { group: OTHER_GROUPS, voters: together >= SMALLEST_GROUP ? together : null }];
  };
  return {
    voted: rows.reduce((sum, row) => sum + row.n, 0),
    byBatch: by('batch'),
    byProgram: by('program'),
  };
}

/** The post's accepted candidates by name, and none of the above last. */
export async function candidateNames(
  db: Database,
  postId: string,
): Promise<{ id: string; name: string }[]> {
  const names = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      select c.id::text, u.name from election_candidates c join users u on u.id = c.user_id
      where c.post_id = ${postId}::uuid and c.status = 'accepted' order by u.name, c.id`),
  );
  return [...names, { id: NONE_OF_THE_ABOVE, name: 'None of the above' }];
}

/** A post's results once its vote has closed: the count round by round, the turnout and every ballot. */
export async function postResults(db: Database, postId: string): Promise<PostResults> {
  const count = await countPost(db, postId);
  const [post] = rowsOf<PostRow>(
    await db.execute(sql`
      select p.id, p.election_id, pos.title as position_title, p.seats
      from election_posts p join positions pos on pos.id = p.position_id
      where p.id = ${postId}::uuid`),
  );
  const [names, ballots, eligible, turnout] = await Promise.all([
    candidateNames(db, postId),
    publishedBallots(db, postId),
    eligibleCount(db, postId),
    turnoutGroups(db, postId),
  ]);
  const inVotes = (units: number) => units / UNIT;
  return {
    post: {
      id: post!.id,
      electionId: post!.election_id,
      positionTitle: post!.position_title,
      seats: post!.seats,
    },
    method: count.method,
    candidates: names,
    validBallots: count.validBallots,
    quota: count.quota === null ? null : inVotes(count.quota),
    elected: count.elected,
    rounds: count.rounds.map((round) => ({
      number: round.number,
      votes: Object.fromEntries(Object.entries(round.votes).map(([id, v]) => [id, inVotes(v)])),
      exhausted: inVotes(round.exhausted),
      actions: round.actions.map((action) =>
        action.kind === 'surplus' ? { ...action, transferValue: inVotes(action.transferValue) } : action,
      ),
      tie: round.tie,
    })),
    // Eligible as the record stands now: never fewer than those who voted.
    turnout: { eligible: Math.max(eligible, turnout.voted), ...turnout },
    ballots,
  };
}
