// The PostgreSQL part of `npm test` when DATABASE_URL is unset: the race tests (*.pg.test.ts, what
// only a server running several connections at once can show) run on a local PostgreSQL server when
// one answers, and the command says plainly when none did. With DATABASE_URL set every test runs on
// that server, these included, and nothing here is needed.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The local server to try: PGHOST, PGPORT, PGUSER and PGDATABASE when set (PGPASSWORD too, read by
 * the driver), else 127.0.0.1:5432 as user postgres, database postgres, which every server has. The
 * tests only connect to it to create their own throwaway databases.
 */
export function localPostgres(env = process.env) {
  const host = env.PGHOST || '127.0.0.1';
  const port = env.PGPORT || '5432';
  const user = env.PGUSER || 'postgres';
  const database = env.PGDATABASE || 'postgres';
  return {
    url: `postgres://${encodeURIComponent(user)}@${host}:${port}/${encodeURIComponent(database)}`,
    where: `${host}:${port} as user ${user}`,
  };
}

/** Connects once and asks for nothing: resolves to null when the server answers, else to why not. */
export async function unreachableBecause(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  // An error after connecting (the server going away) must not end the test command.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error && error.message ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The race test files, as paths from the repository's root. */
export function raceTestFiles(root, folder = '') {
  return readdirSync(path.join(root, folder || '.'), { withFileTypes: true })
    .filter((entry) => !['node_modules', 'dist', '.git'].includes(entry.name))
    .flatMap((entry) => {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory())
        return !folder && !['apps', 'packages'].includes(entry.name) ? [] : raceTestFiles(root, file);
      return entry.name.endsWith('.pg.test.ts') ? [file] : [];
    })
    .sort();
}
