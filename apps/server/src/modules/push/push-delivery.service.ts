import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@cosa/contracts';
import type { PushServiceHost } from '../../config';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { pushMessageOf } from './push-message';
import type { VapidDetails } from './push-keys.service';
import { sendPush, type PushHeaders, type PushOutcome } from './push-sender';

/** What the push sender needs of the installation. */
export type PushRunOptions = {
  vapid: VapidDetails;
  hosts: readonly PushServiceHost[];
  instituteShortName: string;
};

/**
 * After this many failed tries a push is given up (the notification stays in the portal). Each
 * failure waits twice as long as the last (1, 2, 4 … minutes, at most an hour): about six hours of
 * trying, within the message's own time to live.
 */
export const MAX_PUSH_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** A Retry-After longer than this is not waited for in full. */
const LONGEST_RETRY_AFTER_MS = 6 * 60 * 60_000;
/** Pushes one query claims; SENDS_AT_ONCE are in flight at a time, each slot taking the next as soon as it is free. */
const BATCH = 64;
const SENDS_AT_ONCE = 32;
/**
 * A run claims no more after this long, so that a push service that hangs cannot hold one run (and
 * every push queued behind it) for long; the rest go with the next run, at most a minute later.
 */
const RUN_CLAIMS_FOR_MS = 60_000;
/** How often a free slot looks for new pushes while others are still sending. */
const IDLE_LOOK_MS = 250;
/**
 * A claimed push is not claimed again for this long: longer than a batch's sends can take (64 / 32
 * × 10 s), so two runs never send it twice, and a process that died holding it lets it go.
 */
const LEASE = sql.raw(`interval '2 minutes'`);

/** What a run did: pushes sent, devices found gone, pushes put off, given up, and dropped unsent. */
export type PushRunOutcome = {
  sent: number;
  gone: number;
  retried: number;
  givenUp: number;
  refused: number;
  /** Why the first push of the run was put off, and why the first was refused: each logged with its own count. */
  retryReason: string | undefined;
  refusalReason: string | undefined;
};

