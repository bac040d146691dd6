import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifyMany, notifyPerson } from '../notifications/notify.service';
import { eligibleVoters } from './voter-facts';

/*
 * What an election's voters hear (kind 'election'): nominations open, voting open, and a day before
 * the close a reminder to those who have not voted for every post they may vote for. Each notice is
 * claimed in election_notices in the transaction that sends it, so two sweeps at once send it once.
 * A reminder says nothing of anyone else: it reaches each person for their own posts only.
 */

const DAY = sql`interval '1 day'`;

/** The notices, each with the elections it is due for now and who hears it. */
const NOTICES: { kind: string; due: SQL; recipients: (electionId: string) => SQL }[] = [
  {
    kind: 'nominations-open',
    due: sql`now() >= e.nominations_open_at and now() < e.nominations_close_at`,
    recipients: (id) => eligibleVoters(sql`p.election_id = ${id}::uuid`),
  },
  {
    kind: 'voting-open',
    due: sql`now() >= e.voting_open_at and now() < e.voting_close_at`,
    recipients: (id) => eligibleVoters(sql`p.election_id = ${id}::uuid`),
  },
  {
    kind: 'reminder',
    due: sql`now() >= e.voting_open_at and now() >= e.voting_close_at - ${DAY} and now() < e.voting_close_at`,
    recipients: (id) => sql`
      select v.user_id from (${eligibleVoters(sql`p.election_id = ${id}::uuid`)}) v
      where not exists (
        select 1 from ballot_participations bp where bp.post_id = v.post_id and bp.voter_id = v.user_id
      )`,
  },
];

/** Sends every election notice due now; resolves to the number of people notified. */
export async function sendDueElectionNotices(db: Database): Promise<number> {
  let notified = 0;
  for (const notice of NOTICES) {
    const due = rowsOf<{ id: string }>(
      await db.execute(sql`
        select e.id from elections e
        where ${notice.due} and e.certified_at is null
          and not exists (select 1 from election_notices n where n.election_id = e.id and n.kind = ${notice.kind})`),
    );
    for (const { id } of due)
      notified += await db.transaction(async (tx) => {
        const [claimed] = rowsOf<{ title: string }>(
          await tx.execute(sql`
            with claimed as (
              insert into election_notices (election_id, kind) values (${id}::uuid, ${notice.kind})
              on conflict do nothing returning election_id
            )
            select e.title from elections e join claimed c on c.election_id = e.id`),
        );
        if (!claimed) return 0;
        return notifyMany(
          tx,
          notice.recipients(id),
          noticeOf({ id, title: claimed.title }, notice.kind),
        );
      });
  }
  return notified;
}

/** A notice of the election with its outcome, linking to its page. */
const noticeOf = (election: { id: string; title: string }, outcome: string) => ({
  kind: 'election' as const,
  outcome,
  subject: election.title,
  link: `/elections/${election.id}`,
});

/** Tells a candidate their nomination was accepted or rejected (the reason is on the election's page). */
export async function tellNominee(
  tx: Database,
  candidate: { user_id: string },
  election: { id: string; title: string },
  outcome: 'accepted' | 'rejected',
): Promise<void> {
  await notifyPerson(tx, candidate.user_id, noticeOf(election, outcome));
}

/** Tells the officer (or, with none, nobody: the administrator sees the page) that a nomination waits. */
export async function tellOfficer(
  tx: Database,
  election: { id: string; title: string; officer_id: string | null },
): Promise<void> {
  await notifyPerson(tx, election.officer_id, noticeOf(election, 'nominated'));
}

/** Tells every eligible voter that the results are certified. */
export async function tellResults(tx: Database, election: { id: string; title: string }): Promise<void> {
  await notifyMany(
    tx,
    eligibleVoters(sql`p.election_id = ${election.id}::uuid`),
    noticeOf(election, 'results'),
  );
}
