import { sql } from 'drizzle-orm';
import {
  ELECTION_MESSAGES,
  TIE_RULE,
  type Candidate,
  type ElectionDetail,
  type ElectionPhase,
  type ElectionPost,
  type ElectionSummary,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { ownRequirementGaps } from '../positions/holdings.service';
import { seesNomination } from './elections.policy';
import { drawOf } from './results.service';
import {
  personFacts,
  requirementsOf,
  votersInWords,
  whyNotVoter,
  type PersonFacts,
  type PostLimits,
} from './voter-facts';

/** Who reads: the signed-in person. */
export type Viewer = { id: string; role: string };

type ElectionRow = {
  id: string;
  title: string;
  description: string | null;
  tenure_year: string;
  officer_id: string | null;
  officer_name: string | null;
  nominations_open_at: Date;
  nominations_close_at: Date;
  voting_open_at: Date;
  voting_close_at: Date;
  certified_at: Date | null;
  post_count: number;
  now: Date;
  version: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** Where the election stands at `now`. */
export function phaseOf(row: Omit<ElectionRow, 'post_count'>): ElectionPhase {
  const now = new Date(row.now).getTime();
  if (row.certified_at) return 'certified';
  if (now < new Date(row.nominations_open_at).getTime()) return 'upcoming';
  if (now < new Date(row.nominations_close_at).getTime()) return 'nominations';
  if (now < new Date(row.voting_open_at).getTime()) return 'campaigning';
  if (now < new Date(row.voting_close_at).getTime()) return 'voting';
  return 'counting';
}

const summaryOf = (row: ElectionRow): ElectionSummary => ({
  id: row.id,
  title: row.title,
  phase: phaseOf(row),
  tenureYear: row.tenure_year,
  nominationsOpenAt: iso(row.nominations_open_at),
  nominationsCloseAt: iso(row.nominations_close_at),
  votingOpenAt: iso(row.voting_open_at),
  votingCloseAt: iso(row.voting_close_at),
  postCount: Number(row.post_count),
});

const electionColumns = sql`
  e.id, e.title, e.description, e.tenure_year, e.officer_id, o.name as officer_name,
  e.nominations_open_at, e.nominations_close_at, e.voting_open_at, e.voting_close_at,
  e.certified_at, now() as now, extract(epoch from e.updated_at)::text as version,
  (select count(*)::int from election_posts p where p.election_id = e.id) as post_count`;

/** Every election, the newest vote first. */
export async function listElections(db: Database): Promise<ElectionSummary[]> {
  const rows = rowsOf<ElectionRow>(
    await db.execute(sql`
      select ${electionColumns}
      from elections e left join users o on o.id = e.officer_id
      order by e.voting_open_at desc, e.id`),
  );
  return rows.map(summaryOf);
}

/** The election's row, locked when `lock` (for a change that depends on its windows); 404 when there is none. */
export async function electionRow(db: Database, id: string, lock = false): Promise<ElectionRow> {
  const [row] = rowsOf<ElectionRow>(
    await db.execute(sql`
      select ${electionColumns}
      from elections e left join users o on o.id = e.officer_id
      where e.id = ${id}::uuid ${lock ? sql`for update of e` : sql``}`),
  );
  if (!row) throw AppError.notFound(ELECTION_MESSAGES.notFound);
  return row;
}

/** The administrator, or the election's own officer. */
export const managesElection = (viewer: Viewer, election: { officer_id: string | null }) =>
  viewer.role === 'ADMIN' || election.officer_id === viewer.id;

type PostRow = PostLimits & {
  id: string;
  position_id: string;
  position_title: string;
  position_unit: string;
  seats: number;
  proposers_needed: number;
  min_cgpa: number;
  min_year: number;
  skills_required: string[];
  voted: boolean;
};

type CandidateRow = {
  id: string;
  post_id: string;
  user_id: string;
  name: string;
  batch_year: number | null;
  program: string | null;
  manifesto: string;
  manifesto_pdf_bytes: number | null;
  manifesto_pdf_sha256: string | null;
  status: Candidate['status'];
  reason: string | null;
  proposers: { id: string; name: string }[];
};

async function postsOf(db: Database, electionId: string, viewerId: string): Promise<PostRow[]> {
  return rowsOf<PostRow>(
    await db.execute(sql`
      select p.id, p.position_id, pos.title as position_title, pu.name as position_unit, p.seats,
        p.proposers_needed, p.voter_batch_years, p.voter_programs, p.voter_disciplines,
        p.voter_unit_id, u.name as unit_name, pos.min_cgpa::float8 as min_cgpa, pos.min_year,
        pos.skills_required,
        exists (
          select 1 from ballot_participations bp where bp.post_id = p.id and bp.voter_id = ${viewerId}::uuid
        ) as voted
      from election_posts p
      join positions pos on pos.id = p.position_id
      join org_units pu on pu.id = pos.unit_id
      left join org_units u on u.id = p.voter_unit_id
      where p.election_id = ${electionId}::uuid
      order by pos.title, p.id`),
  );
}

async function candidatesOf(db: Database, electionId: string): Promise<CandidateRow[]> {
  return rowsOf<CandidateRow>(
    await db.execute(sql`
      select c.id, c.post_id, c.user_id, u.name, sp.batch_year, sp.program, c.manifesto, c.status,
        c.reason,
        (select octet_length(m.pdf) from election_manifesto_pdfs m where m.candidate_id = c.id)
          as manifesto_pdf_bytes, c.manifesto_pdf_sha256,
        coalesce((
          select json_agg(json_build_object('id', pu.id, 'name', pu.name) order by pu.name)
          from election_proposers ep join users pu on pu.id = ep.user_id
          where ep.candidate_id = c.id
        ), '[]'::json) as proposers
      from election_candidates c
      join election_posts p on p.id = c.post_id
      join users u on u.id = c.user_id
      left join student_profiles sp on sp.user_id = c.user_id
      where p.election_id = ${electionId}::uuid
      order by u.name, c.id`),
  );
}

/** Why the viewer may not stand for the post now, in words; null when they may. */
function whyNotCandidate(
  election: ElectionRow,
  post: PostRow,
  facts: PersonFacts,
  gaps: readonly string[],
  filed: boolean,
  viewer: Viewer,
): string | null {
  if (phaseOf(election) !== 'nominations') return ELECTION_MESSAGES.nominationsNotOpen;
  if (election.officer_id === viewer.id) return ELECTION_MESSAGES.officerStands;
  if (filed) return ELECTION_MESSAGES.alreadyNominated;
  const notVoter = whyNotVoter(post, facts);
  if (notVoter) return notVoter;
  return gaps.length > 0 ? ELECTION_MESSAGES.cannotStand(gaps.join(' ')) : null;
}

/** The election as the viewer sees it: each post with what they may do, and the candidates they may see. */
export async function electionDetail(db: Database, viewer: Viewer, id: string): Promise<ElectionDetail> {
  const election = await electionRow(db, id);
  const [posts, candidates, facts] = await Promise.all([
    postsOf(db, id, viewer.id),
    candidatesOf(db, id),
    personFacts(db, viewer.id, election.voting_open_at),
  ]);
  const gaps = await ownRequirementGaps(db, viewer.id, posts.map(requirementsOf));
  const manager = managesElection(viewer, election);
  const phase = phaseOf(election);
  const drawn = phase !== 'upcoming' && phase !== 'nominations';
  const toPost = (post: PostRow, index: number): ElectionPost => {
    const notVoter = whyNotVoter(post, facts);
    const own = candidates.filter((c) => c.post_id === post.id);
    const mine = own.some(
      (c) => c.user_id === viewer.id && (c.status === 'filed' || c.status === 'accepted'),
    );
    const accepted = own.filter((c) => c.status === 'accepted');
    const seen = own.filter((c) =>
      seesNomination(
        { status: c.status, mine: c.user_id === viewer.id },
        { manages: manager, votesForPost: notVoter === null },
      ),
    );
    const votingProblem =
      notVoter ??
      (phase === 'voting'
        ? null
        : phase === 'counting' || phase === 'certified'
          ? 'Voting has closed.'
          : 'Voting is not open yet.');
    const standProblem = whyNotCandidate(election, post, facts, gaps[index]!, mine, viewer);
    return {
      id: post.id,
      positionId: post.position_id,
      positionTitle: post.position_title,
      unitName: post.position_unit,
      seats: post.seats,
      proposersNeeded: post.proposers_needed,
      voters: votersInWords(post),
      voterBatchYears: post.voter_batch_years,
      voterPrograms: post.voter_programs,
      voterDisciplines: post.voter_disciplines,
      voterUnitId: post.voter_unit_id,
      voterUnitName: post.unit_name,
      requirements: requirementsOf(post),
      canVote: { ok: votingProblem === null && !post.voted, reason: post.voted ? null : votingProblem },
      voted: post.voted,
      canStand: { ok: standProblem === null, reason: standProblem },
      candidates: seen.map((c) => ({
        id: c.id,
        userId: c.user_id,
        name: c.name,
        batchYear: c.batch_year,
        program: c.program,
        manifesto: c.manifesto,
        manifestoPdfBytes: c.manifesto_pdf_bytes,
        manifestoPdfSha256: c.manifesto_pdf_sha256,
        status: c.status,
        reason: manager || c.user_id === viewer.id ? c.reason : null,
        proposers: c.proposers,
        mine: c.user_id === viewer.id,
      })),
      draw: drawn ? drawOf(id, accepted.map((c) => c.id).sort()).slice(0, -1) : null,
    };
  };
  return {
    ...summaryOf(election),
    description: election.description ?? '',
    officer: election.officer_id ? { id: election.officer_id, name: election.officer_name ?? '' } : null,
    canManage: manager,
    version: election.version,
    certifiedAt: election.certified_at ? iso(election.certified_at) : null,
    tieRule: TIE_RULE,
    posts: posts.map(toPost),
  };
}
