import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDemoIfEmpty } from './db/seed/demo';
import { buildApp } from './app';
import { describeDatabaseError } from './lib/describe-error';

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

  // Demo data goes only into a new embedded database, never into a server unless asked.
  const demo = database.kind === 'pglite' && config.SEED_DEMO === 'auto' ? await seedDemoIfEmpty(database.db, config.INSTITUTE_EMAIL_DOMAIN) : null;

  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL },
    ...(config.WEB_DIST_DIR ? { webDistDir: config.WEB_DIST_DIR } : {}),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await database.close();
    const code = (error as { code?: string }).code;
    fail(code === 'EADDRINUSE' ? `Port ${config.PORT} is already in use: set PORT to a free port.` : `Cannot listen on port ${config.PORT}: ${String(error)}`);
  }

  const lines = [
    '',
    `COSA Portal is running at ${config.publicUrl}`,
    `Database: ${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL server (DATABASE_URL)'}`,
  ];
  if (demo && demo.accounts.length > 0) {
    lines.push(demo.created ? 'Demo campus created. Demo accounts:' : 'Demo accounts:');
    for (const account of demo.accounts) lines.push(`  ${account.role.padEnd(17)} ${account.email}`);
    lines.push(`  Password for every demo account: ${demo.password}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

void main();
