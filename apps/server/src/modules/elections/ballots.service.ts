import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { rankingProblem, voterIneligibility } from './elections.policy';

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
 */
export async function castBallot(
  db: Database,
  voter: { id: string; role: string },
  postId: string,
  ranking: readonly string[],
): Promise<{ receipt: string }> {
  return db.transaction(async (tx) => {
    const [post] = rowsOf<PostForVoter>(
      await tx.execute(sql`
        select p.voter_batch_years, p.voter_programs, p.voter_disciplines, u.name as unit_name,
          now() < e.voting_open_at as early, now() >= e.voting_close_at as closed,
          sp.batch_year, sp.program, sp.branch,
          exists (
            select 1 from club_memberships m join org_units c on c.id = m.unit_id
            where m.user_id = ${voter.id}::uuid and m.ended_at is null
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
    try {
      await tx.execute(
        sql`insert into ballot_participations (post_id, voter_id) values (${postId}::uuid, ${voter.id}::uuid)`,
      );
    } catch (error) {
      if (uniqueViolationOf(error) === 'ballot_participations_post_id_voter_id_pk')
        throw AppError.conflict(BALLOT_MESSAGES.already);
      throw error;
    }
    const receipt = newReceipt();
    await tx.execute(sql`
      insert into ballots (post_id, ranking, receipt_hash)
      values (${postId}::uuid, ${`{${ranking.join(',')}}`}::uuid[], ${receiptHash(receipt)})`);
    return { receipt };
  });
}
