import { readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { openPglite, type DatabaseHandle, type SqlRows } from '../db/client';
import { DataDirInUseError, keepToOwner, LOCK_FILE, lockDataDir } from '../db/data-dir-lock';
import { BackupFileError, openBackupFile, type BackupManifest } from '../db/backup/backup-file';
import { newestKnownMigration, rowCounts } from '../db/backup/database-facts';
import { rowsOf } from '../db/rows';
import { EMBEDDED_PAYLOAD } from '../db/backup/embedded-backup';
import { POSTGRES_PAYLOAD, restorePostgres } from './backup-postgres';
import { CliError, oneLine } from './cli-error';

const gunzipAsync = promisify(gunzip);
/** The least a payload may unpack to, whatever its size. */
const MIN_UNPACKED = 256 * 1024 * 1024;

/**
 * The first entry of a database folder's tar that is not a plain file or folder inside it (a
 * link, a device, a path leaving the folder), described; null when there is none.
 */
function strangeEntryOf(tar: Buffer): string | null {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const block = tar.subarray(offset, offset + 512);
    if (block.every((byte) => byte === 0)) return null;
    const field = (start: number, length: number) =>
      block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const type = field(156, 1) || '0';
    if (!['0', '5', 'x', 'g'].includes(type)) return `an entry of type '${type}' (${name})`;
    // PGlite names its files from the folder's root ('/PG_VERSION'); none climbs out of it.
    if (name.split('/').includes('..')) return `the path ${name}`;
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) return `a damaged entry (${name})`;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return null;
}

/** A backup file read and checked whole: the manifest and the database copy it vouches for. */
export function readBackupFile(file: string): { manifest: BackupManifest; payload: Buffer } {
  let bytes: Buffer;
  try {
    if (!statSync(file).isFile())
      throw new CliError(`${file} is not a file: name the backup file (.tar).`);
    bytes = readFileSync(file);
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`No backup file at ${file}.`);
    if (code === 'EACCES')
      throw new CliError(
        `Cannot read ${file} (permission denied): run the command as the user that made the backup.`,
      );
    throw new CliError(`Cannot read ${file}: ${oneLine(error)}`);
  }
  try {
    return openBackupFile(bytes);
  } catch (error) {
    if (error instanceof BackupFileError)
      throw new CliError(`${file} cannot be restored: ${error.message}. Nothing was changed.`);
    throw error;
  }
}

const queryOf =
  (handle: DatabaseHandle): SqlRows =>
  async (text) =>
    rowsOf<Record<string, unknown>>(await handle.db.execute(sql.raw(text)));

/** How many accounts the embedded database in `dataDir` holds; the caller holds its lock. */
async function accountsIn(dataDir: string): Promise<number> {
  const handle = await openPglite({ dataDir, locked: true });
  try {
    const counts = await rowCounts(queryOf(handle));
    return counts.users ?? 0;
  } finally {
    await handle.close();
  }
}

/** Every table whose count differs from the manifest's, as "table: recorded, found". */
function differences(recorded: Record<string, number>, found: Record<string, number>): string[] {
  return Object.entries(recorded)
    .filter(([table, rows]) => found[table] !== rows)
    .map(([table, rows]) => `${table}: ${rows} recorded, ${found[table] ?? 'no table'} found`);
}

/** Opens the copy in `staging`, checks its rows against the manifest, and brings its schema up to date. */
async function buildRestored(
  staging: string,
  manifest: BackupManifest,
  payload: Buffer,
): Promise<number> {
  let tar: Buffer;
  try {
    // A database folder compresses about fourfold; a payload that grows far past that is a bomb.
    tar = await gunzipAsync(payload, {
      maxOutputLength: Math.max(MIN_UNPACKED, payload.byteLength * 64),
    });
  } catch (error) {
    throw new CliError(`The backup's copy cannot be unpacked: ${oneLine(error)}. Nothing was changed.`);
  }
  const strange = strangeEntryOf(tar);
  if (strange)
    throw new CliError(
      `The backup's copy holds ${strange}, which no database folder holds: it was not made by this portal. Nothing was changed.`,
    );
  let handle: DatabaseHandle;
  try {
    handle = await openPglite({ dataDir: staging, loadDataDir: new Blob([tar]), locked: true });
  } catch (error) {
    throw new CliError(
      `The embedded database cannot open the backup's copy (made with PostgreSQL ${manifest.database.serverVersion}): ${oneLine(error)}. Restore it with the portal version that made it. Nothing was changed.`,
    );
  }
  try {
    const found = await rowCounts(queryOf(handle));
    const wrong = differences(manifest.rows, found);
    if (wrong.length > 0)
      throw new CliError(
        `The restored copy does not hold the rows the backup recorded (${wrong.slice(0, 3).join('; ')}). Nothing was changed.`,
      );
    await handle.migrate();
    return Object.values(found).reduce((sum, rows) => sum + rows, 0);
  } finally {
    await handle.close();
  }
}

