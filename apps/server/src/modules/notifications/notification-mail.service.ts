import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_DIGEST_HOUR, type NotificationKind } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Mailer } from '../../lib/mailer';
import { zonedParts } from '../../lib/wall-clock';
import { notificationMail, type MailItem, type MailOptions } from './notification-mail-content';

export type { MailOptions } from './notification-mail-content';

/** After this many failed sends a notification's e-mail is given up; the portal still shows it. */
const MAX_MAIL_ATTEMPTS = 8;
/** People whose e-mails one query reads, so that a backlog of thousands never loads at once. */
const PEOPLE_PER_BATCH = 200;
/** One e-mail lists at most this many; it counts the rest. */
const LISTED_MAX = 50;
/** E-mails in flight at once: enough to move a backlog, few enough for any SMTP relay. */
const SENDS_AT_ONCE = 4;

type DueRow = {
  id: string;
  user_id: string;
  email: string;
  deactivated: boolean;
  kind: NotificationKind;
  outcome: string | null;
  subject: string;
  detail: string | null;
  link: string;
  item_count: number;
  created_at: Date | string;
  position: number;
};

/** One person's e-mail of this run: the notifications it is about, each with the count it told of. */
type PersonMail = { userId: string; email: string; deactivated: boolean; rows: DueRow[] };

/** A run in which some e-mails could not be sent; the job queue tries the run again later. */
class MailRunError extends Error {
  constructor(
    readonly sent: number,
    readonly failed: number,
    cause: unknown,
  ) {
    super(`${failed} of ${sent + failed} notification e-mails could not be sent`, { cause });
    this.name = 'MailRunError';
  }
}

const due = (delivery: 'instant' | 'digest') =>
  sql`n.delivery = ${delivery} and n.emailed_at is null and n.mail_attempts < ${MAX_MAIL_ATTEMPTS}`;

/**
 * The next people (by id, after `after`) with e-mail due that `who` admits, and what is due to each,
 * newest first; past LISTED_MAX only what marking needs is read.
 */
async function nextBatch(db: Database, delivery: 'instant' | 'digest', who: SQL, after: string | null): Promise<PersonMail[]> {
  const rows = rowsOf<DueRow>(
    await db.execute(sql`
      with people as (
        select distinct n.user_id from notifications n
        where ${due(delivery)} and ${who} ${after ? sql`and n.user_id > ${after}::uuid` : sql``}
        order by n.user_id limit ${PEOPLE_PER_BATCH}
      ),
      owed as (
        select n.*, row_number() over (partition by n.user_id order by n.created_at desc, n.id desc)::int as position
        from notifications n join people p on p.user_id = n.user_id
        where ${due(delivery)}
      )
      select o.id, o.user_id, u.email, u.deactivated_at is not null as deactivated, o.kind, o.outcome, o.item_count, o.created_at, o.position,
             case when o.position <= ${LISTED_MAX} then o.subject else '' end as subject,
             case when o.position <= ${LISTED_MAX} then o.detail end as detail,
             case when o.position <= ${LISTED_MAX} then o.link else '' end as link
      from owed o join users u on u.id = o.user_id
      order by o.user_id, o.position`),
  );
  const people: PersonMail[] = [];
  for (const row of rows) {
    const last = people.at(-1);
    if (last?.userId === row.user_id) last.rows.push(row);
    else people.push({ userId: row.user_id, email: row.email, deactivated: row.deactivated, rows: [row] });
  }
  return people;
}

// Both as one array parameter each, so that marking a thousand rows is still one short statement.
const uuidArray = (rows: DueRow[]) => `{${rows.map((row) => row.id).join(',')}}`;
const intArray = (rows: DueRow[]) => `{${rows.map((row) => row.item_count).join(',')}}`;

/**
 * Marks exactly the rows an e-mail told of as e-mailed. A queue's notification whose count rose
 * while the e-mail went out keeps owing one, for the items it did not tell of.
 */
async function markEmailed(db: Database, rows: DueRow[]): Promise<void> {
  await db.execute(sql`
    update notifications n set emailed_at = now()
    from unnest(${uuidArray(rows)}::uuid[], ${intArray(rows)}::int[]) as m(id, item_count)
    where n.id = m.id and n.item_count = m.item_count and n.emailed_at is null`);
}

