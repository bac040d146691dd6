import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import type { DatabaseHandle } from '../client';
import { embeddedBackupFile } from './embedded-backup';

/** Longest socket path the systems we run on accept (108 bytes on Linux, 104 on macOS, with the closing NUL). */
const MAX_SOCKET_PATH = 103;

/**
 * Where a portal running on the embedded database in `dataDir` answers the backup command: a
 * socket beside the folder (inside it, it would break the folder's copy), open to the folder's
 * owner only. Relative to the working directory when the full path is too long for a socket.
 */
function backupSocketPath(dataDir: string): string | null {
  const full = `${path.resolve(dataDir)}.sock`;
  if (Buffer.byteLength(full) <= MAX_SOCKET_PATH) return full;
  const relative = path.relative(process.cwd(), full);
  return Buffer.byteLength(relative) <= MAX_SOCKET_PATH ? relative : null;
}

type Log = { info: (fields: object, message: string) => void; warn: (message: string) => void };

/**
 * Answers `POST /backup` on the backup socket with a backup file of the open embedded database.
 * Only this process holds the folder's lock, so a socket left there by a process that died is removed.
 */
export async function serveBackups(
  dataDir: string,
  handle: DatabaseHandle,
  log: Log,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  if (!socketPath) {
    log.warn(
      `The path of DATA_DIR is too long for the backup socket: the backup command cannot reach this running portal; use a shorter DATA_DIR, or stop the portal to back up.`,
    );
    return async () => undefined;
  }
  try {
    if (lstatSync(socketPath).isSocket()) unlinkSync(socketPath);
  } catch {
    // No socket left behind.
  }
  let running: Promise<unknown> = Promise.resolve();
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Only POST /backup is answered here.');
      return;
    }
    // One backup at a time: each holds a copy of the database in memory.
    const work = running.then(async () => {
      const started = performance.now();
      const { parts } = await embeddedBackupFile(handle);
      const bytes = parts.reduce((sum, part) => sum + part.byteLength, 0);
      res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': String(bytes) });
      for (const part of parts) res.write(part);
      res.end();
      log.info(
        { bytes, ms: Math.round(performance.now() - started) },
        'backup made for the backup command',
      );
    });
    running = work.catch(() => undefined);
    work.catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(error instanceof Error ? error.message : String(error));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    chmodSync(socketPath, 0o600);
  } catch (error) {
    log.warn(
      `Cannot open the backup socket ${socketPath} (${(error as Error).message}): the backup command cannot reach this running portal; stop the portal to back up.`,
    );
    return async () => undefined;
  }
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** Asks the portal running on `dataDir` for a backup file; rejects with a sentence saying what went wrong. */
export function requestBackup(dataDir: string, pid: number): Promise<Buffer> {
  const socketPath = backupSocketPath(dataDir);
  const unreachable = (why: string) =>
    new Error(
      `The portal (pid ${pid}) has the embedded database in ${dataDir} open, but its backup socket ${socketPath ?? `${path.resolve(dataDir)}.sock`} ${why}: if it is still starting, try again in a moment; otherwise restart it with this version of the portal, or stop it and back up then.`,
    );
  if (!socketPath) return Promise.reject(unreachable('has a path too long for a socket'));
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => reject(new Error('The portal stopped while it was making the backup.')));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200)
          reject(new Error(`The portal could not make the backup: ${body.toString('utf8')}`));
        else if (!res.complete) reject(new Error('The portal stopped while it was sending the backup.'));
        else resolve(body);
      });
      res.on('aborted', () => reject(new Error('The portal stopped while it was sending the backup.')));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')
        reject(unreachable('does not answer'));
      else if (error.code === 'EACCES')
        reject(unreachable("is not open to this user (run the command as the portal's user)"));
      else reject(new Error(`The portal stopped while it was making the backup (${error.message}).`));
    });
    req.end();
  });
}
