import { sql } from 'drizzle-orm';
import { ELECTION_MESSAGES, type Candidate, type NominationInput } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { ownRequirementGaps } from '../positions/holdings.service';
import { tellNominee, tellOfficer } from './election-notices.service';
import { electionDetail, electionRow, managesElection, phaseOf, type Viewer } from './elections.read';
import { personFacts, requirementsOf, whyNotVoter, type PostLimits } from './voter-facts';

/*
 * Nominations (decision 0038): an eligible student files one for a post, with the proposers the
 * post needs; the officer (or the administrator) accepts it or rejects it with a reason until
 * voting opens; a candidate may withdraw until then.
 */

type PostRow = PostLimits & {
  id: string;
  min_cgpa: number;
  min_year: number;
  skills_required: string[];
  proposers_needed: number;
};

/** The post of the election, with who votes for it and what standing needs; 404 when it is not there. */
export async function postOf(tx: Database, electionId: string, postId: string): Promise<PostRow> {
  const [post] = rowsOf<PostRow>(
    await tx.execute(sql`
      select p.id, p.voter_batch_years, p.voter_programs, p.voter_disciplines, p.voter_unit_id,
        u.name as unit_name, pos.min_cgpa::float8 as min_cgpa, pos.min_year, pos.skills_required,
        p.proposers_needed
      from election_posts p
      join positions pos on pos.id = p.position_id
      left join org_units u on u.id = p.voter_unit_id
      where p.id = ${postId}::uuid and p.election_id = ${electionId}::uuid`),
  );
  if (!post) throw AppError.notFound(ELECTION_MESSAGES.postNotFound);
  return post;
}

const proposersField = (message: string) => AppError.badRequest(message, { proposerIds: message });

/** Refuses proposers who are not as many as the post needs, repeated, the candidate, or not its voters. */
async function checkProposers(
  tx: Database,
  election: { officer_id: string | null; voting_open_at: Date },
  post: PostRow,
  candidateId: string,
  proposerIds: readonly string[],
): Promise<void> {
  if (proposerIds.includes(candidateId)) throw proposersField(ELECTION_MESSAGES.proposerSelf);
  // The officer decides the nominations: proposing one would decide their own proposal.
  if (election.officer_id !== null && proposerIds.includes(election.officer_id))
    throw proposersField(ELECTION_MESSAGES.officerProposes);
  if (new Set(proposerIds).size !== proposerIds.length)
    throw proposersField(ELECTION_MESSAGES.proposerTwice);
  if (proposerIds.length < post.proposers_needed)
    throw proposersField(ELECTION_MESSAGES.proposersNeeded(post.proposers_needed));
  const people = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
      select id::text, name from users
      where id = any(${`{${proposerIds.join(',')}}`}::uuid[]) and deactivated_at is null and role = 'STUDENT'`),
  );
  if (people.length !== proposerIds.length) throw proposersField(ELECTION_MESSAGES.proposerUnknown);
  for (const person of people)
    if (whyNotVoter(post, await personFacts(tx, person.id, election.voting_open_at)) !== null)
      throw proposersField(ELECTION_MESSAGES.proposerIneligible(person.name));
}

/** Files the viewer's nomination for the post; it waits for the officer's decision. */
export async function fileNomination(
  db: Database,
  viewer: Viewer,
  electionId: string,
  postId: string,
  input: NominationInput,
): Promise<Candidate> {
  const id = await db.transaction(async (tx) => {
    await auditAs(tx, viewer.id);
    // Locked, so that the close of nominations cannot pass between this check and the insert.
    const election = await electionRow(tx, electionId, true);
    const post = await postOf(tx, electionId, postId);
    if (phaseOf(election) !== 'nominations')
      throw AppError.conflict(ELECTION_MESSAGES.nominationsNotOpen);
    if (election.officer_id === viewer.id) throw AppError.forbidden(ELECTION_MESSAGES.officerStands);
    const notVoter = whyNotVoter(post, await personFacts(tx, viewer.id, election.voting_open_at));
    if (notVoter) throw AppError.forbidden(notVoter);
    const [gaps = []] = await ownRequirementGaps(tx, viewer.id, [requirementsOf(post)]);
    if (gaps.length > 0) throw AppError.forbidden(ELECTION_MESSAGES.cannotStand(gaps.join(' ')));
    await checkProposers(tx, election, post, viewer.id, input.proposerIds);
    // A withdrawn or rejected nomination may be filed again while nominations are open: the same
    // row, filed anew with its new manifesto and proposers, and without the old manifesto's PDF.
    const [made] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into election_candidates (post_id, user_id, manifesto)
        values (${postId}::uuid, ${viewer.id}::uuid, ${input.manifesto})
        on conflict (post_id, user_id) do update
          set manifesto = excluded.manifesto, manifesto_pdf_sha256 = null, status = 'filed',
            reason = null, decided_by = null, decided_at = null, updated_at = now()
          where election_candidates.status in ('withdrawn', 'rejected')
        returning id`),
    );
    if (!made) throw AppError.conflict(ELECTION_MESSAGES.alreadyNominated);
    await tx.execute(sql`delete from election_manifesto_pdfs where candidate_id = ${made.id}::uuid`);
    await tx.execute(sql`delete from election_proposers where candidate_id = ${made.id}::uuid`);
    for (const proposer of input.proposerIds)
      await tx.execute(
        sql`insert into election_proposers (candidate_id, user_id) values (${made.id}::uuid, ${proposer}::uuid)`,
      );
    await tellOfficer(tx, election);
    return made.id;
  });
  return candidateOf(db, viewer, electionId, id);
}

