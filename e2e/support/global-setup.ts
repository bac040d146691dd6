import { spawn, spawnSync } from 'node:child_process';
import type { FullConfig } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { repoRoot, resultsDir, webDistDir } from './paths';
import { freePort, startServer, waitForHealth } from './server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database';

function buildWebIfMissing(): void {
  if (existsSync(path.join(webDistDir, 'index.html'))) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('Building the web app failed; run `npm run build -w apps/web` to see why.');
}

/** Runs a Node.js script of the repository to its end, with its output kept for the error. */
function runScript(
  what: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} failed (${error.message})`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (${code ?? signal}):\n${output}`));
    });
  });
}

/**
 * Fills the fresh database with the demo campus through the admin CLI, with the server's environment
 * except NODE_ENV: in production the CLI gives the demo accounts a random password, and the specs
 * sign in with the published one.
 */
const seedDemoCampus = (env: NodeJS.ProcessEnv) =>
  runScript(
    'Seeding the demo campus',
    ['apps/server/src/cli.ts', 'seed:demo'],
    { ...env, NODE_ENV: 'development' },
    180_000,
  );

/**
 * Adds what a campus that used the portal before credentials carried a revocation status still holds
 * (records-from-before.ts), while no server has the database open; its summary goes to `out`.
 */
const addRecordsFromBefore = (env: NodeJS.ProcessEnv, out: string) =>
  runScript(
    'Adding the records from before',
    [path.join('e2e', 'support', 'records-from-before.ts'), out],
    env,
    120_000,
  );

/** One portal of the run: its address and files, and how to stop it. */
type RunServer = {
  baseUrl: string;
  mailDir: string;
  recordsFromBefore: string;
  pushPort: number;
  stop: () => Promise<void>;
};

/**
 * Starts the real server on a free port with a fresh database (the demo campus and the records
 * from before), its e-mail going to a loopback SMTP server that saves each message in its own
 * folder. `n` tells the files of one server from another's.
 */
async function startRunServer(n: number): Promise<RunServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cosa-e2e-'));
  const suffix = n === 0 ? '' : `-${n + 1}`;
  const logFile = path.join(resultsDir, `server${suffix}.log`);
  const mailDir = path.join(resultsDir, `mail${suffix}`);
  const recordsFromBefore = path.join(resultsDir, `records-from-before${suffix}.json`);
  // The port of a loopback push service the push journeys start (e2e/push-journey.spec.ts): the
  // portal posts web push there as to a browser's push service, and to no other loopback port.
  const pushPort = await freePort();
  await rm(mailDir, { recursive: true, force: true });

  let database: ThrowawayDatabase | null = null;
  let mail: MailCatcher | null = null;
  const cleanUp = async () => {
    if (mail) await mail.stop();
    if (database)
      await database
        .drop()
        .catch((error: unknown) => console.warn(`Could not drop the test database: ${String(error)}`));
    await rm(dataDir, { recursive: true, force: true });
  };

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'never',
    // Every browser test signs in from 127.0.0.1; the limits themselves are covered by the API tests.
    RATE_LIMIT_SCALE: '20',
    NODE_ENV: 'production',
    WEB_DIST_DIR: webDistDir,
    // The browsers' push services (the portal's default; nothing reaches them from here) and the loopback one.
    PUSH_SERVICE_HOSTS: `fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com,127.0.0.1:${pushPort}`,
  };
  delete env.GOOGLE_CLIENT_ID;
  delete env.GOOGLE_CLIENT_SECRET;
  try {
    if (process.env.DATABASE_URL) {
      database = await createThrowawayDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = database.url;
    } else {
      delete env.DATABASE_URL;
    }
    mail = await startMailCatcher(mailDir);
    env.SMTP_URL = `smtp://127.0.0.1:${mail.port}`;
    await seedDemoCampus(env);
    await addRecordsFromBefore(env, recordsFromBefore);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const server = startServer({ cwd: repoRoot, env, logFile });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.child, logFile);
  } catch (error) {
    await server.stop();
    await cleanUp();
    throw error;
  }
  return {
    baseUrl,
    mailDir,
    recordsFromBefore,
    pushPort,
    stop: async () => {
      await server.stop();
      await cleanUp();
    },
  };
}

/**
 * Starts one portal for each worker (a fresh database each, so that what one worker's tests do
 * never shows in another's: the president's recent activity, a queue's counts) and tells the
 * tests where theirs is: E2E_BASE_URL_<n>, E2E_MAIL_DIR_<n>, E2E_RECORDS_FROM_BEFORE_<n> and
 * E2E_PUSH_PORT_<n> for the worker whose TEST_PARALLEL_INDEX is n (worker-server.ts makes them the
 * worker's E2E_BASE_URL and the others). Returns the teardown.
 * With E2E_BASE_URL already set, every worker's tests use that server instead.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => undefined;

  buildWebIfMissing();
  mkdirSync(resultsDir, { recursive: true });
  const started = await Promise.allSettled(
    Array.from({ length: Math.max(1, config.workers) }, (_, n) => startRunServer(n)),
  );
  const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failure = started.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  servers.forEach((server, n) => {
    process.env[`E2E_BASE_URL_${n}`] = server.baseUrl;
    process.env[`E2E_MAIL_DIR_${n}`] = server.mailDir;
    process.env[`E2E_RECORDS_FROM_BEFORE_${n}`] = server.recordsFromBefore;
    process.env[`E2E_PUSH_PORT_${n}`] = String(server.pushPort);
  });
  return stopAll;
}
