import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { sqlStateOf } from '../../lib/db-errors';
import { takenTogether } from '../../lib/taken-together';
import { rankingProblem, voterIneligibility } from './elections.policy';
import { memberAt } from './voter-facts';

/*
 * The ballot box of a post: ballots that arrive together are checked by one read and written by
 * one statement (decision 0039). Each ballot still meets its voter's participation row, unique per
 * voter and post, so a second vote is refused however many requests and processes race; each
 * caller gets its own answer, and a failed statement fails only the ballots it carried.
 */

const BALLOT_MESSAGES = {
  notFound: 'This post is not in an election you can vote in.',
  notOpen: 'Voting for this post is not open.',
  closed: 'Voting for this post has closed.',
  already: 'You have already voted for this post.',
} as const;

/** A ballot handed to the box: who casts it (from the session), its ranking and its receipt's hash. */
type BallotSlip = {
  voter: { id: string; role: string };
  ranking: readonly string[];
  receiptHash: string;
};

/** What the box answers each ballot: taken, or why not, in the words shown to the voter. */
type BallotOutcome = { taken: true } | { taken: false; refusal: AppError };

type VoterRow = {
  voter_batch_years: number[];
  voter_programs: string[];
  voter_disciplines: string[];
  unit_name: string | null;
  early: boolean;
  closed: boolean;
  candidates: string[];
  ord: number | string;
  batch_year: number | null;
  program: string | null;
  branch: string | null;
  member: boolean;
};

/** Ballots of one post in one call at most; a rush of a thousand is written in a few dozen statements. */
const MOST_TAKEN_TOGETHER = 100;
/** How long ballots wait behind a call that has not come back before they go without it. */
const PATIENCE_MS = 5_000;
/** A statement the database cancelled to break a deadlock, or could not serialise, wrote nothing: it goes again. */
const TRIED_AGAIN = new Set(['40P01', '40001']);
const MOST_TRIES = 3;

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * The post's checks and each voter's facts, read once for the ballots taken together: the post's
 * limits, whether the vote is open, its accepted candidates, and for each voter (in the order
 * given) the institute's record and membership of the post's club or council as the rosters stood
 * when the vote opened. No rows when the post does not exist.
 */
async function readChecks(db: Database, postId: string, voterIds: readonly string[]) {
  return rowsOf<VoterRow>(
    await db.execute(sql`
      with post as materialized (
        select p.id, p.voter_unit_id, p.voter_batch_years, p.voter_programs, p.voter_disciplines,
          u.name as unit_name, e.voting_open_at,
          now() < e.voting_open_at as early, now() >= e.voting_close_at as closed,
          array(
            select c.id::text from election_candidates c
            where c.post_id = p.id and c.status = 'accepted'
          ) as candidates
        from election_posts p
        join elections e on e.id = p.election_id
        left join org_units u on u.id = p.voter_unit_id
        where p.id = ${postId}::uuid
      )
      select post.voter_batch_years, post.voter_programs, post.voter_disciplines, post.unit_name,
        post.early, post.closed, post.candidates, v.ord, sp.batch_year, sp.program, sp.branch,
        exists (
          select 1 from club_memberships m join org_units c on c.id = m.unit_id
          where m.user_id = v.voter_id
            -- The rosters as they stood when the vote opened: joining or leaving during it changes nothing.
            and ${memberAt(sql`post.voting_open_at`)}
            and (c.id = post.voter_unit_id or c.parent_id = post.voter_unit_id)
        ) as member
      from post
      cross join unnest(${uuidArray(voterIds)}::uuid[]) with ordinality as v(voter_id, ord)
      left join student_profiles sp on sp.user_id = v.voter_id`),
  );
}

/** Why this ballot may not be cast, read from its voter's row; null when nothing stands in the way. */
function refusalOf(slip: BallotSlip, row: VoterRow | undefined): AppError | null {
  if (!row) return AppError.notFound(BALLOT_MESSAGES.notFound);
  const ineligible = voterIneligibility(
    {
      batchYears: row.voter_batch_years,
      programs: row.voter_programs,
      disciplines: row.voter_disciplines,
      unitName: row.unit_name,
    },
    {
      role: slip.voter.role,
      batchYear: row.batch_year,
      program: row.program,
      discipline: row.branch,
      memberOfUnit: row.member,
    },
  );
  if (ineligible) return AppError.forbidden(ineligible);
  if (row.early) return AppError.conflict(BALLOT_MESSAGES.notOpen);
  if (row.closed) return AppError.conflict(BALLOT_MESSAGES.closed);
  const problem = rankingProblem(slip.ranking, new Set(row.candidates));
  if (problem) return AppError.badRequest(problem, { ranking: problem });
  return null;
}

