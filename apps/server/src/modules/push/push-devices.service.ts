import { createECDH } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  PUSH_DEVICES_MAX,
  PUSH_MESSAGES,
  type PushDevice,
  type PushSubscriptionRequest,
} from '@cosa/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { deviceLabel } from './device-label';
import { pushEndpointRefusal } from './push-endpoint.policy';
import { vapidDetails } from './push-keys.service';
import { sendPush } from './push-sender';

/**
 * A push address as one string whatever its spelling (the host's case, a default port, an empty
 * user part): one device is one row, and removal by address finds it however the client writes it.
 */
const normalEndpoint = (endpoint: string): string => {
  try {
    return new URL(endpoint).href;
  } catch {
    return endpoint;
  }
};

/** Who asks: the signed-in person and the session of the request. */
export type PushCaller = { userId: string; sessionId: string };

/** True when the bytes are a point of P-256, which every message to the device is encrypted for. */
function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    // OpenSSL refuses a point that is not on the curve.
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

const DEVICE_COLUMNS = (sessionId: string) => ({
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  createdAt: pushSubscriptions.createdAt,
  lastSuccessAt: pushSubscriptions.lastSuccessAt,
  thisDevice: sql<boolean>`${pushSubscriptions.sessionId} = ${sessionId}::uuid`,
});

type DeviceRow = {
  id: string;
  label: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
  thisDevice: boolean;
};

const toDevice = (row: DeviceRow): PushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt ? row.lastSuccessAt.toISOString() : null,
  thisDevice: row.thisDevice,
});

/**
 * Turns push on for the device of this browser subscription, in the caller's session (decision
 * 0042). Subscribing the same push address again renews it; a push address another person had
 * (a shared phone) moves to the caller, without what was still owed to the other. Past
 * PUSH_DEVICES_MAX devices the oldest goes. Only push services PUSH_SERVICE_HOSTS lists are taken.
 */
export async function subscribe(
  db: Database,
  config: Pick<Config, 'PUSH_SERVICE_HOSTS'>,
  caller: PushCaller,
  subscription: PushSubscriptionRequest,
  userAgent: string | undefined,
): Promise<PushDevice> {
  const refusal = pushEndpointRefusal(subscription.endpoint, config.PUSH_SERVICE_HOSTS);
  if (refusal) throw AppError.badRequest(refusal, { endpoint: refusal });
  if (!isP256Point(subscription.keys.p256dh))
    throw AppError.badRequest(PUSH_MESSAGES.p256dhInvalid, {
      'keys.p256dh': PUSH_MESSAGES.p256dhInvalid,
    });
  const values = {
    userId: caller.userId,
    sessionId: caller.sessionId,
    endpoint: normalEndpoint(subscription.endpoint),
    p256dh: subscription.keys.p256dh.replace(/=+$/, ''),
    auth: subscription.keys.auth.replace(/=+$/, ''),
    label: deviceLabel(userAgent),
  };
  return db.transaction(async (tx) => {
    // One subscribe of an address, and of a person, at a time: two at once would race for the row
    // and for the count of devices. The address first, then the person, in every transaction.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('push:endpoint'), hashtext(${values.endpoint}))`,
    );
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('push:user'), hashtext(${caller.userId}))`,
    );
    // A session signed out meanwhile takes no device (and keeps it from ending until this commits).
    const live = await tx.execute(
      sql`select 1 from sessions where id = ${caller.sessionId}::uuid and expires_at > now() for share`,
    );
    if (rowsOf(live).length === 0) throw AppError.unauthenticated();
    // Another person's device until now: it starts afresh as the caller's.
    await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, values.endpoint),
          sql`${pushSubscriptions.userId} <> ${caller.userId}::uuid`,
        ),
      );
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: values.userId,
          sessionId: values.sessionId,
          p256dh: values.p256dh,
          auth: values.auth,
          label: values.label,
          lastUsedAt: sql`now()`,
        },
      })
      .returning({ id: pushSubscriptions.id });
    // Two people subscribing one address at once: whatever the other was owed stays theirs, unsent.
    await tx.execute(sql`
      delete from push_deliveries d using notifications n
      where d.subscription_id = ${row!.id}::uuid and n.id = d.notification_id and n.user_id <> ${caller.userId}::uuid`);
    // The device just subscribed is the newest whatever its transaction's start time.
    await tx.execute(sql`
      delete from push_subscriptions where user_id = ${caller.userId}::uuid and id not in (
        select id from push_subscriptions where user_id = ${caller.userId}::uuid
        order by id = ${row!.id}::uuid desc, created_at desc, id desc limit ${PUSH_DEVICES_MAX})`);
    const [device] = await tx
      .select(DEVICE_COLUMNS(caller.sessionId))
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, row!.id));
    return toDevice(device!);
  });
}

/** The caller's devices with push on, newest first, the one of this session marked. */
export async function listDevices(db: Database, caller: PushCaller): Promise<PushDevice[]> {
  const rows = await db
    .select(DEVICE_COLUMNS(caller.sessionId))
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, caller.userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map(toDevice);
}

/** Turns push off for the device of this push address; another person's address is not found. */
export async function unsubscribe(db: Database, userId: string, endpoint: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, normalEndpoint(endpoint)),
        eq(pushSubscriptions.userId, userId),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw AppError.notFound(PUSH_MESSAGES.notSubscribed);
}

/** Removes one of the caller's devices; another person's is not found. */
export async function removeDevice(db: Database, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw AppError.notFound(PUSH_MESSAGES.notFound);
}

/**
 * Sends a test notification to one of the caller's devices at once (not through the queue: the
 * person waits for the answer). A push service that says the device is gone removes it.
 */
export async function sendTestPush(
  db: Database,
  config: Pick<Config, 'PUSH_SERVICE_HOSTS' | 'mailFrom' | 'publicUrl' | 'INSTITUTE_SHORT_NAME'>,
  userId: string,
  id: string,
): Promise<void> {
  const [device] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .limit(1);
  if (!device) throw AppError.notFound(PUSH_MESSAGES.notFound);
  const outcome = await sendPush(
    device,
    {
      title: 'Test notification',
      body: `Push notifications from the ${config.INSTITUTE_SHORT_NAME} COSA Portal work on this device.`,
      url: '/notifications/settings',
      tag: 'test',
    },
    // A test is of use only now.
    { ttlSeconds: 60, topic: 'test', urgency: 'high' },
    await vapidDetails(db, config),
    config.PUSH_SERVICE_HOSTS,
  );
  const stamp = outcome.kind === 'sent' ? { lastSuccessAt: sql`now()` } : {};
  switch (outcome.kind) {
    case 'sent':
    case 'retry':
    case 'refused':
      await db
        .update(pushSubscriptions)
        .set({ lastUsedAt: sql`now()`, ...stamp })
        .where(eq(pushSubscriptions.id, id));
      break;
    case 'gone':
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      throw AppError.notFound(PUSH_MESSAGES.gone);
  }
  if (outcome.kind === 'retry')
    throw new AppError(502, ERROR_CODES.unavailable, PUSH_MESSAGES.unreachable);
  if (outcome.kind === 'refused')
    throw new AppError(502, ERROR_CODES.unavailable, PUSH_MESSAGES.refused);
}