async function countFailedAttempt(db: Database, rows: DueRow[]): Promise<void> {
  await db.execute(sql`
    update notifications set mail_attempts = mail_attempts + 1
    where id = any(${uuidArray(rows)}::uuid[]) and emailed_at is null`);
}

const itemOf = (row: DueRow): MailItem => ({
  kind: row.kind,
  outcome: row.outcome,
  subject: row.subject,
  detail: row.detail,
  link: row.link,
  itemCount: row.item_count,
  createdAt: new Date(row.created_at),
});

type RunOutcome = { sent: number; failed: number; firstError: unknown };

/**
 * Sends one e-mail to each person `who` admits for what `delivery` owes them, batch after batch
 * until nobody is left. A failed send counts an attempt on its rows and the run goes on with the
 * others. Deactivated accounts are owed no e-mail: their rows are marked as settled, unsent, so
 * that a reactivated account is not sent a backlog.
 */
async function run(db: Database, mailer: Mailer, options: MailOptions, delivery: 'instant' | 'digest', who: SQL): Promise<RunOutcome> {
  const outcome: RunOutcome = { sent: 0, failed: 0, firstError: undefined };
  // Keyset over people: those failed in this run are not tried again until the next one.
  let after: string | null = null;
  for (;;) {
    const people = await nextBatch(db, delivery, who, after);
    if (people.length === 0) return outcome;
    after = people.at(-1)!.userId;
    for (let start = 0; start < people.length; start += SENDS_AT_ONCE) {
      await Promise.all(people.slice(start, start + SENDS_AT_ONCE).map((person) => deliver(db, mailer, options, delivery, person, outcome)));
    }
  }
}

async function deliver(db: Database, mailer: Mailer, options: MailOptions, delivery: 'instant' | 'digest', person: PersonMail, outcome: RunOutcome): Promise<void> {
  if (person.deactivated) {
    await markEmailed(db, person.rows);
    return;
  }
  const listed = person.rows.filter((row) => row.position <= LISTED_MAX);
  const message = notificationMail(options, {
    userId: person.userId,
    email: person.email,
    items: listed.map(itemOf),
    more: person.rows.length - listed.length,
    digest: delivery === 'digest',
  });
  try {
    await mailer.send(message);
  } catch (error) {
    outcome.failed += 1;
    outcome.firstError ??= error;
    await countFailedAttempt(db, person.rows);
    return;
  }
  outcome.sent += 1;
  await markEmailed(db, person.rows);
}

/**
 * Sends what is owed at once: one e-mail per person per run, whatever their number of
 * notifications. Resolves to the count sent; throws MailRunError once the run is over when any
 * send failed, so that the job queue tries again with backoff (each notification at most
 * MAX_MAIL_ATTEMPTS times).
 */
export async function deliverDueMail(db: Database, mailer: Mailer, options: MailOptions): Promise<{ sent: number; failed: number }> {
  const { sent, failed, firstError } = await run(db, mailer, options, 'instant', sql`true`);
  if (failed > 0) throw new MailRunError(sent, failed, firstError);
  return { sent, failed };
}

/**
 * Sends the daily digests due at `now`: to each person whose digest hour (institute time; the
 * default until they choose) is the hour of `now`, one e-mail of every digest notification not yet
 * e-mailed, newest first. People with nothing owed get nothing. Resolves to the number sent;
 * throws MailRunError when any send failed.
 */
export async function sendDueDigests(db: Database, mailer: Mailer, options: MailOptions, now: Date): Promise<number> {
  const hour = Number(zonedParts(now, options.timeZone).hour);
  const atHour = sql`coalesce((select s.digest_hour from notification_settings s where s.user_id = n.user_id), ${DEFAULT_DIGEST_HOUR}) = ${hour}`;
  const { sent, failed, firstError } = await run(db, mailer, options, 'digest', atHour);
  if (failed > 0) throw new MailRunError(sent, failed, firstError);
  return sent;
}
