import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isNull } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openPglite, openPostgres, type Database, type DatabaseHandle } from '../../db/client';
import { signingKeys } from '../../db/schema/index';
import { copyTemplateOnServer, openTestDatabase } from '../../../test/test-db';
import { activeSigningKey, publishedKeys, rotateSigningKey } from './signing-keys.service';

const CONFIG = { publicUrl: 'https://cosa.example.ac.in' };
const KEY_URL = /^https:\/\/cosa\.example\.ac\.in\/api\/issuer\/keys\/[A-Za-z0-9_-]{43}$/;

const allKeys = (db: Database) => db.select().from(signingKeys);
const activeKeys = (db: Database) => db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));

describe('signing keys', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates exactly one active key when several callers ask for it at once on an empty table', async () => {
    const { db } = database;
    expect(await allKeys(db)).toEqual([]);
    const keys = await Promise.all(Array.from({ length: 4 }, () => activeSigningKey(db)));
    const rows = await allKeys(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.retiredAt).toBeNull();
    expect(keys.map((key) => key.thumbprint)).toEqual(Array(4).fill(rows[0]!.id));
  });

  it('keeps an RSA 2048-bit key pair whose id is the thumbprint of its public half', async () => {
    const [row] = await allKeys(database.db);
    const publicJwk = row!.publicJwk as { kty: string; n: string; e: string };
    expect(publicJwk.kty).toBe('RSA');
    expect(publicJwk.e).toBe('AQAB');
    expect(Buffer.from(publicJwk.n, 'base64url')).toHaveLength(256);
    expect(Object.keys(publicJwk).sort()).toEqual(['e', 'kty', 'n']);
    expect(Object.keys(row!.privateJwk)).toContain('d');
    expect(row!.id).toBe(await calculateJwkThumbprint(publicJwk, 'sha256'));
  });

  it('rotates: the old key retires but stays published, the new one signs from then on', async () => {
    const { db } = database;
    const old = await activeSigningKey(db);
    const { thumbprint } = await rotateSigningKey(db);
    expect(thumbprint).not.toBe(old.thumbprint);
    expect((await activeKeys(db)).map((row) => row.id)).toEqual([thumbprint]);
    expect((await activeSigningKey(db)).thumbprint).toBe(thumbprint);

    const published = await publishedKeys(db, CONFIG);
    expect(published.map((key) => key.kid)).toEqual([
      `https://cosa.example.ac.in/api/issuer/keys/${thumbprint}`,
      `https://cosa.example.ac.in/api/issuer/keys/${old.thumbprint}`,
    ]);
    for (const key of published) {
      expect(key.kid).toMatch(KEY_URL);
      expect(key).toMatchObject({ kty: 'RSA', e: 'AQAB', alg: 'RS256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('signs with a key another process made active within ten seconds', async () => {
    const { db } = database;
    const before = await activeSigningKey(db);
    // What a rotation by the CLI or another server process leaves in the database.
    const pair = await generateKeyPair('RS256', { extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const id = await calculateJwkThumbprint(publicJwk, 'sha256');
    await db.transaction(async (tx) => {
      await tx.update(signingKeys).set({ retiredAt: new Date() }).where(isNull(signingKeys.retiredAt));
      await tx.insert(signingKeys).values({
        id,
        publicJwk: { ...publicJwk },
        privateJwk: { ...(await exportJWK(pair.privateKey)) },
      });
    });
    expect(id).not.toBe(before.thumbprint);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000 });
    expect((await activeSigningKey(db)).thumbprint).toBe(id);
    expect(await allKeys(db)).toHaveLength(3);
  });
});

const run = promisify(execFile);
const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli.ts');

describe('cli keys:rotate', () => {
  let env: Record<string, string>;
  let open: () => Promise<DatabaseHandle>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    const template = inject('postgresTemplate');
    if (serverUrl && template) {
      const copy = await copyTemplateOnServer(serverUrl, template);
      env = { DATABASE_URL: copy.url };
      open = () => openPostgres(copy.url, { max: 1 });
      cleanup = copy.drop;
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'cosa-keys-cli-'));
      const dataDir = path.join(dir, 'data');
      const seeded = await openPglite({
        dataDir,
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
      });
      await seeded.close();
      env = { DATA_DIR: dataDir };
      open = () => openPglite({ dataDir });
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => cleanup?.());

  const keysIn = async () => {
    const handle = await open();
    try {
      const rows = await allKeys(handle.db);
      return {
        active: rows.filter((row) => row.retiredAt === null).map((row) => row.id),
        retired: rows.filter((row) => row.retiredAt !== null).map((row) => row.id),
      };
    } finally {
      await handle.close();
    }
  };

  it('retires the active key, starts a new one and says how many keys are published', async () => {
    const handle = await open();
    const old = await activeSigningKey(handle.db);
    await handle.close();

    const childEnv = {
      ...process.env,
      DATABASE_URL: undefined,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://cosa.example.ac.in',
      ...env,
    };
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, 'keys:rotate'], {
      env: childEnv,
      timeout: 60_000,
    });
    expect(stderr).toBe('');
    const keys = await keysIn();
    expect(keys.retired).toEqual([old.thumbprint]);
    expect(keys.active).toHaveLength(1);
    expect(stdout.trim().split('\n')).toEqual([
      `New signing key: ${keys.active[0]}`,
      '2 keys are published at https://cosa.example.ac.in/.well-known/jwks.json; running portals sign with the new key within seconds.',
    ]);
  }, 60_000);
});
