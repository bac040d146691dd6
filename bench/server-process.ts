import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer as startE2eServer, waitForHealth } from '../e2e/support/server-process';

export { freePort } from '../e2e/support/server-process';

/** Resident set size of a process in MiB, read from /proc; null elsewhere. */
export function rssMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`${field}:\\s+(\\d+) kB`),
    );
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

export type RunningServer = { child: ChildProcess; baseUrl: string; stop: () => Promise<void> };

/** Starts the real server, the same way the browser tests do, and waits until /api/health answers 200. */
export async function startServer(options: {
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
}): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'cosa-bench-log-')), 'server.log');
  const server = startE2eServer({
    cwd: options.cwd,
    env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
    logFile,
  });
  try {
    await waitForHealth(`${baseUrl}/api/health`, server.child, logFile, 60_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { child: server.child, baseUrl, stop: server.stop };
}
