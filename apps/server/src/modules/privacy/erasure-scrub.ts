import { sql, type SQL } from 'drizzle-orm';
import { ERASED_ACCOUNT_NAME } from '@cosa/contracts';
import type { Database } from '../../db/client';

type Executor = Pick<Database, 'execute'>;

/**
 * What identified the person: the texts an erasure looks for in copies elsewhere. Only the texts
 * that cannot be someone else's (`everywhere`: the e-mail address, a ten-digit phone, a long
 * student id, a name no other account or unit bears) are replaced in any record; every one of them
 * (`needles`, the username and a shared or short name too) only in the rows tied to the person by
 * id, so that another person's words, a year or a namesake are never rewritten.
 */
export type Identity = {
  userId: string;
  /** Names, e-mail, username, student id, phone: each at least three characters. */
  needles: string[];
  /** The needles that identify this person wherever they appear. */
  everywhere: string[];
};

/** A needle as a regular expression (PostgreSQL's ARE), never matching inside a longer word or number. */
function needlePattern(needle: string): string {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const before = /^[0-9a-z]/i.test(needle) ? '(?<![[:alnum:]])' : '';
  const after = /[0-9a-z]$/i.test(needle) ? '(?![[:alnum:]])' : '';
  return `${before}${escaped}${after}`;
}

/**
 * Whether a text may hold one of the needles: a plain substring test, much cheaper than the regular
 * expression, so that the whole-table searches read each row once quickly; the expression then
 * replaces only in the rows it admits.
 */
function mayHold(column: SQL, needles: readonly string[]): SQL {
  const likes = needles.map((needle) => `%${needle.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  return sql`lower(${column}) like any (${`{${likes.map((like) => JSON.stringify(like)).join(',')}}`}::text[])`;
}

/** One pattern for all the needles, as they appear in plain text. */
function textPattern(needles: readonly string[]): string {
  return needles.map(needlePattern).join('|');
}

/** The same as they appear inside JSON text (quotes and backslashes escaped). */
function jsonPattern(needles: readonly string[]): string {
  return needles.map((needle) => needlePattern(JSON.stringify(needle).slice(1, -1))).join('|');
}

/**
 * The free text of other records where someone may have written the person's name, e-mail, phone
 * or student id (a notification to a coordinator, a feedback comment, a claim's payee, an event's
 * description...), each with the condition that ties a row to the person, if any (their own rows:
 * any of their identifying texts there is theirs).
 */
const FREE_TEXT: ReadonlyArray<
  readonly [table: string, columns: readonly string[], owners: readonly string[]]
> = [
  ['notifications', ['subject', 'detail'], []],
  ['activity_log', ['description'], ['actor_id', 'subject_id']],
  ['feedback', ['comments', 'actions_taken'], ['author_id', 'target_user_id']],
  ['announcements', ['title', 'body'], ['author_id']],
  ['events', ['title', 'description', 'venue'], []],
  ['club_pages', ['tagline', 'about', 'contact', 'how_to_join'], []],
  ['org_units', ['description', 'contact_email'], []],
  ['club_join_requests', ['answer', 'reason'], ['user_id']],
  ['club_memberships', ['end_reason'], ['user_id']],
  ['position_holders', ['feedback', 'decline_reason'], ['user_id']],
  ['achievements', ['title', 'description', 'position', 'decline_reason'], ['user_id']],
  ['user_skills', ['decline_reason'], ['user_id']],
  ['submission_history', ['reason'], []],
  ['election_candidates', ['manifesto', 'reason'], ['user_id']],
  ['elections', ['title', 'description'], []],
  ['expense_claims', ['payee', 'description', 'payment_reference'], ['filed_by']],
  ['claim_steps', ['reason', 'reference'], []],
  ['room_bookings', ['description', 'decision_note'], ['requested_by']],
  ['fact_corrections', ['current_value', 'requested_value', 'reason', 'decision_reason'], ['user_id']],
  ['student_id_conflicts', ['resolution'], []],
  ['issued_credentials', ['revocation_note'], ['user_id']],
];

/** Replaces the needles in the named columns of every row holding one, in one statement per table. */
async function scrubFreeText(
  tx: Executor,
  table: string,
  columns: readonly string[],
  pattern: string,
  needles: readonly string[],
  owned?: SQL,
) {
  const label = ERASED_ACCOUNT_NAME;
  const sets = columns.map(
    (column) =>
      sql`${sql.identifier(column)} = case when ${sql.identifier(column)} ~* ${pattern} then regexp_replace(${sql.identifier(column)}, ${pattern}, ${label}, 'gi') else ${sql.identifier(column)} end`,
  );
  const matches = columns.map((column) => mayHold(sql`${sql.identifier(column)}`, needles));
  const where = sql`(${sql.join(matches, sql` or `)})`;
  await tx.execute(
    sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ${owned ? sql`${owned} and ${where}` : where}`,
  );
}

