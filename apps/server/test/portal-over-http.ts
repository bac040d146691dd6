import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signInOver } from './spawn-server';

const run = promisify(execFile);
const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli.ts');

export type CliOutcome = { code: number; stdout: string; stderr: string };

/** Runs `npm run cli -- ...` (the CLI's entry point) in its own process with `env`; the parent's DATABASE_URL is not inherited. */
export async function runCli(env: Record<string, string>, ...args: string[]): Promise<CliOutcome> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...inherited, LOG_LEVEL: 'silent', ...env },
      timeout: 300_000,
      maxBuffer: 10_000_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

/** Requests to a running portal as its pages send them, signed in with a session cookie. */
export async function signedInOver(url: string, email: string, password: string) {
  const { status, cookie } = await signInOver(url, email, password);
  if (status !== 200) throw new Error(`${email} could not sign in: ${status}`);
  const send = (
    method: string,
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${url}${pathname}`, {
      method,
      headers: {
        cookie,
        origin: url,
        ...(body !== undefined && !(body instanceof Uint8Array)
          ? { 'content-type': 'application/json' }
          : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: body instanceof Uint8Array ? body : JSON.stringify(body) }),
    });
  return {
    get: (pathname: string) => send('GET', pathname),
    post: (pathname: string, body?: unknown) => send('POST', pathname, body ?? {}),
    put: (pathname: string, body: Uint8Array, contentType: string) =>
      send('PUT', pathname, body, { 'content-type': contentType }),
  };
}

/**
 * Waits until the portal at `url` answers /api/health: a start on a busy machine can outlast the
 * minute spawnServer waits for its start-up lines.
 */
export async function untilAnswering(url: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })).status === 200)
        return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
