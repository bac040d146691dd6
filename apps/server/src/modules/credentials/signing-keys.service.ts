import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { signingKeys } from '../../db/schema/index';
import { uniqueViolationOf } from '../../lib/db-errors';

/** Open Badges 3.0 requires every verifier to support RS256, so credentials are signed with it alone. */
export const SIGNING_ALG = 'RS256';

/** The issuer's id: the address of its profile, which every credential names. */
export const issuerIdOf = (config: Pick<Config, 'publicUrl'>): string =>
  `${config.publicUrl}/api/issuer`;

const keysPrefixOf = (config: Pick<Config, 'publicUrl'>) => `${issuerIdOf(config)}/keys/`;

/** A key's id as credentials name it (the JWT's kid): the address that serves its public JWK. */
export const keyIdOf = (config: Pick<Config, 'publicUrl'>, thumbprint: string): string =>
  `${keysPrefixOf(config)}${thumbprint}`;

/** An RFC 7638 SHA-256 thumbprint, base64url without padding. */
export const THUMBPRINT_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The thumbprint a kid names when it is one of this portal's key addresses; null otherwise. */
export function thumbprintOfKeyId(config: Pick<Config, 'publicUrl'>, kid: unknown): string | null {
  const prefix = keysPrefixOf(config);
  if (typeof kid !== 'string' || !kid.startsWith(prefix)) return null;
  const thumbprint = kid.slice(prefix.length);
  return THUMBPRINT_PATTERN.test(thumbprint) ? thumbprint : null;
}

export type ActiveSigningKey = { thumbprint: string; privateKey: CryptoKey };

/** A public key as the JWKS and the key's own address publish it. */
export type PublishedKey = {
  kty: string;
  n: string;
  e: string;
  kid: string;
  alg: typeof SIGNING_ALG;
  use: 'sig';
};

/**
 * How long a process keeps signing with the key it last read without asking the database again:
 * short, so that a rotation by another process (the CLI) takes over everywhere within seconds.
 */
const ACTIVE_KEY_CACHE_MS = 5_000;

const activeKeys = new WeakMap<Database, { key: ActiveSigningKey; checkedAt: number }>();

async function newKeyRow(): Promise<{
  id: string;
  publicJwk: Record<string, unknown>;
  privateJwk: Record<string, unknown>;
}> {
  const pair = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  const publicJwk = await exportJWK(pair.publicKey);
  const privateJwk = await exportJWK(pair.privateKey);
  return {
    id: await calculateJwkThumbprint(publicJwk, 'sha256'),
    publicJwk: { ...publicJwk },
    privateJwk: { ...privateJwk },
  };
}

async function activeKeyId(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ id: signingKeys.id })
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .limit(1);
  return row?.id;
}

async function importPrivateKey(
  db: Database,
  thumbprint: string,
): Promise<ActiveSigningKey | undefined> {
  const [row] = await db
    .select({ privateJwk: signingKeys.privateJwk })
    .from(signingKeys)
    .where(eq(signingKeys.id, thumbprint))
    .limit(1);
  if (!row) return undefined;
  return { thumbprint, privateKey: (await importJWK(row.privateJwk as JWK, SIGNING_ALG)) as CryptoKey };
}

/** The key that signs new credentials, created on first use; every process on the database signs with the same one. */
export async function activeSigningKey(db: Database): Promise<ActiveSigningKey> {
  const cached = activeKeys.get(db);
  if (cached && Date.now() - cached.checkedAt < ACTIVE_KEY_CACHE_MS) return cached.key;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let id = await activeKeyId(db);
    if (id === undefined) {
      // Processes starting together on an empty table all get here; the one-active-key index keeps the first insert only.
      await db
        .insert(signingKeys)
        .values(await newKeyRow())
        .onConflictDoNothing();
      id = await activeKeyId(db);
    }
    if (id === undefined) continue;
    // The same key as before needs no new import: only the check is renewed.
    const key = cached?.key.thumbprint === id ? cached.key : await importPrivateKey(db, id);
    if (!key) continue;
    activeKeys.set(db, { key, checkedAt: Date.now() });
    return key;
  }
  throw new Error('no active signing key could be read');
}

/** Retires the active key and makes a new one active, at once; what the old key signed keeps verifying. */
export async function rotateSigningKey(db: Database): Promise<{ thumbprint: string }> {
  const next = await newKeyRow();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        await tx
          .update(signingKeys)
          .set({ retiredAt: sql`now()` })
          .where(isNull(signingKeys.retiredAt));
        await tx.insert(signingKeys).values(next);
      });
      break;
    } catch (error) {
      // A rotation elsewhere committed its new key after this one retired the keys it could see: retire that one too.
      if (uniqueViolationOf(error) !== 'signing_keys_one_active_key' || attempt >= 2) throw error;
    }
  }
  activeKeys.delete(db);
  return { thumbprint: next.id };
}

const published = (
  config: Pick<Config, 'publicUrl'>,
  id: string,
  jwk: Record<string, unknown>,
): PublishedKey => ({
  kty: String(jwk.kty),
  n: String(jwk.n),
  e: String(jwk.e),
  kid: keyIdOf(config, id),
  alg: SIGNING_ALG,
  use: 'sig',
});

/** Every key's public half, the active one first: retired keys stay published so that what they signed still verifies. */
export async function publishedKeys(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
): Promise<PublishedKey[]> {
  const rows = await db
    .select({ id: signingKeys.id, publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .orderBy(
      sql`${signingKeys.retiredAt} is not null`,
      desc(signingKeys.retiredAt),
      asc(signingKeys.id),
    );
  return rows.map((row) => published(config, row.id, row.publicJwk));
}

/** One key's public half by its thumbprint, retired or not; undefined when no key has it. */
export async function publishedKey(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  thumbprint: string,
): Promise<PublishedKey | undefined> {
  const [row] = await db
    .select({ publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(eq(signingKeys.id, thumbprint))
    .limit(1);
  return row ? published(config, thumbprint, row.publicJwk) : undefined;
}

/** The public key that checks what the key with this thumbprint signed; undefined when no key has it. */
export async function verificationKey(db: Database, thumbprint: string): Promise<CryptoKey | undefined> {
  const [row] = await db
    .select({ publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(eq(signingKeys.id, thumbprint))
    .limit(1);
  return row ? ((await importJWK(row.publicJwk as JWK, SIGNING_ALG)) as CryptoKey) : undefined;
}