type ClaimedRow = {
  notification_id: string;
  subscription_id: string;
  topic: string | null;
  urgency: PushHeaders['urgency'];
  attempts: number;
  ttl: number;
  expires_in_ms: number;
  kind: NotificationKind;
  outcome: string | null;
  subject: string;
  detail: string | null;
  link: string;
  item_count: number;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/** The tag and Topic of a push: its delivery's topic, or the notification's own id (32 hex digits). */
const topicOfDelivery = (topic: string | null, notificationId: string) =>
  topic ?? notificationId.replaceAll('-', '');

/**
 * Drops the due pushes that are of no use any more: their time to live ran out, the person read
 * the notification meanwhile, a newer push of the same topic waits for the same device (it would
 * replace this one at the push service, and must not arrive before it), or the session their
 * device was subscribed in ended.
 */
async function dropStale(db: Database): Promise<void> {
  await db.execute(sql`
    delete from push_deliveries d
    where d.due_at <= now() and (
      d.expires_at <= now()
      or exists (select 1 from notifications n where n.id = d.notification_id and n.read_at is not null)
      or (d.topic is not null and exists (
        select 1 from push_deliveries newer
        where newer.subscription_id = d.subscription_id and newer.topic = d.topic and newer.created_at > d.created_at))
      or not exists (
        select 1 from push_subscriptions ps join sessions se on se.id = ps.session_id
        where ps.id = d.subscription_id and se.expires_at > now()))`);
}

/** Claims the next due pushes (leasing them for LEASE) with what each needs to be sent. */
async function claim(db: Database): Promise<ClaimedRow[]> {
  return rowsOf<ClaimedRow>(
    await db.execute(sql`
      with due as (
        select notification_id, subscription_id from push_deliveries
        -- First tries before retries: a push service that keeps failing never delays anyone else's first push.
        where due_at <= now() order by attempts, due_at limit ${BATCH} for update skip locked
      ),
      claimed as (
        update push_deliveries d set due_at = now() + ${LEASE}
        from due where d.notification_id = due.notification_id and d.subscription_id = due.subscription_id
        returning d.notification_id, d.subscription_id, d.topic, d.urgency, d.attempts, d.expires_at
      )
      select c.notification_id, c.subscription_id, c.topic, c.urgency, c.attempts,
             greatest(0, floor(extract(epoch from c.expires_at - now())))::int as ttl,
             greatest(0, floor(extract(epoch from c.expires_at - now()) * 1000))::float8 as expires_in_ms,
             n.kind, n.outcome, n.subject, n.detail, n.link, n.item_count,
             ps.endpoint, ps.p256dh, ps.auth
      from claimed c
      join notifications n on n.id = c.notification_id
      join push_subscriptions ps on ps.id = c.subscription_id`),
  );
}

const key = (row: ClaimedRow) =>
  sql`notification_id = ${row.notification_id}::uuid and subscription_id = ${row.subscription_id}::uuid`;

/** How long a push waits after its `attempts`-th failure. */
function retryDelayMs(attempts: number, askedMs: number | null): number {
  const backoff = Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
  return Math.max(backoff, Math.min(askedMs ?? 0, LONGEST_RETRY_AFTER_MS));
}

/** Records what the push service answered: the only place a subscription is ever ended is a 404 or 410 here. */
async function settle(
  db: Database,
  row: ClaimedRow,
  outcome: PushOutcome,
  run: PushRunOutcome,
): Promise<void> {
  switch (outcome.kind) {
    case 'sent':
      run.sent += 1;
      // A queue's count that rose while this went out owes a push with the new count (notifyMany set it due).
      await db.execute(sql`
        delete from push_deliveries d where ${key(row)}
          and not exists (select 1 from notifications n where n.id = d.notification_id and n.item_count <> ${row.item_count})`);
      await db.execute(sql`
        update push_subscriptions set last_success_at = now(), last_used_at = now()
        where id = ${row.subscription_id}::uuid`);
      return;
    case 'gone':
      run.gone += 1;
      await db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}::uuid`);
      return;
    case 'refused':
      run.refused += 1;
      run.refusalReason ??= outcome.reason;
      await db.execute(sql`delete from push_deliveries where ${key(row)}`);
      return;
    case 'retry': {
      run.retryReason ??= outcome.reason;
      const attempts = row.attempts + 1;
      const waitMs = retryDelayMs(attempts, outcome.retryAfterMs);
      // Past its last try, or a try that would come after its time to live: given up.
      if (attempts >= MAX_PUSH_ATTEMPTS || waitMs >= row.expires_in_ms) {
        run.givenUp += 1;
        await db.execute(sql`delete from push_deliveries where ${key(row)}`);
      } else {
        run.retried += 1;
        await db.execute(sql`
          update push_deliveries set attempts = ${attempts},
            due_at = now() + ${waitMs}::float8 * interval '1 millisecond'
          where ${key(row)}`);
      }
      await db.execute(
        sql`update push_subscriptions set last_used_at = now() where id = ${row.subscription_id}::uuid`,
      );
    }
  }
}

async function deliver(db: Database, options: PushRunOptions, row: ClaimedRow, run: PushRunOutcome) {
  const topic = topicOfDelivery(row.topic, row.notification_id);
  const message = pushMessageOf(
    {
      kind: row.kind,
      outcome: row.outcome,
      subject: row.subject,
      detail: row.detail,
      link: row.link,
      itemCount: row.item_count,
    },
    topic,
    options.instituteShortName,
  );
  const outcome =
    row.ttl <= 0
      ? ({ kind: 'refused', status: null, reason: 'its time to live ran out' } as const)
      : await sendPush(
          row,
          message,
          { ttlSeconds: row.ttl, topic, urgency: row.urgency },
          options.vapid,
          options.hosts,
        );
  await settle(db, row, outcome, run);
}

/**
 * Sends every push that is due, batch after batch until none is left or the run has claimed for
 * RUN_CLAIMS_FOR_MS (decision 0042). A failed
 * send does not fail the run: its push waits, longer after each failure, and a later run (every
 * minute) tries again; a device whose push service answers 404 or 410 is removed.
 */
export async function deliverDuePushes(db: Database, options: PushRunOptions): Promise<PushRunOutcome> {
  const run: PushRunOutcome = {
    sent: 0,
    gone: 0,
    retried: 0,
    givenUp: 0,
    refused: 0,
    retryReason: undefined,
    refusalReason: undefined,
  };
  const claimUntil = Date.now() + RUN_CLAIMS_FOR_MS;
  // Claimed and not yet sent; every free slot takes the next, and claims more when none is left.
  const pending: ClaimedRow[] = [];
  let refilling: Promise<void> | undefined;
  let inFlight = 0;
  const refill = () =>
    (refilling ??= (async () => {
      await dropStale(db);
      pending.push(...(await claim(db)));
    })().finally(() => {
      refilling = undefined;
    }));
  // A push service that hangs holds one slot: the others go on sending, and claiming what arrives
  // meanwhile, as long as any send is under way; the run ends when nothing is due and nothing is in flight.
  const slot = async () => {
    while (Date.now() < claimUntil) {
      if (pending.length === 0) await refill();
      const row = pending.shift();
      if (!row) {
        if (inFlight === 0) return;
        await new Promise((resolve) => setTimeout(resolve, IDLE_LOOK_MS));
        continue;
      }
      inFlight += 1;
      try {
        await deliver(db, options, row, run);
      } finally {
        inFlight -= 1;
      }
    }
  };
  await Promise.all(Array.from({ length: SENDS_AT_ONCE }, slot));
  return run;
}
