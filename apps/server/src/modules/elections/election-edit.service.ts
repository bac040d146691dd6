import { sql } from 'drizzle-orm';
import {
  ELECTION_MESSAGES,
  TIMETABLE_GRACE_MS,
  windowOutOfOrder,
  type ElectionChange,
  type ElectionDetail,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { csvDateTime } from '../../lib/csv-export';
import { notifyMany } from '../notifications/notify.service';
import { eligibleVoters } from './voter-facts';
import { electionPosts } from '../../db/schema/index';
import { checkOfficer, checkPosts, postValues } from './election-setup.service';
import { electionDetail, electionRow, managesElection, type Viewer } from './elections.read';

/*
 * Changing an election after its set-up (decision 0038), by the administrator or its officer, from
 * the version they read (a change made meanwhile is never undone): the title and the description
 * until the result is certified; the tenure until voting opens; each time of the timetable until it
 * passes (to now or later: a window that has not opened may open now, one that is open may close
 * now or later); the posts until nominations open, as candidates stand for them as they are; the
 * officer by the administrator only, never someone standing or proposing.
 */

const WINDOWS = [
  ['nominationsOpenAt', 'nominations_open_at'],
  ['nominationsCloseAt', 'nominations_close_at'],
  ['votingOpenAt', 'voting_open_at'],
  ['votingCloseAt', 'voting_close_at'],
] as const;
const WINDOW_WORDS = ['nominations open', 'nominations close', 'voting opens', 'voting closes'];

const second = (value: Date | string | number) => Math.floor(new Date(value).getTime() / 1000);

type StoredTimes = Record<(typeof WINDOWS)[number][1], Date> & { now: Date };

/**
 * The four times to store: a passed one unchanged; one to come at the new time (up to a minute
 * back is saved as now), or as it was when the new time is the same to the second.
 */
function timetableOf(stored: StoredTimes, input: ElectionChange): Date[] {
  const now = new Date(stored.now).getTime();
  const times = WINDOWS.map(([field, column]) => {
    const before = new Date(stored[column]).getTime();
    const after = Date.parse(input[field]);
    const fieldError = (message: string) => AppError.badRequest(message, { [field]: message });
    if (second(before) === second(after)) return new Date(before);
    if (before <= now) throw fieldError(ELECTION_MESSAGES.timePassed);
    if (after < now - TIMETABLE_GRACE_MS) throw fieldError(ELECTION_MESSAGES.timeIntoPast);
    return new Date(Math.max(after, now));
  });
  const late = windowOutOfOrder({
    nominationsOpenAt: times[0]!.toISOString(),
    nominationsCloseAt: times[1]!.toISOString(),
    votingOpenAt: times[2]!.toISOString(),
    votingCloseAt: times[3]!.toISOString(),
  });
  if (late)
    throw AppError.badRequest(ELECTION_MESSAGES.windowsOrder, {
      [late]: ELECTION_MESSAGES.windowsOrder,
    });
  return times;
}

type PostRow = {
  id: string;
  position_id: string;
  seats: number;
  voter_batch_years: number[];
  voter_programs: string[];
  voter_disciplines: string[];
  voter_unit_id: string | null;
  proposers_needed: number;
};

/** A post's terms in one comparable line, whatever the order of its lists. */
const termsOf = (post: {
  positionId: string;
  seats: number;
  voterBatchYears: readonly number[];
  voterPrograms: readonly string[];
  voterDisciplines: readonly string[];
  voterUnitId: string | null;
  proposersNeeded: number;
}) =>
  JSON.stringify([
    post.positionId,
    post.seats,
    [...new Set(post.voterBatchYears)].sort(),
    [...new Set(post.voterPrograms)].sort(),
    [...new Set(post.voterDisciplines)].sort(),
    post.voterUnitId,
    post.proposersNeeded,
  ]);

const rowTerms = (row: PostRow) =>
  termsOf({
    positionId: row.position_id,
    seats: row.seats,
    voterBatchYears: row.voter_batch_years,
    voterPrograms: row.voter_programs,
    voterDisciplines: row.voter_disciplines,
    voterUnitId: row.voter_unit_id,
    proposersNeeded: row.proposers_needed,
  });

/** Puts the posts as asked: a post of the same position keeps its row (changed where asked), others go or come. */
async function replacePosts(tx: Database, electionId: string, input: ElectionChange, rows: PostRow[]) {
  const kept = new Set(input.posts.map((post) => post.positionId));
  const gone = rows.filter((row) => !kept.has(row.position_id)).map((row) => row.id);
  if (gone.length)
    await tx.execute(sql`delete from election_posts where id = any(${`{${gone.join(',')}}`}::uuid[])`);
  await tx
    .insert(electionPosts)
    .values(input.posts.map((post) => postValues(electionId, post)))
    .onConflictDoUpdate({
      target: [electionPosts.electionId, electionPosts.positionId],
      set: {
        seats: sql`excluded.seats`,
        voterBatchYears: sql`excluded.voter_batch_years`,
        voterPrograms: sql`excluded.voter_programs`,
        voterDisciplines: sql`excluded.voter_disciplines`,
        voterUnitId: sql`excluded.voter_unit_id`,
        proposersNeeded: sql`excluded.proposers_needed`,
      },
    });
}

/** Refuses a new officer who stands in the election or proposes someone who does. */
async function checkNewOfficer(tx: Database, electionId: string, officerId: string): Promise<void> {
  const [role] = rowsOf<{ stands: boolean; proposes: boolean }>(
    await tx.execute(sql`
      select
        exists (
          select 1 from election_candidates c join election_posts p on p.id = c.post_id
          where p.election_id = ${electionId}::uuid and c.user_id = ${officerId}::uuid
            and c.status <> 'withdrawn'
        ) as stands,
        exists (
          select 1 from election_proposers pr
          join election_candidates c on c.id = pr.candidate_id
          join election_posts p on p.id = c.post_id
          where p.election_id = ${electionId}::uuid and pr.user_id = ${officerId}::uuid
            and c.status <> 'withdrawn'
        ) as proposes`),
  );
  const message = role?.stands
    ? ELECTION_MESSAGES.officerStands
    : role?.proposes
      ? ELECTION_MESSAGES.officerProposes
      : null;
  if (message) throw AppError.badRequest(message, { officerId: message });
}

/** Who hears of a moved timetable: its nominees and officer, and its voters when the vote's times moved. */
const toldOfTimetable = (id: string, officerId: string | null, actorId: string, voting: boolean) => sql`
  select c.user_id from election_candidates c join election_posts p on p.id = c.post_id
  where p.election_id = ${id}::uuid and c.status in ('filed', 'accepted')
  union
  select ${officerId}::uuid where ${officerId}::uuid is not null and ${officerId}::uuid <> ${actorId}::uuid
  ${voting ? sql`union select v.user_id from (${eligibleVoters(sql`p.election_id = ${id}::uuid`)}) v` : sql``}`;

/** Changes the election as asked, within the rules above, audited; tells who is concerned when the timetable moved. */
export async function updateElection(
  db: Database,
  actor: Viewer,
  id: string,
  input: ElectionChange,
  timeZone: string,
): Promise<ElectionDetail> {
  await db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    const locked = await electionRow(tx, id, true);
    // The clock as the row is ours: ballots being written when the change came have been taken by
    // then, so a vote closed "now" closes after the last ballot it took.
    const [clock] = rowsOf<{ now: Date }>(await tx.execute(sql`select clock_timestamp() as now`));
    const election = { ...locked, now: clock!.now };
    if (!managesElection(actor, election)) throw AppError.forbidden(ELECTION_MESSAGES.notManager);
    if (election.certified_at) throw AppError.conflict(ELECTION_MESSAGES.certifiedFixed);
    if (input.version !== election.version) throw AppError.conflict(ELECTION_MESSAGES.stale);
    if (input.officerId !== election.officer_id) {
      if (actor.role !== 'ADMIN') throw AppError.forbidden(ELECTION_MESSAGES.officerByAdministrator);
      await checkOfficer(tx, input.officerId);
      if (input.officerId) await checkNewOfficer(tx, id, input.officerId);
    }
    const now = new Date(election.now).getTime();
    if (input.tenureYear !== election.tenure_year && new Date(election.voting_open_at).getTime() <= now)
      throw AppError.conflict(ELECTION_MESSAGES.tenureFixed, {
        tenureYear: ELECTION_MESSAGES.tenureFixed,
      });
    const times = timetableOf(election, input);
    const posts = rowsOf<PostRow>(
      await tx.execute(sql`
        select id::text, position_id::text, seats, voter_batch_years, voter_programs,
          voter_disciplines, voter_unit_id::text, proposers_needed
        from election_posts where election_id = ${id}::uuid`),
    );
    const asked = input.posts.map(termsOf).sort();
    if (JSON.stringify(asked) !== JSON.stringify(posts.map(rowTerms).sort())) {
      if (new Date(election.nominations_open_at).getTime() <= now)
        throw AppError.conflict(ELECTION_MESSAGES.postsFixed, { posts: ELECTION_MESSAGES.postsFixed });
      await checkPosts(tx, input);
      await replacePosts(tx, id, input, posts);
    }
    await tx.execute(sql`
      update elections set title = ${input.title}, description = ${input.description || null},
        tenure_year = ${input.tenureYear}, officer_id = ${input.officerId}::uuid,
        nominations_open_at = ${times[0]!.toISOString()}::timestamptz,
        nominations_close_at = ${times[1]!.toISOString()}::timestamptz,
        voting_open_at = ${times[2]!.toISOString()}::timestamptz,
        voting_close_at = ${times[3]!.toISOString()}::timestamptz, updated_at = clock_timestamp()
      where id = ${id}::uuid`);
    const moved = WINDOWS.flatMap(([, column], i) =>
      new Date(election[column]).getTime() === times[i]!.getTime() ? [] : [i],
    );
    if (moved.length === 0) return;
    const detail = `Now ${moved
      .map((i) => `${WINDOW_WORDS[i]} ${csvDateTime(times[i]!, timeZone)}`)
      .join('; ')}.`;
    await notifyMany(
      tx,
      toldOfTimetable(
        id,
        input.officerId,
        actor.id,
        moved.some((i) => i >= 2),
      ),
      { kind: 'election', outcome: 'timetable', subject: input.title, detail, link: `/elections/${id}` },
    );
  });
  return electionDetail(db, actor, id);
}