/** The same items in an order nobody can predict (Fisher–Yates with the system's random source). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Writes the ballots of voters with no participation yet, only while the vote is open, in one
 * statement of a transaction of its own (every participation with its ballot, or nothing). The
 * election's row is share-locked with the check of its times, read at that moment: a change of the
 * timetable or a certification (which lock the row for update) waits for ballots being written,
 * and a ballot that waited for them sees the times as they left them, so no ballot is taken once
 * the close is saved. The
 * participations go in the order of the voters' ids, so two statements never wait on each other in
 * a circle; the ballots go in an order of their own, shuffled, so that neither the rows' order nor
 * anything else in the tables pairs a ballot with its voter within the statement. Resolves to
 * whether the vote was open and the voters whose ballot was taken.
 */
async function writeBallots(db: Database, postId: string, slips: readonly BallotSlip[]) {
  const voters = slips.map((slip) => slip.voter.id).sort();
  const box = shuffled(slips).map((slip, n) => ({
    n,
    voter: slip.voter.id,
    ranking: slip.ranking,
    hash: slip.receiptHash,
  }));
  for (let attempt = 1; ; attempt += 1) {
    try {
      const row = await db.transaction(async (tx) => {
        // A ballot waits for a row held by another change 5 s at most, then is answered 503.
        await tx.execute(sql`set local lock_timeout = '5s'`);
        const [written] = rowsOf<{ open: boolean; voted: string[]; ballots: number }>(
          await tx.execute(sql`
          with open as (
            select p.id from election_posts p join elections e on e.id = p.election_id
            where p.id = ${postId}::uuid
              and clock_timestamp() >= e.voting_open_at and clock_timestamp() < e.voting_close_at
            for key share of e
          ),
          participation as (
            insert into ballot_participations (post_id, voter_id)
            select open.id, v.voter_id from open cross join unnest(${uuidArray(voters)}::uuid[]) as v(voter_id)
            order by v.voter_id
            on conflict do nothing
            returning voter_id
          ),
          ballot as (
            insert into ballots (post_id, ranking, receipt_hash)
            select open.id, b.ranking, b.hash
            from open cross join jsonb_to_recordset(${JSON.stringify(box)}::jsonb)
              as b(n int, voter uuid, ranking uuid[], hash text)
            where b.voter in (select voter_id from participation)
            order by b.n
            returning 1
          )
          select exists (select 1 from open) as open,
            array(select voter_id::text from participation) as voted,
            (select count(*)::int from ballot) as ballots`),
        );
        if (written!.voted.length !== written!.ballots)
          throw new Error(`${written!.ballots} ballots for ${written!.voted.length} participations`);
        return written!;
      });
      return { open: row.open, voted: new Set(row.voted) };
    } catch (error) {
      if (attempt === MOST_TRIES || !TRIED_AGAIN.has(sqlStateOf(error) ?? '')) throw error;
    }
  }
}

/** Checks and casts the ballots of one post that arrived together; an outcome for each, in order. */
async function castTogether(
  db: Database,
  postId: string,
  slips: readonly BallotSlip[],
): Promise<BallotOutcome[]> {
  const rows = await readChecks(
    db,
    postId,
    slips.map((slip) => slip.voter.id),
  );
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  const refusals = slips.map((slip, index) => refusalOf(slip, byOrd.get(index + 1)));
  // A voter's first ballot that passes its checks goes to the box; any other of theirs in the same
  // call is answered as the second ballot it is.
  const first = new Map<string, number>();
  slips.forEach((slip, index) => {
    if (!refusals[index] && !first.has(slip.voter.id)) first.set(slip.voter.id, index);
  });
  const going = [...first.values()].map((index) => slips[index]!);
  const written =
    going.length > 0 ? await writeBallots(db, postId, going) : { open: true, voted: new Set() };
  return slips.map((slip, index): BallotOutcome => {
    const refusal = refusals[index];
    if (refusal) return { taken: false, refusal };
    if (!written.open) return { taken: false, refusal: AppError.conflict(BALLOT_MESSAGES.closed) };
    if (first.get(slip.voter.id) === index && written.voted.has(slip.voter.id)) return { taken: true };
    return { taken: false, refusal: AppError.conflict(BALLOT_MESSAGES.already) };
  });
}

/** Each database's ballot boxes: one call at a time per post, the ballots arriving meanwhile taken together. */
const ballotBoxes = new WeakMap<
  Database,
  (postId: string, slip: BallotSlip) => Promise<BallotOutcome>
>();

/** Casts one ballot through the post's box, with the others that arrive with it. */
export function ballotBoxOf(db: Database): (postId: string, slip: BallotSlip) => Promise<BallotOutcome> {
  let box = ballotBoxes.get(db);
  if (!box) {
    box = takenTogether<BallotSlip, BallotOutcome>({
      most: MOST_TAKEN_TOGETHER,
      patienceMs: PATIENCE_MS,
      run: (postId, slips) => castTogether(db, postId, slips),
    });
    ballotBoxes.set(db, box);
  }
  return box;
}
