import { sql, type SQL } from 'drizzle-orm';
import { ERASED_ACCOUNT_NAME } from '@cosa/contracts';
import type { Database } from '../../db/client';

type Executor = Pick<Database, 'execute'>;

/** What identified the person: the texts an erasure looks for in copies elsewhere. */
export type Identity = {
  userId: string;
  /** Names, e-mail, username, student id, phone: each at least three characters. */
  needles: string[];
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
function textPattern(identity: Identity): string {
  return identity.needles.map(needlePattern).join('|');
}

/** The same as they appear inside JSON text (quotes and backslashes escaped). */
function jsonPattern(identity: Identity): string {
  return identity.needles.map((needle) => needlePattern(JSON.stringify(needle).slice(1, -1))).join('|');
}

/**
 * The free text of other records where someone may have written the person's name, e-mail, phone
 * or student id (a notification to a coordinator, a feedback comment, a claim's payee, an event's
 * description...). Each is searched whole: a copy is a copy wherever it is.
 */
const FREE_TEXT: ReadonlyArray<readonly [table: string, columns: readonly string[]]> = [
  ['notifications', ['subject', 'detail']],
  ['activity_log', ['description']],
  ['feedback', ['comments', 'actions_taken']],
  ['announcements', ['title', 'body']],
  ['events', ['title', 'description', 'venue']],
  ['club_pages', ['tagline', 'about', 'contact', 'how_to_join']],
  ['org_units', ['description', 'contact_email']],
  ['club_join_requests', ['answer', 'reason']],
  ['club_memberships', ['end_reason']],
  ['position_holders', ['feedback', 'decline_reason']],
  ['achievements', ['title', 'description', 'position', 'decline_reason']],
  ['user_skills', ['decline_reason']],
  ['submission_history', ['reason']],
  ['election_candidates', ['manifesto', 'reason']],
  ['elections', ['title', 'description']],
  ['expense_claims', ['payee', 'description', 'payment_reference']],
  ['claim_steps', ['reason', 'reference']],
  ['room_bookings', ['description', 'decision_note']],
  ['fact_corrections', ['current_value', 'requested_value', 'reason', 'decision_reason']],
  ['student_id_conflicts', ['resolution']],
  ['issued_credentials', ['revocation_note']],
];

/** Replaces the needles in the named columns of every row holding one, in one statement per table. */
async function scrubFreeText(
  tx: Executor,
  table: string,
  columns: readonly string[],
  pattern: string,
  needles: readonly string[],
) {
  const label = ERASED_ACCOUNT_NAME;
  const sets = columns.map(
    (column) =>
      sql`${sql.identifier(column)} = case when ${sql.identifier(column)} ~* ${pattern} then regexp_replace(${sql.identifier(column)}, ${pattern}, ${label}, 'gi') else ${sql.identifier(column)} end`,
  );
  const matches = columns.map((column) => mayHold(sql`${sql.identifier(column)}`, needles));
  await tx.execute(
    sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ${sql.join(matches, sql` or `)}`,
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
  await tx.execute(sql`
    update audit_log set
      actor_name = case when actor_id = ${user} then ${label} else actor_name end,
      subject_label = case when subject_id = ${user} then ${label} else subject_label end,
      before = case when subject_id = ${user} then before - ${keys} else before end,
      after = case when subject_id = ${user} then after - ${keys} else after end
    where actor_id = ${user} or subject_id = ${user}`);
  const text = textPattern(identity);
  const json = jsonPattern(identity);
  const jsonNeedles = identity.needles.map((needle) => JSON.stringify(needle).slice(1, -1));
  const replaced = (column: SQL, pattern: string) =>
    sql`case when ${column} ~* ${pattern} then regexp_replace(${column}, ${pattern}, ${label}, 'gi') else ${column} end`;
  await tx.execute(sql`
    update audit_log set
      actor_name = ${replaced(sql`actor_name`, text)},
      subject_label = ${replaced(sql`subject_label`, text)},
      summary = ${replaced(sql`summary`, text)},
      before = (${replaced(sql`before::text`, json)})::jsonb,
      after = (${replaced(sql`after::text`, json)})::jsonb
    where ${mayHold(sql`actor_name`, identity.needles)} or ${mayHold(sql`subject_label`, identity.needles)}
       or ${mayHold(sql`summary`, identity.needles)} or ${mayHold(sql`before::text`, jsonNeedles)}
       or ${mayHold(sql`after::text`, jsonNeedles)}`);
}

/** Removes every copy of the person's identifying text from the other records and the audit log. */
export async function scrubCopies(tx: Executor, identity: Identity): Promise<void> {
  if (identity.needles.length === 0) return;
  const pattern = textPattern(identity);
  for (const [table, columns] of FREE_TEXT)
    await scrubFreeText(tx, table, columns, pattern, identity.needles);
  await scrubAuditLog(tx, identity);
}
