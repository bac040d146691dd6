import { chmodSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'cosa-portal.lock';

/** Another live process has the embedded database's folder open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dataDir} is in use by another process (pid ${pid})`);
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Keeps the folder to its owner: it holds password hashes and signing keys, and PGlite writes its
 * files readable and writable by everyone the process's umask lets.
 */
export function keepToOwner(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/**
 * Takes the folder for this process, kept to its owner. PGlite does not lock its data folder, and
 * two processes writing one folder corrupt it; a lock left by a process that has died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  keepToOwner(dataDir);
  const lockPath = path.join(dataDir, LOCK_FILE);
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, mine, { flag: 'wx' });
      const release = () => {
        try {
          if (readFileSync(lockPath, 'utf8') === mine) unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder))
        throw new DataDirInUseError(dataDir, holder);
      unlinkSync(lockPath);
    }
  }
  throw new DataDirInUseError(dataDir, -1);
}
