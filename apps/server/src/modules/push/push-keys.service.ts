import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { serverSecrets } from '../../db/schema/index';

/** The portal's VAPID key pair (RFC 8292), base64url: the public half is every subscription's applicationServerKey. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** The VAPID details a push is signed with: the keys and whom the push service may contact. */
export type VapidDetails = VapidKeys & { subject: string };

const SECRET_NAME = 'web-push-vapid';

const known = new WeakMap<Database, VapidKeys>();

function parsed(value: string): VapidKeys {
  const keys = JSON.parse(value) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`the stored ${SECRET_NAME} keys are not a key pair`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * The VAPID keys, made on first use and kept in the database like the other server secrets, so
 * that every process signs with the same pair: processes starting together each offer a pair and
 * all read back the one that was stored first. They never change: a new pair would leave every
 * browser's subscription made with the old one unusable.
 */
export async function vapidKeys(db: Database): Promise<VapidKeys> {
  const cached = known.get(db);
  if (cached) return cached;
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(webPush.generateVAPIDKeys()) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME))
    .limit(1);
  const keys = parsed(row!.value);
  known.set(db, keys);
  return keys;
}

/**
 * Whom a push service may write to about the portal's pushes: the address the portal's e-mail
 * comes from, or its public https address when that is no e-mail address.
 */
function vapidSubject(config: Pick<Config, 'mailFrom' | 'publicUrl'>): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  if (/^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/.test(address)) return `mailto:${address}`;
  return config.publicUrl.startsWith('https:') ? config.publicUrl : 'mailto:no-reply@localhost';
}

/** The keys and subject of this portal's pushes. */
export async function vapidDetails(
  db: Database,
  config: Pick<Config, 'mailFrom' | 'publicUrl'>,
): Promise<VapidDetails> {
  return { ...(await vapidKeys(db)), subject: vapidSubject(config) };
}
