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
import { fromPglite } from 'pg-boss';
import * as schema from './schema/index';
import { lockDataDir } from './data-dir-lock';
import { copyDataFolder, type DataFolderCopy } from './backup/folder-copy';
import { installJobQueue, nodePostgresJobDb, type JobDb } from './job-queue';
import { PREPARED_PER_CONNECTION, preparingPglite, STATEMENT_KINDS } from './pglite-statements';

type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and on a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations, then installs the job queue's tables. */
  migrate: () => Promise<void>;
  /** Connections of their own for the job queue (pg-boss). */
  jobDb: JobDb;
  /**
   * Calls `onMessage` with each payload NOTIFY sends on `channel` once its transaction commits:
   * from any process on PostgreSQL (one connection per process, reconnected when lost), from this
   * process on PGlite. A lost connection is reported to `onLost`; once connected again, what was
   * sent meanwhile is unknown, so `onMessage` is called with '*' (anything may have changed).
   * Resolves to a function that stops listening.
   */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onLost?: (error: Error) => void,
  ) => Promise<() => Promise<void>>;
  /**
   * The embedded database only: runs `inspect` and copies the data folder (a tar) in one moment
   * no transaction is open and none can start, after a checkpoint has written every change to the
   * folder's files; requests wait meanwhile.
   */
  snapshot?: <T>(
    inspect: (query: SqlRows) => Promise<T>,
  ) => Promise<{ facts: T; dataDir: DataFolderCopy }>;
  close: () => Promise<void>;
};

/** Runs one statement and returns its rows. */
export type SqlRows = (text: string) => Promise<Record<string, unknown>[]>;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Extensions the migrations use; PGlite needs them at construction. */
const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

/**
 * Opens PGlite: in a folder when dataDir is given, in memory otherwise, or from a dump. The folder
 * is locked for this process unless `locked` says the caller holds its lock already.
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob | File; locked?: boolean } = {},
): Promise<DatabaseHandle> {
  const unlock = options.dataDir && !options.locked ? lockDataDir(options.dataDir) : () => undefined;
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
  const db = drizzlePglite({ client: preparingPglite(client), schema }) as unknown as Database;
  // pg-boss's own adapter: text without values may hold several statements (its scripts), run by exec.
  const jobDb = fromPglite(client);
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      await installJobQueue(jobDb, 'pglite');
    },
    jobDb,
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    // Holding the transaction lock, no request's transaction is half done in the copy.
    snapshot: (inspect) =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        const facts = await inspect(
          async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
        );
        if (options.dataDir) return { facts, dataDir: await copyDataFolder(options.dataDir) };
        const dump = await client.dumpDataDir('none');
        return { facts, dataDir: { tar: async () => Buffer.from(await dump.arrayBuffer()) } };
      }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

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
    if (
      query &&
      typeof query === 'object' &&
      !query.name &&
      typeof query.text === 'string' &&
      STATEMENT_KINDS.test(query.text)
    ) {
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
export async function openPostgres(
  url: string,
  options: { max?: number } = {},
): Promise<DatabaseHandle> {
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
  // Errors on idle clients would otherwise crash the process; so would a connection lost while a
  // client is checked out (the pool listens only to idle ones): its query's error tells the caller.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let queuePool: pg.Pool | undefined;
  const jobPool = () => {
    if (!queuePool) {
      queuePool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5000 });
      queuePool.on('error', () => undefined);
      queuePool.on('connect', (client) => client.on('error', () => undefined));
    }
    return queuePool;
  };
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
          await migratePg(drizzlePg({ client: connection, schema }), {
            migrationsFolder: MIGRATIONS_DIR,
          });
          await installJobQueue(
            nodePostgresJobDb((text, values) => connection.query(text, values)),
            'postgres',
          );
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        connection.release();
      }
    },
    // The queue's texts run unnamed, on connections of their own: they are not the app's statements.
    jobDb: nodePostgresJobDb((text, values) => jobPool().query(text, values)),
    listen: (channel, onMessage, onLost) => listenOnPostgres(url, channel, onMessage, onLost),
    close: async () => {
      await pool.end();
      await queuePool?.end();
    },
  };
}

/** One connection LISTENing on `channel`, connected again (after a pause) whenever it is lost. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (error: Error) => void = () => undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let lost = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      if (client !== next || stopped) return;
      client = undefined;
      lost = true;
      onLost(error);
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(scheduleRetry), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    // Whatever was sent while no connection listened was missed: everyone is told to look again.
    if (lost) {
      lost = false;
      onMessage('*');
    }
  };
  const scheduleRetry = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(scheduleRetry), 1000);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** The database the configuration names: a server when DATABASE_URL is set, PGlite in dataDir otherwise. */
export async function openDatabase(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite({ dataDir: path.resolve(config.DATA_DIR) });
}
