import { createHash, randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { base64url, SignJWT } from 'jose';
import { STATUS_LIST_SIZE } from '@cosa/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { credentialStatusLists, issuedCredentials } from '../../db/schema/index';
import { activeSigningKey, issuerIdOf, keyIdOf, SIGNING_ALG } from './signing-keys.service';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/**
 * How full a list gets before the next one opens: entries are drawn at random among the free
 * ones, and a list three quarters full still finds one in a few draws.
 */
const FILL_LIMIT = (STATUS_LIST_SIZE * 3) / 4;
const MAX_DRAWS = 200;
/** How long a verifier may keep a list before fetching it again (the Bitstring Status List ttl, ms). */
export const STATUS_LIST_TTL_MS = 300_000;

/** The public address of a status list: stable, named by every credential that points into it. */
const statusListUrlOf = (config: Pick<Config, 'publicUrl'>, list: number): string =>
  `${config.publicUrl}/api/issuer/status-lists/${list}`;

/** What a new credential records about its place in the status lists. */
export type StatusEntry = { credentialId: string; list: number; index: number };

/** The credentialStatus a credential carries: its own entry in a revocation list. */
export function credentialStatusOf(config: Pick<Config, 'publicUrl'>, entry: StatusEntry) {
  const list = statusListUrlOf(config, entry.list);
  return {
    id: `${list}#${entry.index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(entry.index),
    statusListCredential: list,
  };
}

/** Counts one more entry on the newest list with room, opening the next list when it is full. */
async function listWithRoom(tx: Executor): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // The counter's row lock makes issuers on one list take turns, so no two draw at the same moment.
    const [row] = await tx
      .update(credentialStatusLists)
      .set({ allocated: sql`${credentialStatusLists.allocated} + 1` })
      .where(
        and(
          eq(credentialStatusLists.id, sql`(select max(id) from ${credentialStatusLists})`),
          lt(credentialStatusLists.allocated, FILL_LIMIT),
        ),
      )
      .returning({ id: credentialStatusLists.id });
    if (row) return row.id;
    await tx
      .insert(credentialStatusLists)
      .values({ id: sql`coalesce((select max(id) from ${credentialStatusLists}), 0) + 1` })
      .onConflictDoNothing();
  }
  throw new Error('no status list with room could be found');
}

/**
 * Records a new credential with an entry of its own, drawn at random from the free entries of a
 * list (a sequential index would tell a verifier when, and next to whom, it was issued). The
 * unique key on (list, entry) is the last word: a taken entry is drawn again, never shared.
 */
export async function recordIssue(
  tx: Executor,
  credential: { userId: string; kind: 'achievement' | 'position'; recordId: string; title: string },
): Promise<StatusEntry> {
  const list = await listWithRoom(tx);
  for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
    const index = randomInt(STATUS_LIST_SIZE);
    const [row] = await tx
      .insert(issuedCredentials)
      .values({ ...credential, statusListId: list, statusIndex: index })
      .onConflictDoNothing({ target: [issuedCredentials.statusListId, issuedCredentials.statusIndex] })
      .returning({ id: issuedCredentials.id });
    if (row) return { credentialId: row.id, list, index };
  }
  throw new Error('no free status list entry was found');
}

/** A signed list as served, and the tag of what it says (its bits and its key), for conditional requests. */
export type SignedStatusList = { jwt: string; etag: string };

const signedLists = new WeakMap<Database, Map<number, SignedStatusList & { signedAt: number }>>();
/** A list whose bits have not changed is served as last signed, re-signed now and then so its dates stay fresh. */
const RESIGN_AFTER_MS = 60 * 60_000;

/** The bitstring, index 0 the first byte's highest bit, gzip-compressed and multibase base64url ('u'). */
function encodedListOf(revoked: number[]): string {
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const index of revoked) bits[index >> 3]! |= 0x80 >> (index & 7);
  return `u${base64url.encode(gzipSync(bits))}`;
}

/**
 * The BitstringStatusListCredential of one list, signed like the credentials (a VC-JWT with the
 * active key); undefined when no list has this number.
 */
export async function signedStatusList(
  db: Database,
  config: Pick<Config, 'publicUrl' | 'INSTITUTE_NAME'>,
  list: number,
): Promise<SignedStatusList | undefined> {
  const [exists] = await db
    .select({ id: credentialStatusLists.id })
    .from(credentialStatusLists)
    .where(eq(credentialStatusLists.id, list));
  if (!exists) return undefined;
  const rows = await db
    .select({ index: issuedCredentials.statusIndex })
    .from(issuedCredentials)
    .where(and(eq(issuedCredentials.statusListId, list), isNotNull(issuedCredentials.revokedAt)));
  const encodedList = encodedListOf(rows.flatMap((row) => (row.index === null ? [] : [row.index])));
  const key = await activeSigningKey(db);
  const etag = `"${createHash('sha256').update(`${key.thumbprint}.${encodedList}`).digest('base64url')}"`;
  const lists = signedLists.get(db) ?? new Map<number, SignedStatusList & { signedAt: number }>();
  signedLists.set(db, lists);
  const last = lists.get(list);
  if (last?.etag === etag && Date.now() - last.signedAt < RESIGN_AFTER_MS) return last;

  const url = statusListUrlOf(config, list);
  const seconds = Math.floor(Date.now() / 1000);
  const issuer = issuerIdOf(config);
  const vc = {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: { id: issuer, type: ['Profile'], name: config.INSTITUTE_NAME },
    validFrom: new Date(seconds * 1000).toISOString().replace('.000Z', 'Z'),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList,
      ttl: STATUS_LIST_TTL_MS,
    },
  };
  const jwt = await new SignJWT({ vc })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keyIdOf(config, key.thumbprint), typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(url)
    .setJti(url)
    .setNotBefore(seconds)
    .setIssuedAt(seconds)
    .sign(key.privateKey);
  const signed = { jwt, etag, signedAt: Date.now() };
  lists.set(list, signed);
  return signed;
}

/** Whether the credential with this id was revoked: when and why (the public class); null while it stands or when unknown. */
export async function revocationOf(
  db: Database,
  credentialId: string,
): Promise<{
  revokedAt: Date;
  reason: NonNullable<typeof issuedCredentials.$inferSelect.revocationReason>;
} | null> {
  const [row] = await db
    .select({ revokedAt: issuedCredentials.revokedAt, reason: issuedCredentials.revocationReason })
    .from(issuedCredentials)
    .where(eq(issuedCredentials.id, credentialId));
  return row?.revokedAt && row.reason ? { revokedAt: row.revokedAt, reason: row.reason } : null;
}
