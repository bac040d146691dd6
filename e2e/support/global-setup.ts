import { spawnSync } from 'node:child_process';
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

/**
 * Fills the fresh database with the demo campus through the admin CLI, with the server's environment
 * except NODE_ENV: in production the CLI gives the demo accounts a random password, and the specs
 * sign in with the published one.
 */
function seedDemoCampus(env: NodeJS.ProcessEnv): void {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli.ts', 'seed:demo'],
    {
      cwd: repoRoot,
      env: { ...env, NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  if (result.status !== 0) {
    throw new Error(
      `Seeding the demo campus failed (${result.status ?? result.signal ?? result.error?.message}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

/**
 * Adds what a campus that used the portal before credentials carried a revocation status still holds
 * (records-from-before.ts), while no server has the database open; its summary goes to `out`.
 */
function addRecordsFromBefore(env: NodeJS.ProcessEnv, out: string): void {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('e2e', 'support', 'records-from-before.ts'), out],
    { cwd: repoRoot, env, encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) {
    throw new Error(
      `Adding the records from before failed (${result.status ?? result.signal ?? result.error?.message}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

/**
 * Starts the real server on a free port with a fresh database for this run, and tells the
 * tests where it is (E2E_BASE_URL, inherited by the workers). The database holds the demo campus
 * and the records from before (E2E_RECORDS_FROM_BEFORE names their summary), and the portal's e-mail goes to a loopback SMTP server that saves each message in E2E_MAIL_DIR.
 * Returns the teardown.
 * With E2E_BASE_URL already set, the tests use that server instead.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => undefined;

  buildWebIfMissing();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cosa-e2e-'));
  mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, 'server.log');
  const mailDir = path.join(resultsDir, 'mail');
  const recordsFromBefore = path.join(resultsDir, 'records-from-before.json');
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
    seedDemoCampus(env);
    addRecordsFromBefore(env, recordsFromBefore);
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

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_RECORDS_FROM_BEFORE = recordsFromBefore;

  return async () => {
    await server.stop();
    await cleanUp();
  };
}
