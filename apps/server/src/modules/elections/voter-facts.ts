import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { voterIneligibility, type VoterFacts } from './elections.policy';

/** Whether the club membership `m` was current at the SQL instant `at`: begun by then, not yet ended. */
export const memberAt = (at: SQL) =>
  sql`m.started_at <= ${at} and (m.ended_at is null or m.ended_at > ${at})`;

/** A position's requirements as its row holds them. */
export const requirementsOf = (row: {
  min_cgpa: number;
  min_year: number;
  skills_required: string[];
}) => ({
  minCgpa: Number(row.min_cgpa),
  minYear: row.min_year,
  skillsRequired: row.skills_required,
});

/** What the institute's record and the rosters say of a person, for every post of an election at once. */
export type PersonFacts = Omit<VoterFacts, 'memberOfUnit'> & {
  /** The clubs the person is a current member of, and the councils above them. */
  units: ReadonlySet<string>;
};

/** A post's limits on who votes, as stored. */
export type PostLimits = {
  voter_batch_years: number[];
  voter_programs: string[];
  voter_disciplines: string[];
  voter_unit_id: string | null;
  unit_name: string | null;
};

type FactsRow = {
  role: string;
  batch_year: number | null;
  program: string | null;
  branch: string | null;
  units: string[];
};

/**
 * The person's role, the institute's record of them, and their clubs and councils: the rosters as
 * they stood when the election's vote opened (`votingOpenAt`), or now before it opens, so that no
 * one joins or leaves a club during the vote to change who votes.
 */
export async function personFacts(
  db: Database,
  userId: string,
  votingOpenAt: Date | string,
): Promise<PersonFacts> {
  const [row] = rowsOf<FactsRow>(
    await db.execute(sql`
      select u.role, sp.batch_year, sp.program, sp.branch,
        array(
          select distinct x::text from club_memberships m
          join org_units c on c.id = m.unit_id
          cross join lateral (values (c.id), (c.parent_id)) as ids(x)
          where m.user_id = u.id and x is not null
            and ${memberAt(sql`least(now(), ${new Date(votingOpenAt).toISOString()}::timestamptz)`)}
        ) as units
      from users u left join student_profiles sp on sp.user_id = u.id
      where u.id = ${userId}::uuid`),
  );
  return {
    role: row?.role ?? 'STUDENT',
    batchYear: row?.batch_year ?? null,
    program: row?.program ?? null,
    discipline: row?.branch ?? null,
    units: new Set(row?.units ?? []),
  };
}

/** Why the person may not vote for the post, in words; null when they may. */
export function whyNotVoter(post: PostLimits, facts: PersonFacts): string | null {
  return voterIneligibility(
    {
      batchYears: post.voter_batch_years,
      programs: post.voter_programs,
      disciplines: post.voter_disciplines,
      unitName: post.unit_name,
    },
    { ...facts, memberOfUnit: post.voter_unit_id !== null && facts.units.has(post.voter_unit_id) },
  );
}

/** Who votes for a post, in words: every student, or each limit it sets. */
export function votersInWords(post: PostLimits): string {
  const limits: string[] = [];
  if (post.voter_batch_years.length > 0) limits.push(`batch ${post.voter_batch_years.join(', ')}`);
  if (post.voter_programs.length > 0) limits.push(post.voter_programs.join(', '));
  if (post.voter_disciplines.length > 0) limits.push(post.voter_disciplines.join(', '));
  if (post.unit_name) limits.push(`members of ${post.unit_name}`);
  return limits.length === 0 ? 'Every student' : `Students of ${limits.join('; ')}`;
}

/**
 * The eligible voters (user_id) of the posts `posts` selects (a condition on election_posts p), one
 * row per person and post (post_id): the institute's record as it stands, the accounts and the
 * rosters as they stood when the vote opened (now, before it opens).
 */
export const eligibleVoters = (posts: SQL) => sql`
  select u.id as user_id, p.id as post_id
  from election_posts p
  join elections e on e.id = p.election_id
  join users u on u.role = 'STUDENT'
    and (u.deactivated_at is null or u.deactivated_at > least(now(), e.voting_open_at))
  left join student_profiles sp on sp.user_id = u.id
  where ${posts}
    and (cardinality(p.voter_batch_years) = 0 or sp.batch_year = any(p.voter_batch_years))
    and (cardinality(p.voter_programs) = 0 or sp.program = any(p.voter_programs))
    and (cardinality(p.voter_disciplines) = 0 or sp.branch = any(p.voter_disciplines))
    and (p.voter_unit_id is null or exists (
      select 1 from club_memberships m join org_units c on c.id = m.unit_id
      where m.user_id = u.id and ${memberAt(sql`least(now(), e.voting_open_at)`)}
        and (c.id = p.voter_unit_id or c.parent_id = p.voter_unit_id)))`;