/** The keys of an account's audited values that say who the person is. */
const IDENTIFYING_KEYS = [
  'name',
  'official_name',
  'officialName',
  'email',
  'username',
  'student_id',
  'studentId',
  'phone',
  'google_subject',
];

/**
 * The audit log keeps what was done, by whom (an account) and to what; after an erasure, none of
 * its lines names the person. The lines of the account's own changes lose the identifying values,
 * the lines the person acted in or is the subject of lose the name they were written with, and
 * any other line (an import's list, a label "Name: Position") has the needles replaced. Allowed
 * by the audit log's guard only in the erasing transaction (cosa.erasing, migration 0052).
 */
async function scrubAuditLog(tx: Executor, identity: Identity) {
  const label = ERASED_ACCOUNT_NAME;
  const keys = sql`array[${sql.join(
    IDENTIFYING_KEYS.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  const user = sql`${identity.userId}::uuid`;
  const replaced = (column: SQL, pattern: string) =>
    sql`case when ${column} ~* ${pattern} then regexp_replace(${column}, ${pattern}, ${label}, 'gi') else ${column} end`;
  // The lines the person acted in or is the subject of: every text of theirs goes.
  const own = textPattern(identity.needles);
  const ownJson = jsonPattern(identity.needles);
  await tx.execute(sql`
    update audit_log set
      actor_name = case when actor_id = ${user} then ${label} else actor_name end,
      subject_label = case when subject_id = ${user} then ${label} else subject_label end,
      summary = ${replaced(sql`summary`, own)},
      before = (${replaced(sql`(case when subject_id = ${user} then before - ${keys} else before end)::text`, ownJson)})::jsonb,
      after = (${replaced(sql`(case when subject_id = ${user} then after - ${keys} else after end)::text`, ownJson)})::jsonb
    where actor_id = ${user} or subject_id = ${user}`);
  // Any other line (an import's list, a label "Name: Position"): only what is the person's alone.
  if (identity.everywhere.length === 0) return;
  const text = textPattern(identity.everywhere);
  const json = jsonPattern(identity.everywhere);
  const jsonNeedles = identity.everywhere.map((needle) => JSON.stringify(needle).slice(1, -1));
  await tx.execute(sql`
    update audit_log set
      actor_name = ${replaced(sql`actor_name`, text)},
      subject_label = ${replaced(sql`subject_label`, text)},
      summary = ${replaced(sql`summary`, text)},
      before = (${replaced(sql`before::text`, json)})::jsonb,
      after = (${replaced(sql`after::text`, json)})::jsonb
    where ${mayHold(sql`actor_name`, identity.everywhere)} or ${mayHold(sql`subject_label`, identity.everywhere)}
       or ${mayHold(sql`summary`, identity.everywhere)} or ${mayHold(sql`before::text`, jsonNeedles)}
       or ${mayHold(sql`after::text`, jsonNeedles)}`);
}

/**
 * Removes the copies of the person's identifying text from the other records and the audit log:
 * in their own rows every one of those texts, elsewhere only those that are theirs alone.
 */
export async function scrubCopies(tx: Executor, identity: Identity): Promise<void> {
  if (identity.needles.length === 0) return;
  const user = sql`${identity.userId}::uuid`;
  const own = textPattern(identity.needles);
  const theirs = textPattern(identity.everywhere);
  for (const [table, columns, owners] of FREE_TEXT) {
    if (owners.length > 0) {
      const owned = sql`(${sql.join(
        owners.map((owner) => sql`${sql.identifier(owner)} = ${user}`),
        sql` or `,
      )})`;
      await scrubFreeText(tx, table, columns, own, identity.needles, owned);
    }
    if (identity.everywhere.length > 0)
      await scrubFreeText(tx, table, columns, theirs, identity.everywhere);
  }
  await scrubAuditLog(tx, identity);
}
