import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { rankingProblem, voterIneligibility } from './elections.policy';
import { memberAt } from './voter-facts';

/*
 * Casting a secret ballot (decision 0037). In one transaction: the row saying the person voted for
 * the post (its primary key makes a second vote fail, however many requests and processes race),
 * then the ballot, which names no voter and carries no time, with the hash of a receipt code that
 * only the voter is given. After the close the ballots are published by receipt hash, so a voter
 * finds theirs and anyone can count them again.
 */

const BALLOT_MESSAGES = {
  notFound: 'This post is not in an election you can vote in.',
  notOpen: 'Voting for this post is not open.',
  closed: 'Voting for this post has closed.',
  already: 'You have already voted for this post.',
} as const;

/** The receipt's letters: Crockford's base 32, with no I, L, O or U to misread. */
const RECEIPT_LETTERS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A receipt code of 100 random bits, as four groups of five letters: 'K7QF2-M9XHD-...'. */
function newReceipt(): string {
  const bytes = randomBytes(13);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let letters = '';
  for (let i = 0; i < 20; i += 1) {
    letters += RECEIPT_LETTERS[Number(bits & 31n)];
    bits >>= 5n;
  }
  return letters.match(/.{5}/g)!.join('-');
}

/** The receipt's hash as published: SHA-256 of its letters, upper case, without the dashes. */
export function receiptHash(receipt: string): string {
  return createHash('sha256')
    .update(receipt.toUpperCase().replace(/[^0-9A-Z]/g, ''))
    .digest('hex');
}

type PostForVoter = {
  voter_batch_years: number[];
  voter_programs: string[];
  voter_disciplines: string[];
  unit_name: string | null;
  early: boolean;
  closed: boolean;
  batch_year: number | null;
  program: string | null;
  branch: string | null;
  member: boolean;
  candidates: string[];
};

/**
 * Casts the voter's ballot for the post: a ranking of its accepted candidates, most preferred
 * first (empty: none of the above). Resolves to the receipt code, shown to the voter once.
 *
 * The checks read first; then one statement writes the participation and the ballot together,
 * only while the vote is open: a statement is its own transaction, so the two rows are written
 * both or neither, and a second vote (from any request or process) finds the participation and
 * writes nothing. Candidates cannot change while the vote is open (decisions and withdrawals end
 * when it opens), so the ranking checked is the ranking stored.
 */
export async function castBallot(
  db: Database,
  voter: { id: string; role: string },
  postId: string,
  ranking: readonly string[],
): Promise<{ receipt: string }> {
  const [post] = rowsOf<PostForVoter>(
    await db.execute(sql`
      select p.voter_batch_years, p.voter_programs, p.voter_disciplines, u.name as unit_name,
        now() < e.voting_open_at as early, now() >= e.voting_close_at as closed,
        sp.batch_year, sp.program, sp.branch,
        exists (
          select 1 from club_memberships m join org_units c on c.id = m.unit_id
          where m.user_id = ${voter.id}::uuid
            -- The rosters as they stood when the vote opened: joining or leaving during it changes nothing.
            and ${memberAt(sql`e.voting_open_at`)}
            and (c.id = p.voter_unit_id or c.parent_id = p.voter_unit_id)
        ) as member,
        array(
          select c.id::text from election_candidates c
          where c.post_id = p.id and c.status = 'accepted'
        ) as candidates
      from election_posts p
      join elections e on e.id = p.election_id
      left join org_units u on u.id = p.voter_unit_id
      left join student_profiles sp on sp.user_id = ${voter.id}::uuid
      where p.id = ${postId}::uuid`),
  );
  if (!post) throw AppError.notFound(BALLOT_MESSAGES.notFound);
  const ineligible = voterIneligibility(
    {
      batchYears: post.voter_batch_years,
      programs: post.voter_programs,
      disciplines: post.voter_disciplines,
      unitName: post.unit_name,
    },
    {
      role: voter.role,
      batchYear: post.batch_year,
      program: post.program,
      discipline: post.branch,
      memberOfUnit: post.member,
    },
  );
  if (ineligible) throw AppError.forbidden(ineligible);
  if (post.early) throw AppError.conflict(BALLOT_MESSAGES.notOpen);
  if (post.closed) throw AppError.conflict(BALLOT_MESSAGES.closed);
  const problem = rankingProblem(ranking, new Set(post.candidates));
  if (problem) throw AppError.badRequest(problem, { ranking: problem });
  const receipt = newReceipt();
  const [cast] = rowsOf<{ open: boolean; voted: boolean }>(
    await db.execute(sql`
      with open as (
        select p.id from election_posts p join elections e on e.id = p.election_id
        where p.id = ${postId}::uuid and now() >= e.voting_open_at and now() < e.voting_close_at
      ),
      participation as (
        insert into ballot_participations (post_id, voter_id)
        select id, ${voter.id}::uuid from open
        on conflict do nothing
        returning post_id
      ),
      ballot as (
        insert into ballots (post_id, ranking, receipt_hash)
        select post_id, ${`{${ranking.join(',')}}`}::uuid[], ${receiptHash(receipt)} from participation
        returning 1
      )
      select exists (select 1 from open) as open, exists (select 1 from ballot) as voted`),
  );
  if (!cast?.open) throw AppError.conflict(BALLOT_MESSAGES.closed);
  if (!cast.voted) throw AppError.conflict(BALLOT_MESSAGES.already);
  return { receipt };
}
