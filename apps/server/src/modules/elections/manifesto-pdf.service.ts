import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ELECTION_MESSAGES, MANIFESTO_PDF_MESSAGES, type Candidate } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { rowsOf } from '../../db/rows';
import { electionManifestoPdfs } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { fewAtOnce } from '../../lib/few-at-once';
import { electionRow, managesElection, phaseOf, type Viewer } from './elections.read';
import { seesNomination } from './elections.policy';
import { beforeVoting, candidateOf, lockCandidate, postOf } from './nominations.service';
import { personFacts, whyNotVoter } from './voter-facts';

/*
 * A nomination's manifesto PDF (decision 0038). Its nominee attaches, replaces or removes it while
 * the nomination awaits the officer's decision, before voting opens: what the officer accepts is
 * what the voters read. Whoever sees the nomination may download it.
 */

/** Changes the viewer's own nomination's PDF: `pdf`, or none; 404 for another's, 409 once decided. */
async function changePdf(db: Database, viewer: Viewer, id: string, pdf: Buffer | null) {
  const electionId = await db.transaction(async (tx) => {
    await auditAs(tx, viewer.id);
    const { candidate, election } = await lockCandidate(tx, id);
    // Another's nomination is not found, as if it were not there: its manifesto is theirs alone.
    if (candidate.user_id !== viewer.id) throw AppError.notFound(ELECTION_MESSAGES.nominationNotFound);
    if (candidate.status !== 'filed' || !beforeVoting(phaseOf(election)))
      throw AppError.conflict(MANIFESTO_PDF_MESSAGES.tooLate);
    if (pdf === null)
      await tx.delete(electionManifestoPdfs).where(eq(electionManifestoPdfs.candidateId, id));
    else
      await tx
        .insert(electionManifestoPdfs)
        .values({ candidateId: id, pdf })
        .onConflictDoUpdate({
          target: electionManifestoPdfs.candidateId,
          set: { pdf, createdAt: new Date() },
        });
    // The audit line names the file by its digest, never by its bytes.
    const digest = pdf === null ? null : createHash('sha256').update(pdf).digest('hex');
    await tx.execute(sql`
      update election_candidates set manifesto_pdf_sha256 = ${digest}, updated_at = now()
      where id = ${id}::uuid`);
    return election.id;
  });
  return candidateOf(db, viewer, electionId, id);
}

/** How many PDFs one server process stores at once (fewAtOnce). */
const storing = fewAtOnce(2, MANIFESTO_PDF_MESSAGES.busy);

/** Attaches a PDF to the viewer's nomination, or replaces the one it has. */
export function saveManifestoPdf(
  db: Database,
  viewer: Viewer,
  id: string,
  pdf: Buffer,
): Promise<Candidate> {
  return storing(() => changePdf(db, viewer, id, pdf));
}

/** Removes the PDF of the viewer's nomination; removing none is not an error. */
export function removeManifestoPdf(db: Database, viewer: Viewer, id: string): Promise<Candidate> {
  return changePdf(db, viewer, id, null);
}

type NominationRow = {
  user_id: string;
  status: string;
  post_id: string;
  election_id: string;
  name: string;
};

/** The nomination's PDF and its nominee's name, for whoever sees the nomination; 404 for anyone else, or when there is none. */
export async function manifestoPdfOf(
  db: Database,
  viewer: Viewer,
  id: string,
): Promise<{ pdf: Buffer; nominee: string }> {
  const [nomination] = rowsOf<NominationRow>(
    await db.execute(sql`
      select c.user_id, c.status, c.post_id, p.election_id, u.name
      from election_candidates c
      join election_posts p on p.id = c.post_id
      join users u on u.id = c.user_id
      where c.id = ${id}::uuid`),
  );
  if (!nomination) throw AppError.notFound(ELECTION_MESSAGES.nominationNotFound);
  const election = await electionRow(db, nomination.election_id);
  const manages = managesElection(viewer, election);
  const mine = nomination.user_id === viewer.id;
  // Only a voter of the post may need the record and the rosters read: the others are decided already.
  const votesForPost =
    !manages &&
    !mine &&
    nomination.status === 'accepted' &&
    whyNotVoter(
      await postOf(db, nomination.election_id, nomination.post_id),
      await personFacts(db, viewer.id, election.voting_open_at),
    ) === null;
  if (!seesNomination({ status: nomination.status, mine }, { manages, votesForPost }))
    throw AppError.notFound(ELECTION_MESSAGES.nominationNotFound);
  const [stored] = await db
    .select({ pdf: electionManifestoPdfs.pdf })
    .from(electionManifestoPdfs)
    .where(eq(electionManifestoPdfs.candidateId, id));
  if (!stored) throw AppError.notFound(MANIFESTO_PDF_MESSAGES.notFound);
  return { pdf: stored.pdf, nominee: nomination.name };
}
