import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUpWhileBusy, expectEverythingBack, fillPortal } from './backup-scenario';
import { runCli, untilAnswering } from './portal-over-http';
import { freePort, spawnServerAt, type ServerAt } from './spawn-server';
import { backupFileParts, openBackupFile } from '../src/db/backup/backup-file';

/**
 * A backup whose database copy gains a symbolic link to /etc, re-sealed with a matching manifest:
 * the checksum guards against damage, not forgery.
 */
function withLinkInCopy(backup: Buffer): Buffer {
  const { manifest, payload } = openBackupFile(backup);
  const copy = gunzipSync(payload);
  // The copy without its two closing zero blocks, then a link entry, then the closing blocks again.
  let end = copy.length;
  while (end >= 512 && copy.subarray(end - 512, end).every((byte) => byte === 0)) end -= 512;
  const link = Buffer.alloc(512);
  link.write('/evil-link', 0, 'utf8');
  link.write('0000777\0', 100, 'ascii');
  link.write('0000000\0', 108, 'ascii');
  link.write('0000000\0', 116, 'ascii');
  link.write('00000000000\0', 124, 'ascii');
  link.write('00000000000\0', 136, 'ascii');
  link.write('2', 156, 'ascii');
  link.write('/etc', 157, 'utf8');
  link.write('ustar\0', 257, 'ascii');
  link.write('00', 263, 'ascii');
  link.fill(' ', 148, 156);
  const sum = link.reduce((total, byte) => total + byte, 0);
  link.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  const forged = gzipSync(Buffer.concat([copy.subarray(0, end), link, Buffer.alloc(1024)]));
  const { payload: _old, format: _format, formatVersion: _version, ...facts } = manifest;
  return Buffer.concat(backupFileParts(facts, manifest.payload.name, forged));
}

const RUNNING = 'COSA Portal is running at';

/** Every file of a folder with its SHA-256: what "nothing was changed" is checked against. */
function folderDigest(folder: string): Record<string, string> {
  const digest: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else
        digest[path.relative(folder, full)] = createHash('sha256')
          .update(readFileSync(full))
          .digest('hex');
    }
  };
  walk(folder);
  return digest;
}

/** Every account's e-mail and record count, read from the folder with PGlite. */
async function accountsIn(dataDir: string): Promise<unknown[]> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gist } });
  try {
    return (
      await db.query(
        'select u.email, (select count(*)::int from achievements a where a.user_id = u.id) as achievements from users u order by u.email',
      )
    ).rows;
  } finally {
    await db.close();
  }
}

/** The manifest as the system's own tar reads it out of the backup file. */
const manifestOf = (file: string) =>
  JSON.parse(execFileSync('tar', ['-xOf', file, 'manifest.json'], { encoding: 'utf8' })) as {
    rows: Record<string, number>;
    payload: { name: string };
  };

