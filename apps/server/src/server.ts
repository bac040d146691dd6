import './supported-node.js';
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, startupWarnings, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DEMO_PASSWORD, seedDemoIfEmpty, type DemoResult } from './db/seed/demo';
import { generatePassword } from './lib/passwords';
import { buildApp } from './app';
import { describeDatabaseError } from './lib/describe-error';
import { serveBackups } from './db/backup/backup-socket';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function open(config: Config): Promise<DatabaseHandle> {
  try {
    const database = await openDatabase(config);
    await database.migrate();
    return database;
  } catch (error) {
    fail(describeDatabaseError(error, config.DATABASE_URL));
  }
}

/**
 * The demo campus goes into a new, empty database: by itself only into an embedded one outside
 * production; in production only when SEED_DEMO=always asks for it, and then with a random
 * password, printed once.
 */
async function seedDemo(config: Config, database: DatabaseHandle): Promise<DemoResult | null> {
  const production = config.NODE_ENV === 'production';
  const wanted =
    config.SEED_DEMO === 'always' ||
    (config.SEED_DEMO === 'auto' && !production && database.kind === 'pglite');
  if (!wanted) return null;
  return seedDemoIfEmpty(
    database.db,
    config.INSTITUTE_EMAIL_DOMAIN,
    production ? generatePassword() : DEMO_PASSWORD,
  );
}

function warningBlock(warnings: string[]): string {
  const rule = '!'.repeat(78);
  return [rule, ...warnings.map((warning) => `WARNING: ${warning}`), rule].join('\n');
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const database = await open(config);

  const demo = await seedDemo(config, database);

  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL },
    ...(config.WEB_DIST_DIR ? { webDistDir: config.WEB_DIST_DIR } : {}),
  });

  // The backup command reaches the embedded database through this process, which holds its folder.
  const stopBackups =
    database.kind === 'pglite'
      ? await serveBackups(config.DATA_DIR, database, app.log)
      : async () => undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Requests in flight finish; a keep-alive connection closes as soon as its answer is sent.
    // Whatever still runs after the grace period is abandoned: its connections are cut and the
    // process ends at once, so the database rolls back its unfinished transactions rather than
    // committing a write whose client was already told it failed.
    const drain = setInterval(() => app.server.closeIdleConnections(), 100);
    setTimeout(() => {
      app.log.warn(
        { graceSeconds: config.SHUTDOWN_GRACE_SECONDS },
        'requests still running after the grace period: stopping without them',
      );
      app.server.closeAllConnections();
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    await app.close();
    clearInterval(drain);
    await stopBackups();
    await database.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));

  try {
    await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  } catch (error) {
    await app.close();
    await stopBackups();
    await database.close();
    const code = (error as { code?: string }).code;
    const reason =
      code === 'EADDRINUSE'
        ? `Port ${config.PORT} is already in use: set PORT to a free port.`
        : `Cannot listen on port ${config.PORT}: ${String(error)}`;
    // A demo campus seeded just now with a random password: the password is shown only now.
    const password =
      demo?.created && demo.password !== null && demo.password !== DEMO_PASSWORD
        ? `\nThe demo campus was created; password for every demo account (shown only now; note it): ${demo.password}`
        : '';
    fail(`${reason}${password}`);
  }

  const lines = [
    '',
    `COSA Portal is running at ${config.publicUrl}`,
    `Database: ${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL server (DATABASE_URL)'}`,
    `Node.js: ${process.version}`,
  ];
  if (demo && demo.accounts.length > 0) {
    lines.push(demo.created ? 'Demo campus created. Demo accounts:' : 'Demo accounts:');
    for (const account of demo.accounts) lines.push(`  ${account.role.padEnd(17)} ${account.email}`);
    if (demo.password === null)
      lines.push('  Their password was printed once, when the demo campus was created.');
    else if (demo.created && demo.password !== DEMO_PASSWORD)
      lines.push(`  Password for every demo account (shown only now; note it): ${demo.password}`);
    else lines.push(`  Password for every demo account: ${demo.password}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
  const warnings = startupWarnings(config);
  if (warnings.length > 0) {
    for (const warning of warnings) app.log.warn(warning);
    process.stderr.write(`${warningBlock(warnings)}\n\n`);
  }
}

void main();
