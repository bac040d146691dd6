import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { openPglite, openPostgres, type Database, type DatabaseHandle } from '../src/db/client';
import { databaseUrlFor } from './test-database-url';

/** A new database on the server copied from the migrated template; drop() removes it. */
export async function copyTemplateOnServer(
  serverUrl: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${template}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two copies of one template at the same moment can collide; try again briefly.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        // A throwaway database need not wait for the disk at each commit: nothing here survives a
        // crash of the server itself, and the tests' commits no longer queue on its flushes.
        await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(serverUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * How many connections a test file's app has on the PostgreSQL server. The race tests (*.pg.test.ts)
 * need several at once. Every other file has one, as on the embedded database, where a query
 * made outside a transaction while the transaction waits for it never runs: on one connection the
 * server shows that mistake too (the test hangs), so the server's tests need not also run on the
 * embedded database to find it (decision 0032).
 */
function connectionsFor(testPath: string | undefined): number {
  return testPath?.endsWith('.pg.test.ts') ? 4 : 1;
}

/**
 * A fresh migrated database for one test file: PGlite in memory by default, a throwaway
 * database on the server when DATABASE_URL is set. close() drops it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (serverUrl && template) {
    const copy = await copyTemplateOnServer(serverUrl, template);
    const handle = await openPostgres(copy.url, { max: connectionsFor(expect.getState().testPath) });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await copy.drop();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}

/** A test file's own database (openTestDatabase), opened before its tests and closed after them; read `db` at call time. */
export function useTestDatabase(): { db: Database } {
  const context = {} as { handle: DatabaseHandle; db: Database };
  beforeAll(async () => {
    context.handle = await openTestDatabase();
    context.db = context.handle.db;
  });
  afterAll(async () => {
    await context.handle?.close();
  });
  return context;
}
