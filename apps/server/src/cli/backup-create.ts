import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  openSync,
  closeSync,
  fsyncSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writevSync,
} from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openPglite } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { BackupFileError, openBackupFile, type BackupManifest } from '../db/backup/backup-file';
import { requestBackup } from '../db/backup/backup-socket';
import { embeddedBackupFile } from '../db/backup/embedded-backup';
import { postgresBackupParts } from './backup-postgres';
import { CliError, oneLine } from './cli-error';

export type WrittenBackup = {
  file: string;
  bytes: number;
  sha256: string;
  manifest: BackupManifest;
  /** Who made the copy: the running portal (its pid), this command on the folder, or pg_dump. */
  madeBy: { kind: 'running-portal'; pid: number } | { kind: 'this-command' } | { kind: 'pg_dump' };
};

/** The file a backup goes to: `out` when it names a .tar file, a dated name in the folder `out` (./backups by default) otherwise. */
function destinationOf(out: string | undefined, createdAt: string): string {
  const name = `cosa-backup-${createdAt.slice(0, 19).replaceAll(':', '-')}Z.tar`;
  const given = out ?? 'backups';
  const isFile = given.endsWith('.tar') && !(existsSync(given) && statSync(given).isDirectory());
  return path.resolve(isFile ? given : path.join(given, name));
}

/** Writes the parts under a temporary name, flushes them to disk, then gives the file its name: never a half-written backup. */
function writeBackup(file: string, parts: Buffer[]): { bytes: number; sha256: string } {
  if (existsSync(file))
    throw new CliError(`${file} exists already: a backup never overwrites a file; choose another name.`);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    // Owner only: the file holds password hashes and the private keys that sign credentials.
    const fd = openSync(partial, 'wx', 0o600);
    try {
      for (let index = 0; index < parts.length; index += 64) {
        const batch = parts.slice(index, index + 64);
        writevSync(fd, batch);
        for (const part of batch) {
          hash.update(part);
          bytes += part.byteLength;
        }
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC')
      throw new CliError(
        `Not enough disk space for the backup in ${path.dirname(file)}: nothing was written.`,
      );
    if (code === 'EACCES' || code === 'EPERM')
      throw new CliError(
        `Cannot write in ${path.dirname(file)} (permission denied): choose another --out.`,
      );
    if (code === 'EEXIST')
      throw new CliError(
        `${partial} exists: another backup to the same name is running, or one was cut short; remove it and try again.`,
      );
    throw new CliError(`Cannot write the backup to ${file}: ${oneLine(error)}`);
  }
  const sha256 = hash.digest('hex');
  writeFileSync(`${file}.sha256`, `${sha256}  ${path.basename(file)}\n`, { mode: 0o644 });
  return { bytes, sha256 };
}

/** The embedded database's backup: made by the running portal through its socket, or by this command when no portal has the folder open. */
async function embeddedBackup(
  config: Config,
): Promise<{ parts: Buffer[]; madeBy: WrittenBackup['madeBy'] }> {
  const dataDir = path.resolve(config.DATA_DIR);
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new CliError(
      `No embedded database in ${config.DATA_DIR}: nothing to back up. Set DATA_DIR to the portal's data folder (or DATABASE_URL for a PostgreSQL server).`,
    );
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    try {
      const bytes = await requestBackup(config.DATA_DIR, error.pid);
      return { parts: [bytes], madeBy: { kind: 'running-portal', pid: error.pid } };
    } catch (failure) {
      throw new CliError(oneLine(failure));
    }
  }
  try {
    const handle = await openPglite({ dataDir, locked: true });
    try {
      const { parts } = await embeddedBackupFile(handle);
      return { parts, madeBy: { kind: 'this-command' } };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`Cannot read the embedded database in ${config.DATA_DIR}: ${oneLine(error)}`);
  } finally {
    unlock();
  }
}

/** Makes a backup of the configured database, checks it, and writes it with its .sha256 beside it. */
export async function createBackup(config: Config, out: string | undefined): Promise<WrittenBackup> {
  const made = config.DATABASE_URL
    ? { parts: await postgresBackupParts(config.DATABASE_URL), madeBy: { kind: 'pg_dump' as const } }
    : await embeddedBackup(config);
  // The copy is read back as a restore would before it is written: a backup that cannot be restored is no backup.
  let manifest: BackupManifest;
  try {
    manifest = openBackupFile(Buffer.concat(made.parts)).manifest;
  } catch (error) {
    if (error instanceof BackupFileError)
      throw new CliError(`The backup made is unusable: ${error.message}. Nothing was written.`);
    throw error;
  }
  const file = destinationOf(out, manifest.createdAt);
  const written = writeBackup(file, made.parts);
  return { file, ...written, manifest, madeBy: made.madeBy };
}
