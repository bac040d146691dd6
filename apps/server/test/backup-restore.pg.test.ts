import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUpWhileBusy, expectEverythingBack, fillPortal } from './backup-scenario';
import { runCli, untilAnswering } from './portal-over-http';
import { freePort, spawnServerAt, type ServerAt } from './spawn-server';
import { copyTemplateOnServer } from './test-db';

const RUNNING = 'COSA Portal is running at';

/** Every table's rows in the database at `url`, as psql sees them: what "nothing was changed" is checked against. */
async function tableRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by 1",
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables.rows)
      rows[name] = Number((await client.query(`select count(*) as n from public."${name}"`)).rows[0].n);
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * The backup command on a PostgreSQL server (pg_dump, pg_restore and psql): this file runs only
 * with DATABASE_URL (see vitest.config.ts).
 */
describe('backing up and restoring a PostgreSQL database', () => {
  let folder: string;
  let source: Awaited<ReturnType<typeof copyTemplateOnServer>>;
  let target: Awaited<ReturnType<typeof copyTemplateOnServer>>;
  let server: ServerAt | undefined;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'cosa-backup-pg-'));
    // Two empty databases: the portal's, and the one the backup is restored into.
    source = await copyTemplateOnServer(process.env.DATABASE_URL!, 'template0');
    target = await copyTemplateOnServer(process.env.DATABASE_URL!, 'template0');
  });
  afterAll(async () => {
    await server?.kill();
    await source.drop();
    await target.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('backs up a running portal with pg_dump while it is written to; restored into an empty database, everything is back', async () => {
    const env = { RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' };
    // One address before and after: credentials name the portal's address (PUBLIC_URL) in their key ids.
    const port = await freePort();
    server = await spawnServerAt(
      { ...env, DATABASE_URL: source.url, SEED_DEMO: 'always' },
      'Password for every demo account',
      port,
    );
    await untilAnswering(server.url);
    const url = server.url;
    const data = await fillPortal(url);
    const backupFile = path.join(folder, 'nightly.tar');
    const { outcome: backup, acknowledged } = await backUpWhileBusy(url, () =>
      runCli({ DATABASE_URL: source.url }, 'backup:create', '--out', backupFile),
    );
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /Made by pg_dump \(PostgreSQL\) \d+\.\d+.* from one snapshot of the PostgreSQL server; the portal kept serving\./,
    );
    expect(execFileSync('tar', ['-tf', backupFile], { encoding: 'utf8' })).toBe(
      'manifest.json\ndatabase.dump\n',
    );
    expect(await server.stop()).toBe(0);

    const restored = await runCli({ DATABASE_URL: target.url }, 'backup:restore', backupFile);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${backupFile}`);
    const asRestored = await tableRows(target.url);

    server = await spawnServerAt(
      { ...env, DATABASE_URL: target.url, SEED_DEMO: 'never' },
      RUNNING,
      port,
    );
    await untilAnswering(server.url);
    await expectEverythingBack(server.url, data, acknowledged);
    // While a portal is connected, a restore is refused.
    const whileRunning = await runCli(
      { DATABASE_URL: target.url },
      'backup:restore',
      backupFile,
      '--force',
    );
    expect([whileRunning.code, whileRunning.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^\d+ other connections are open to the database DATABASE_URL names: stop every portal process \(and anything else using it\) first, since a restore replaces the whole database\. Nothing was changed\.\n$/,
      ),
    ]);
    expect(await server.stop()).toBe(0);
    server = undefined;

    // A damaged file, a file of the embedded database's kind, or a database with accounts without
    // --force: refused, and the database keeps every row.
    const before = await tableRows(target.url);
    const bytes = readFileSync(backupFile);
    const damaged = Buffer.from(bytes);
    const at = bytes.length - 4096;
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    writeFileSync(path.join(folder, 'damaged.tar'), damaged);
    const outcomes = {
      damaged: await runCli(
        { DATABASE_URL: target.url },
        'backup:restore',
        path.join(folder, 'damaged.tar'),
        '--force',
      ),
      unforced: await runCli({ DATABASE_URL: target.url }, 'backup:restore', backupFile),
      embedded: await runCli({ DATA_DIR: path.join(folder, 'data') }, 'backup:restore', backupFile),
    };
    expect(
      Object.fromEntries(
        Object.entries(outcomes).map(([name, outcome]) => [name, [outcome.code, outcome.stderr]]),
      ),
    ).toEqual({
      damaged: [
        1,
        `${path.join(folder, 'damaged.tar')} cannot be restored: it is damaged: database.dump does not match the SHA-256 its manifest records. Nothing was changed.\n`,
      ],
      unforced: [
        1,
        'The database DATABASE_URL names already holds 78 accounts: a restore replaces it. Add --force to replace it (back it up first with pg_dump). Nothing was changed.\n',
      ],
      embedded: [
        1,
        `${backupFile} is a backup of a PostgreSQL server: set DATABASE_URL to the database to restore it into. Nothing was changed.\n`,
      ],
    });
    expect(await tableRows(target.url)).toEqual(before);

    // --force replaces it with the backup's rows again.
    const forced = await runCli({ DATABASE_URL: target.url }, 'backup:restore', backupFile, '--force');
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(await tableRows(target.url)).toEqual(asRestored);
  }, 600_000);
});
