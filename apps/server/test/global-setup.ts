import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { databaseUrlFor, uniqueDatabaseName } from './test-database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dump every test file loads into a new in-memory database. */
    pgliteTemplatePath: string;
    /** A migrated template database on the server DATABASE_URL names. */
    postgresTemplate: string;
  }
}

/** Migrates once into a template; each test file then gets its own copy (design section 7). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = uniqueDatabaseName('cosa_tpl');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    try {
      const handle = await openPostgres(databaseUrlFor(serverUrl, template), { max: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
      throw error;
    }
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      // Copies a crashed test file left behind carry the template's name as prefix.
      const copies = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [`${template}_`],
      );
      for (const { datname } of copies.rows)
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cosa-test-'));
  const handle = await openPglite();
  await handle.migrate();
  const client = (handle.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