export type RestoreOutcome = {
  rows: number;
  tables: number;
  keptIn: string | null;
  manifest: BackupManifest;
};

/**
 * Replaces the embedded database in DATA_DIR with a backup: checked whole first, opened and
 * migrated in a folder beside it, then swapped in. A database holding accounts is replaced only
 * with `force`, and kept beside the new one.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  force: boolean,
): Promise<RestoreOutcome> {
  const { manifest, payload } = readBackupFile(file);
  if (
    manifest.schema.lastMigrationAt !== null &&
    manifest.schema.lastMigrationAt > newestKnownMigration()
  )
    throw new CliError(
      `${file} was made by a newer version of the portal (its database has changes this version does not know): update the portal, then restore. Nothing was changed.`,
    );
  const embedded = manifest.database.kind === 'pglite' && manifest.payload.name === EMBEDDED_PAYLOAD;
  if (config.DATABASE_URL) {
    if (manifest.database.kind !== 'postgres' || manifest.payload.name !== POSTGRES_PAYLOAD)
      throw new CliError(
        `${file} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR. Nothing was changed.`,
      );
    const { rows } = await restorePostgres(config.DATABASE_URL, manifest, payload, force);
    return { rows, tables: Object.keys(manifest.rows).length, keptIn: null, manifest };
  }
  if (!embedded)
    throw new CliError(
      `${file} is a backup of a PostgreSQL server: set DATABASE_URL to the database to restore it into. Nothing was changed.`,
    );
  const dataDir = path.resolve(config.DATA_DIR);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError)
      throw new CliError(
        `The portal (pid ${error.pid}) is running on the embedded database in ${config.DATA_DIR}: stop it first, since a restore replaces the whole database. Nothing was changed.`,
      );
    throw new CliError(`Cannot use ${config.DATA_DIR}: ${oneLine(error)}`);
  }
  const staging = `${dataDir}.restoring-${process.pid}`;
  try {
    const present = readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
    const holdsDatabase = present.includes('PG_VERSION');
    if (present.length > 0 && !holdsDatabase)
      throw new CliError(
        `${config.DATA_DIR} holds files that are not an embedded database (${present.slice(0, 3).join(', ')}): restore into an empty folder, or move them away. Nothing was changed.`,
      );
    if (holdsDatabase && !force) {
      const accounts = await accountsIn(dataDir);
      if (accounts > 0)
        throw new CliError(
          `${config.DATA_DIR} already holds a database with ${accounts} account${accounts === 1 ? '' : 's'}: a restore replaces it. Add --force to replace it (the database there now is kept beside it). Nothing was changed.`,
        );
    }
    rmSync(staging, { recursive: true, force: true });
    let rows: number;
    try {
      rows = await buildRestored(staging, manifest, payload);
      // The copy carries the lock file of the process that made it.
      rmSync(path.join(staging, LOCK_FILE), { force: true });
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (error instanceof CliError) throw error;
      throw new CliError(`The backup could not be restored: ${oneLine(error)}. Nothing was changed.`);
    }
    let keptIn: string | null = null;
    if (holdsDatabase) {
      keptIn = `${dataDir}-replaced-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
      renameSync(dataDir, keptIn);
      rmSync(path.join(keptIn, LOCK_FILE), { force: true });
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    try {
      renameSync(staging, dataDir);
    } catch (error) {
      if (keptIn) renameSync(keptIn, dataDir);
      rmSync(staging, { recursive: true, force: true });
      throw new CliError(
        `Cannot put the restored database in ${config.DATA_DIR} (${oneLine(error)}): nothing was changed.`,
      );
    }
    // The copy holds password hashes and signing keys: its owner's only, as the portal keeps it.
    keepToOwner(dataDir);
    if (keptIn) keepToOwner(keptIn);
    return { rows, tables: Object.keys(manifest.rows).length, keptIn, manifest };
  } finally {
    unlock();
  }
}
