import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, PgBoss } from 'pg-boss';
import { DEFAULT_DELIVERY, DEFAULT_PUSH, type NotificationKind, type QueueName } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../../db/job-queue';
import { rowsOf } from '../../db/rows';
import { pushTermsOf } from './push-terms';

type Executor = Pick<Database, 'execute'>;

/**
 * The channel NOTIFY tells every process on: the ids of the people whose unread count changed, or
 * '*' for many, after the kind of a new notification and '|' when one arrived ('achievement|id,id').
 */
export const LIVE_CHANNEL = 'cosa_notifications';
/** Past this many people one change tells every open tab to ask again, instead of listing them all. */
const LIVE_LIST_MAX = 200;
/** A queue's notification is mailed at most once an hour, however many items arrive meanwhile; the next e-mail tells of them. */
export const QUEUE_MAIL_INTERVAL = sql.raw(`interval '1 hour'`);

/** What one notification says; the text is made from it by notificationTitle (contracts). */
export type NotificationContent = {
  kind: NotificationKind;
  outcome?: string | null;
  subject: string;
  detail?: string | null;
  /** The portal's page of the thing, e.g. '/view-achievements'. */
  link: string;
  announcementId?: string;
  /** The record the notice is about, when a decision about it may be undone. */
  subjectId?: string;
  /** Past this its push is of no use (an event's start): the push service keeps it no longer. */
  pushUntil?: Date;
};

/**
 * Notifies everyone `recipients` selects (a query with one column, user_id), in the caller's
 * transaction: one statement whatever their number. Deactivated accounts are skipped. With a
 * `groupKey`, a person's unread notification of that key counts one more item instead of a new
 * one (and owes a fresh push with the new count). Open tabs hear of it when the transaction
 * commits; an e-mail run is queued with it when someone wants e-mail at once, and a push run when
 * someone with push on for the kind has a device (decision 0042). Resolves to the number notified.
 */
export async function notifyMany(
  tx: Executor,
  recipients: SQL,
  content: NotificationContent,
  groupKey: string | null = null,
): Promise<number> {
  const terms = pushTermsOf(content);
  const [outcome] = rowsOf<{ count: number; mail: number; push: number; payload: string }>(
    await tx.execute(sql`
      with recipients as (${recipients}),
      inserted as (
        insert into notifications (user_id, kind, outcome, subject, detail, link, group_key, announcement_id, subject_id, delivery)
        select r.user_id, ${content.kind}, ${content.outcome ?? null}, ${content.subject}, ${content.detail ?? null}, ${content.link},
               ${groupKey}, ${content.announcementId ?? null}::uuid, ${content.subjectId ?? null}::uuid,
               coalesce(s.deliveries ->> ${content.kind}, ${DEFAULT_DELIVERY[content.kind]})
        from (select distinct user_id from recipients where user_id is not null) r
        join users u on u.id = r.user_id and u.deactivated_at is null
        left join notification_settings s on s.user_id = r.user_id
        on conflict (user_id, group_key) where read_at is null and group_key is not null
        -- Items arriving after the e-mail went out owe another, not before an hour after it.
        do update set item_count = notifications.item_count + 1, created_at = now(), subject = excluded.subject, link = excluded.link,
          emailed_at = null,
          mail_attempts = case when notifications.emailed_at is null then notifications.mail_attempts else 0 end,
          mail_after = case when notifications.emailed_at is null then notifications.mail_after
                            when notifications.emailed_at > now() - ${QUEUE_MAIL_INTERVAL} then notifications.emailed_at + ${QUEUE_MAIL_INTERVAL} end
        returning id, user_id, delivery, emailed_at, mail_after
      ),
      -- A push to each device of those who want this kind pushed, while the session it was made in lasts.
      pushed as (
        insert into push_deliveries (notification_id, subscription_id, topic, urgency, expires_at)
        select i.id, ps.id, ${terms.topic}, ${terms.urgency}, now() + ${terms.ttlSeconds}::int * interval '1 second'
        from inserted i
        join push_subscriptions ps on ps.user_id = i.user_id
        join sessions se on se.id = ps.session_id and se.expires_at > now()
        left join notification_settings ps_s on ps_s.user_id = i.user_id
        where ${terms.ttlSeconds > 0 ? sql`true` : sql`false`}
          and coalesce((ps_s.push ->> ${content.kind})::boolean, ${sql.raw(DEFAULT_PUSH[content.kind] ? 'true' : 'false')})
        on conflict (notification_id, subscription_id)
        do update set attempts = 0, due_at = now(), expires_at = excluded.expires_at
        returning 1
      )
      select count(*)::int as count, (select count(*) from pushed)::int as push,
             (count(*) filter (where delivery = 'instant' and emailed_at is null and (mail_after is null or mail_after <= now())))::int as mail,
             case when count(*) > ${LIVE_LIST_MAX} then '*' else coalesce(string_agg(user_id::text, ','), '') end as payload
      from inserted`),
  );
  if (!outcome || outcome.count === 0) return 0;
  // The kind goes with the ids, so open pages refresh what the notification is about.
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${`${content.kind}|${outcome.payload}`})`);
  if (outcome.mail > 0) await queueRun(tx, JOB_QUEUES.notificationMail.name);
  if (outcome.push > 0) await queueRun(tx, JOB_QUEUES.pushDeliveries.name);
  return outcome.count;
}

/** Notifies one person (a student of a decision about them); nobody when userId is null. */
export async function notifyPerson(
  tx: Executor,
  userId: string | null,
  content: NotificationContent,
): Promise<void> {
  if (!userId) return;
  await notifyMany(tx, sql`select ${userId}::uuid as user_id`, content);
}

/**
 * Tells the officials `recipients` selects that one more item waits in `queue`: one unread
 * notification per official and queue, its count rising with each item.
 */
export async function notifyQueue(
  tx: Executor,
  recipients: SQL,
  queue: QueueName,
  subject: string,
  link: string,
): Promise<void> {
  await notifyMany(tx, recipients, { kind: 'queue', outcome: queue, subject, link }, `queue:${queue}`);
}

/** Queues a run of the e-mail or push sender with the caller's transaction; one waiting run is enough for any number. */
async function queueRun(tx: Executor, queue: string): Promise<void> {
  // pg-boss's Drizzle adapter: the job, and pg-boss's look-up of its queue, go through the transaction.
  // The queue is never started here; it only writes the job.
  const db = fromDrizzle(
    { execute: async (query) => (await tx.execute(query as SQL)) as unknown as { rows: unknown[] } },
    sql,
  );
  await new PgBoss({ db, schema: JOB_SCHEMA }).send(queue, {}, { db });
}

/** Tells open tabs of these people (or, with '*', everyone) to ask for their unread count again. */
export async function announceLive(tx: Executor, userIds: readonly string[] | '*'): Promise<void> {
  const payload = userIds === '*' || userIds.length > LIVE_LIST_MAX ? '*' : userIds.join(',');
  if (payload) await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}
