import { sql } from 'drizzle-orm';
import { ELECTION_MESSAGES, type ElectionDetail, type ElectionInput } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { rowsOf } from '../../db/rows';
import { electionPosts, elections } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { electionDetail, type Viewer } from './elections.read';

type PositionRow = { id: string; position_count: number; retired: boolean };

/** Refuses posts whose position is unknown, retired or has fewer seats than the post, and unknown voter units. */
export async function checkPosts(tx: Database, input: ElectionInput): Promise<void> {
  const ids = input.posts.map((post) => post.positionId);
  const found = new Map(
    rowsOf<PositionRow>(
      await tx.execute(sql`
        select id::text, position_count, retired_at is not null as retired from positions
        where id = any(${`{${ids.join(',')}}`}::uuid[])`),
    ).map((row) => [row.id, row]),
  );
  const units = input.posts.flatMap((post) => (post.voterUnitId ? [post.voterUnitId] : []));
  const knownUnits = new Set(
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        select id::text from org_units
        where id = any(${`{${units.join(',')}}`}::uuid[]) and type in ('club', 'council', 'committee')`),
    ).map((row) => row.id),
  );
  for (const [i, post] of input.posts.entries()) {
    const position = found.get(post.positionId);
    const field = (name: string, message: string) =>
      AppError.badRequest(message, { [`posts.${i}.${name}`]: message });
    if (!position) throw field('positionId', ELECTION_MESSAGES.positionUnknown);
    if (position.retired) throw field('positionId', ELECTION_MESSAGES.positionRetired);
    if (post.seats > position.position_count)
      throw field('seats', ELECTION_MESSAGES.seatsOverPosition(position.position_count));
    if (post.voterUnitId && !knownUnits.has(post.voterUnitId))
      throw field('voterUnitId', ELECTION_MESSAGES.unitUnknown);
  }
}

/** Refuses an officer who is not an active account. */
export async function checkOfficer(tx: Database, officerId: string | null): Promise<void> {
  if (!officerId) return;
  const [officer] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from users where id = ${officerId}::uuid and deactivated_at is null`),
  );
  if (!officer)
    throw AppError.badRequest(ELECTION_MESSAGES.officerUnknown, {
      officerId: ELECTION_MESSAGES.officerUnknown,
    });
}

/** A post of the election as its row holds it. */
export const postValues = (electionId: string, post: ElectionInput['posts'][number]) => ({
  electionId,
  positionId: post.positionId,
  seats: post.seats,
  voterBatchYears: post.voterBatchYears,
  voterPrograms: post.voterPrograms,
  voterDisciplines: [...new Set(post.voterDisciplines)],
  voterUnitId: post.voterUnitId,
  proposersNeeded: post.proposersNeeded,
});

/**
 * Sets up an election (the administrator): its windows, its officer and its posts, in one audited
 * transaction. Nominations may not open in the past: an election is announced before it starts.
 */
export async function createElection(
  db: Database,
  actor: Viewer,
  input: ElectionInput,
): Promise<ElectionDetail> {
  if (Date.parse(input.nominationsOpenAt) < Date.now() - 60_000)
    throw AppError.badRequest(ELECTION_MESSAGES.nominationsInPast, {
      nominationsOpenAt: ELECTION_MESSAGES.nominationsInPast,
    });
  const id = await db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    await checkPosts(tx, input);
    await checkOfficer(tx, input.officerId);
    const [made] = await tx
      .insert(elections)
      .values({
        title: input.title,
        description: input.description || null,
        tenureYear: input.tenureYear,
        officerId: input.officerId,
        nominationsOpenAt: new Date(input.nominationsOpenAt),
        nominationsCloseAt: new Date(input.nominationsCloseAt),
        votingOpenAt: new Date(input.votingOpenAt),
        votingCloseAt: new Date(input.votingCloseAt),
        createdBy: actor.id,
      })
      .returning({ id: elections.id });
    await tx.insert(electionPosts).values(input.posts.map((post) => postValues(made!.id, post)));
    return made!.id;
  });
  return electionDetail(db, actor, id);
}