/** The nomination as the viewer sees it on the election's page; 404 when they may not see it. */
export async function candidateOf(db: Database, viewer: Viewer, electionId: string, id: string) {
  const detail = await electionDetail(db, viewer, electionId);
  const candidate = detail.posts.flatMap((post) => post.candidates).find((c) => c.id === id);
  if (!candidate) throw AppError.notFound(ELECTION_MESSAGES.nominationNotFound);
  return candidate;
}

type LockedCandidate = {
  id: string;
  user_id: string;
  status: Candidate['status'];
  election_id: string;
  manifesto_pdf_sha256: string | null;
};

/** Locks the nomination and its election (in that order everywhere); 404 when there is none. */
export async function lockCandidate(tx: Database, id: string) {
  const [candidate] = rowsOf<LockedCandidate>(
    await tx.execute(sql`
      select c.id, c.user_id, c.status, p.election_id, c.manifesto_pdf_sha256
      from election_candidates c join election_posts p on p.id = c.post_id
      where c.id = ${id}::uuid for update of c`),
  );
  if (!candidate) throw AppError.notFound(ELECTION_MESSAGES.nominationNotFound);
  return { candidate, election: await electionRow(tx, candidate.election_id, true) };
}

/** Whether nominations may still change: before voting opens. */
export const beforeVoting = (phase: string) =>
  phase === 'nominations' || phase === 'campaigning' || phase === 'upcoming';

/** Accepts a filed nomination, or rejects it with the reason its candidate reads (the officer or the administrator). */
export async function decideNomination(
  db: Database,
  viewer: Viewer,
  id: string,
  decision: { decision: 'accept' | 'reject'; reason: string; manifestoPdfSha256?: string | null },
): Promise<Candidate> {
  const electionId = await db.transaction(async (tx) => {
    await auditAs(tx, viewer.id);
    const { candidate, election } = await lockCandidate(tx, id);
    if (!managesElection(viewer, election)) throw AppError.forbidden(ELECTION_MESSAGES.notManager);
    if (!beforeVoting(phaseOf(election))) throw AppError.conflict(ELECTION_MESSAGES.decideTooLate);
    if (candidate.status === 'withdrawn') throw AppError.conflict(ELECTION_MESSAGES.withdrawnAlready);
    if (candidate.status !== 'filed') throw AppError.conflict(ELECTION_MESSAGES.decidedAlready);
    // The nominee may change the PDF until the decision: it is decided on the file its manager read.
    if (
      decision.manifestoPdfSha256 !== undefined &&
      decision.manifestoPdfSha256 !== candidate.manifesto_pdf_sha256
    )
      throw AppError.conflict(ELECTION_MESSAGES.pdfChanged);
    await tx.execute(sql`
      update election_candidates
      set status = ${decision.decision === 'accept' ? 'accepted' : 'rejected'},
        reason = ${decision.decision === 'reject' ? decision.reason : null},
        decided_by = ${viewer.id}::uuid, decided_at = now(), updated_at = now()
      where id = ${id}::uuid`);
    await tellNominee(tx, candidate, election, decision.decision === 'accept' ? 'accepted' : 'rejected');
    return election.id;
  });
  return candidateOf(db, viewer, electionId, id);
}

/** Withdraws the viewer's own nomination, before voting opens. */
export async function withdrawNomination(db: Database, viewer: Viewer, id: string): Promise<Candidate> {
  const electionId = await db.transaction(async (tx) => {
    await auditAs(tx, viewer.id);
    const { candidate, election } = await lockCandidate(tx, id);
    // Another's nomination is not found, as if it were not there: its withdrawal is theirs alone.
    if (candidate.user_id !== viewer.id) throw AppError.notFound(ELECTION_MESSAGES.nominationNotFound);
    if (candidate.status === 'withdrawn') throw AppError.conflict(ELECTION_MESSAGES.withdrawnAlready);
    if (!beforeVoting(phaseOf(election))) throw AppError.conflict(ELECTION_MESSAGES.withdrawTooLate);
    await tx.execute(sql`
      update election_candidates set status = 'withdrawn', updated_at = now() where id = ${id}::uuid`);
    return election.id;
  });
  return candidateOf(db, viewer, electionId, id);
}
