import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_ENTRY = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'server.ts',
);

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type SpawnedServer = {
  output: string;
  stop: () => Promise<number | null>;
  kill: () => Promise<void>;
};

/**
 * Runs the real server entry point in its own process until it has printed `until` (or exited);
 * returns its output so far and a stop function. The parent's DATABASE_URL is not inherited.
 */
export async function spawnServer(env: Record<string, string>, until: string): Promise<SpawnedServer> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { ...inherited, LOG_LEVEL: 'silent', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes(until) && child.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    get output() {
      return output;
    },
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    /** Ends the process at once (SIGKILL): no shutdown code runs, as in a crash. */
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export type ServerAt = SpawnedServer & { url: string };

/**
 * Runs the real server on loopback at `port` (a free one by default) with `env`, until it has
 * printed `until`; its address is `url`.
 */
export async function spawnServerAt(
  env: Record<string, string>,
  until: string,
  port?: number,
): Promise<ServerAt> {
  const chosen = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  const server = await spawnServer(
    { NODE_ENV: 'test', ...env, PORT: String(chosen), HOST: '127.0.0.1', PUBLIC_URL: url },
    until,
  );
  return Object.assign(server, { url });
}

/** Signs in over HTTP; the status and the Cookie header carrying what the answer set. */
export async function signInOver(
  url: string,
  email: string,
  password: string,
): Promise<{ status: number; cookie: string }> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: response.status,
    cookie: response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; '),
  };
}
