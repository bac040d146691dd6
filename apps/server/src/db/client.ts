import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import { lockDataDir } from './data-dir-lock';

type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and on a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Extensions the migrations use; PGlite needs them at construction. */
const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

/** Opens PGlite: in a folder when dataDir is given, in memory otherwise, or from a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<DatabaseHandle> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: PGLITE_EXTENSIONS,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** How many statements one connection keeps prepared; past it, new texts run unnamed. */
const PREPARED_PER_CONNECTION = 1000;
const STATEMENT_KINDS = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

/**
 * A connection that prepares each query text once and runs it by name from then on: PostgreSQL
 * then parses and plans a text once per connection instead of on every request (planning a list
 * with its counts costs more than running it). Texts come from the code, with their values as
 * parameters, so they are few; a connection names at most PREPARED_PER_CONNECTION of them.
 */
class PreparingClient extends pg.Client {
  private readonly named = new Set<string>();

  override query(...args: unknown[]): never {
    const [config] = args;
    const query = config as { text?: unknown; name?: unknown } | null;
    if (query && typeof query === 'object' && !query.name && typeof query.text === 'string' && STATEMENT_KINDS.test(query.text)) {
      const name = `s_${createHash('sha1').update(query.text).digest('base64url')}`;
      if (this.named.has(name) || this.named.size < PREPARED_PER_CONNECTION) {
        this.named.add(name);
        args[0] = { ...query, name };
      }
    }
    return (super.query as (...params: unknown[]) => never)(...args);
  }
}

/** The advisory lock key migrations hold on a PostgreSQL server. */
const MIGRATION_LOCK = 26_680_013;

/** Connects to a PostgreSQL server; fails fast when it cannot be reached. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    Client: PreparingClient,
    // Asks the server to cancel a connection's statement within a second once the process has gone
    // (stopped or died), also while it waits for a lock, instead of running on to commit a write
    // nobody was told of. The pool hands the connection out only after this, and by then it
    // listens for the connection's errors: one dropped meanwhile (the pool gave up waiting) is
    // the waiting query's error, never the process's.
    onConnect: async (client) => {
      await client.query("set client_connection_check_interval = '1s'").catch(() => undefined);
    },
  });
  // Errors on idle clients would otherwise crash the process.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Processes starting together migrate one at a time, on one connection holding a lock: the
      // next finds the migrations applied instead of racing to create the same objects.
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        connection.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** The database the configuration names: a server when DATABASE_URL is set, PGlite in dataDir otherwise. */
export async function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite({ dataDir: path.resolve(config.DATA_DIR) });
}