describe('backing up and restoring the embedded database', () => {
  let folder: string;
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;
  let server: ServerAt | undefined;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'cosa-backup-'));
    dataDir = path.join(folder, 'data');
    port = await freePort();
    // Writes go on during the backup faster than the per-user limits allow a person.
    env = { DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' };
  });
  afterAll(async () => {
    await server?.kill();
    rmSync(folder, { recursive: true, force: true });
  });

  it('backs up a running portal while it is written to; wiped and restored, every record, photo and signing key is back', async () => {
    server = await spawnServerAt(env, 'Password for every demo account', port);
    await untilAnswering(server.url);
    const url = server.url;
    const data = await fillPortal(url);
    const backupFile = path.join(folder, 'backups', 'nightly.tar');
    const { outcome: backup, acknowledged } = await backUpWhileBusy(url, () =>
      runCli(env, 'backup:create', '--out', backupFile),
    );
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${backupFile}`);
    expect(backup.stdout).toMatch(/Made by the running portal \(pid \d+\) from one consistent moment/);
    // The checksum file beside it is one sha256sum checks.
    expect(
      execFileSync('sha256sum', ['-c', 'nightly.tar.sha256'], {
        cwd: path.dirname(backupFile),
        encoding: 'utf8',
      }),
    ).toBe('nightly.tar: OK\n');
    // Owner only: it holds password hashes and private keys.
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    const manifest = manifestOf(backupFile);
    expect(manifest.payload.name).toBe('database.tar.gz');

    expect(await server.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });

    const restored = await runCli(env, 'backup:restore', backupFile);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${backupFile}`);
    // Password hashes and signing keys: the restored folder is its owner's only.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);

    server = await spawnServerAt(env, RUNNING, port);
    await untilAnswering(server.url);
    await expectEverythingBack(url, data, acknowledged);

    // While the portal runs, a restore is refused and the running database is left alone.
    const refused = await runCli(env, 'backup:restore', backupFile, '--force');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^The portal \(pid \d+\) is running on the embedded database in .+\/data: stop it first, since a restore replaces the whole database\. Nothing was changed\.\n$/,
    );
    expect(await server.stop()).toBe(0);
    server = undefined;
  }, 600_000);

  it('refuses a missing, damaged, cut-short or foreign backup file and changes nothing', async () => {
    const good = path.join(folder, 'backups', 'nightly.tar');
    expect(existsSync(good)).toBe(true);
    const before = folderDigest(dataDir);
    const bytes = readFileSync(good);

    const damaged = Buffer.from(bytes);
    // A byte inside the database copy, past the manifest's blocks.
    const at = bytes.length - 4096;
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    writeFileSync(path.join(folder, 'damaged.tar'), damaged);
    writeFileSync(path.join(folder, 'cut.tar'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    writeFileSync(path.join(folder, 'notes.tar'), 'these are my notes, not a backup\n'.repeat(40));
    writeFileSync(path.join(folder, 'forged.tar'), withLinkInCopy(bytes));

    const outcomes = {
      missing: await runCli(env, 'backup:restore', path.join(folder, 'nowhere.tar'), '--force'),
      damaged: await runCli(env, 'backup:restore', path.join(folder, 'damaged.tar'), '--force'),
      cut: await runCli(env, 'backup:restore', path.join(folder, 'cut.tar'), '--force'),
      foreign: await runCli(env, 'backup:restore', path.join(folder, 'notes.tar'), '--force'),
      forged: await runCli(env, 'backup:restore', path.join(folder, 'forged.tar'), '--force'),
    };
    // Refused before the database is opened: not a byte of its folder changed.
    expect(folderDigest(dataDir)).toEqual(before);
    expect(
      Object.fromEntries(
        Object.entries(outcomes).map(([name, outcome]) => [name, [outcome.code, outcome.stderr]]),
      ),
    ).toEqual({
      missing: [1, `No backup file at ${path.join(folder, 'nowhere.tar')}.\n`],
      damaged: [
        1,
        `${path.join(folder, 'damaged.tar')} cannot be restored: it is damaged: database.tar.gz does not match the SHA-256 its manifest records. Nothing was changed.\n`,
      ],
      cut: [
        1,
        `${path.join(folder, 'cut.tar')} cannot be restored: it is damaged or incomplete (database.tar.gz is cut short). Nothing was changed.\n`,
      ],
      foreign: [
        1,
        `${path.join(folder, 'notes.tar')} cannot be restored: it is not a COSA Portal backup (not a tar file). Nothing was changed.\n`,
      ],
      forged: [
        1,
        "The backup's copy holds an entry of type '2' (/evil-link), which no database folder holds: it was not made by this portal. Nothing was changed.\n",
      ],
    });

    // Over a database with accounts, without --force: refused once it has counted them, every row kept.
    const accountsBefore = await accountsIn(dataDir);
    const unforced = await runCli(env, 'backup:restore', good);
    expect([unforced.code, unforced.stderr]).toEqual([
      1,
      `${dataDir} already holds a database with 78 accounts: a restore replaces it. Add --force to replace it (the database there now is kept beside it). Nothing was changed.\n`,
    ]);
    expect(await accountsIn(dataDir)).toEqual(accountsBefore);
    // Nothing was left beside the folder either.
    expect(
      readdirSync(folder)
        .filter((name) => name.startsWith('data'))
        .sort(),
    ).toEqual(['data']);
  }, 120_000);
});
