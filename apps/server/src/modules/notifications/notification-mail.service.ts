import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_DIGEST_HOUR, type NotificationKind } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Mailer } from '../../lib/mailer';
import { zonedParts } from '../../lib/wall-clock';
import { notificationMail, type MailItem, type MailOptions } from './notification-mail-content';
import { QUEUE_MAIL_INTERVAL } from './notify.service';

export type { MailOptions } from './notification-mail-content';

/**
 * After this many failed sends a notification's e-mail is given up (the portal still shows it).
 * Each failure makes it wait twice as long as the last (1, 2, 4 ... minutes, at most 6 hours), so
 * the last try comes about three days after the first: a mail server down for a weekend loses nothing.
 */
export const MAX_MAIL_ATTEMPTS = 20;
const FIRST_RETRY_MINUTES = 1;
const LONGEST_RETRY = sql.raw(`interval '6 hours'`);
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

/** What a run did: e-mails sent, e-mails that failed (each tried again later), notifications given up for good. */
export type MailRunOutcome = { sent: number; failed: number; givenUp: number; firstError: unknown };

/** One person's e-mail of this run: the notifications it is about, each with the count it told of. */
type PersonMail = { userId: string; email: string; deactivated: boolean; rows: DueRow[] };

const due = (delivery: 'instant' | 'digest') =>
  sql`n.delivery = ${delivery} and n.emailed_at is null and n.mail_attempts < ${MAX_MAIL_ATTEMPTS} and (n.mail_after is null or n.mail_after <= now())`;

/**
 * The next people (by id, after `after`) with e-mail due that `who` admits, and what is due to each,
 * newest first; past LISTED_MAX only what marking needs is read.
 */
async function nextBatch(
  db: Database,
  delivery: 'instant' | 'digest',
  who: SQL,
  after: string | null,
): Promise<PersonMail[]> {
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
    else
      people.push({ userId: row.user_id, email: row.email, deactivated: row.deactivated, rows: [row] });
  }
  return people;
}

// Both as one array parameter each, so that marking a thousand rows is still one short statement.
const uuidArray = (rows: DueRow[]) => `{${rows.map((row) => row.id).join(',')}}`;
const intArray = (rows: DueRow[]) => `{${rows.map((row) => row.item_count).join(',')}}`;

/**
 * Marks the rows an e-mail told of as e-mailed. A queue's notification whose count rose while the
 * e-mail went out still owes one for the items it did not tell of, due an hour later like any
 * queue's next e-mail.
 */
async function markEmailed(db: Database, rows: DueRow[]): Promise<void> {
  await db.execute(sql`
    update notifications n
    set emailed_at = case when n.item_count = m.item_count then now() end,
        mail_after = case when n.item_count = m.item_count then n.mail_after else now() + ${QUEUE_MAIL_INTERVAL} end,
        mail_attempts = 0
    from unnest(${uuidArray(rows)}::uuid[], ${intArray(rows)}::int[]) as m(id, item_count)
    where n.id = m.id and n.emailed_at is null`);
}

/** Counts a failed send on the rows and puts their next try off; resolves to how many were given up for good. */
async function countFailedAttempt(db: Database, rows: DueRow[]): Promise<number> {
  const [outcome] = rowsOf<{ given_up: number }>(
    await db.execute(sql`
      with failed as (
        update notifications
        set mail_attempts = mail_attempts + 1,
            mail_after = now() + least(interval '1 minute' * ${FIRST_RETRY_MINUTES} * power(2, mail_attempts), ${LONGEST_RETRY})
        where id = any(${uuidArray(rows)}::uuid[]) and emailed_at is null
        returning mail_attempts
      )
      select (count(*) filter (where mail_attempts >= ${MAX_MAIL_ATTEMPTS}))::int as given_up from failed`),
  );
  return outcome?.given_up ?? 0;
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

/**
 * Sends one e-mail to each person `who` admits for what `delivery` owes them, batch after batch
 * until nobody is left. A failed send counts an attempt on its rows and the run goes on with the
 * others. Deactivated accounts are owed no e-mail: their rows are marked as settled, unsent, so
 * that a reactivated account is not sent a backlog.
 */
async function run(
  db: Database,
  mailer: Mailer,
  options: MailOptions,
  delivery: 'instant' | 'digest',
  who: SQL,
): Promise<MailRunOutcome> {
  const outcome: MailRunOutcome = { sent: 0, failed: 0, givenUp: 0, firstError: undefined };
  // Keyset over people: those failed in this run are not tried again until the next one.
  let after: string | null = null;
  for (;;) {
    const people = await nextBatch(db, delivery, who, after);
    if (people.length === 0) return outcome;
    after = people.at(-1)!.userId;
    for (let start = 0; start < people.length; start += SENDS_AT_ONCE) {
      await Promise.all(
        people
          .slice(start, start + SENDS_AT_ONCE)
          .map((person) => deliver(db, mailer, options, delivery, person, outcome)),
      );
    }
  }
}

async function deliver(
  db: Database,
  mailer: Mailer,
  options: MailOptions,
  delivery: 'instant' | 'digest',
  person: PersonMail,
  outcome: MailRunOutcome,
): Promise<void> {
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
    outcome.givenUp += await countFailedAttempt(db, person.rows);
    return;
  }
  outcome.sent += 1;
  await markEmailed(db, person.rows);
}

/**
 * Sends what is owed at once: one e-mail per person per run, whatever their number of
 * notifications. A failed send does not fail the run: its notifications wait (longer after each
 * failure) and a later run sends them, so a mail server that is down holds up nobody else's mail.
 */
export async function deliverDueMail(
  db: Database,
  mailer: Mailer,
  options: MailOptions,
): Promise<MailRunOutcome> {
  return run(db, mailer, options, 'instant', sql`true`);
}

/**
 * Sends the daily digests due at `now`: to each person whose digest hour (institute time; the
 * default until they choose) is the hour of `now`, one e-mail of every digest notification not yet
 * e-mailed, newest first; and again any digest whose send failed, once its wait is over. People
 * with nothing owed get nothing.
 */
export async function sendDueDigests(
  db: Database,
  mailer: Mailer,
  options: MailOptions,
  now: Date,
): Promise<MailRunOutcome> {
  const hour = Number(zonedParts(now, options.timeZone).hour);
  const atHour = sql`(n.mail_attempts > 0 or coalesce((select s.digest_hour from notification_settings s where s.user_id = n.user_id), ${DEFAULT_DIGEST_HOUR}) = ${hour})`;
  return run(db, mailer, options, 'digest', atHour);
}
