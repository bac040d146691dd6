import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { backupFileParts, type BackupManifest } from '../db/backup/backup-file';
import { databaseFacts } from '../db/backup/database-facts';
import { describeDatabaseError } from '../lib/describe-error';
import { CliError, oneLine } from './cli-error';

const run = promisify(execFile);
export const POSTGRES_PAYLOAD = 'database.dump';

/** The URL without its password, which goes to the tools in PGPASSWORD: a command line shows in `ps`. */
function toolTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The first line of `tool --version`; a clear message when the tool is not installed. */
async function toolVersion(tool: string): Promise<string> {
  try {
    return (await run(tool, ['--version'])).stdout.trim().split('\n')[0] ?? tool;
  } catch {
    throw new CliError(
      `${tool} is not installed or not on PATH: install PostgreSQL's client tools (e.g. the postgresql-client package) of the server's major version or newer.`,
    );
  }
}

/** Runs a tool to its end; its stdout, or a CliError with the first lines of its stderr. */
function runTool(
  tool: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: Buffer[],
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error) => reject(new CliError(`${tool} could not run: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else {
        const reason = err.trim().split('\n').slice(0, 2).join(' ') || `exit code ${code}`;
        reject(new CliError(`${tool} failed: ${reason}`));
      }
    });
    child.stdin.on('error', () => undefined);
    for (const part of input ?? []) child.stdin.write(part);
    child.stdin.end();
  });
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new CliError(describeDatabaseError(error, url));
  }
  return client;
}

/**
 * A backup file of a PostgreSQL server's database: pg_dump's custom format, taken in the snapshot
 * the row counts of the manifest were read in, so both describe the same moment.
 */
export async function postgresBackupParts(url: string): Promise<Buffer[]> {
  const tool = await toolVersion('pg_dump');
  const client = await connect(url);
  try {
    const createdAt = new Date().toISOString();
    await client.query('begin isolation level repeatable read, read only');
    const snapshot = String((await client.query('select pg_export_snapshot() as id')).rows[0]?.id);
    const facts = await databaseFacts(async (text) => (await client.query(text)).rows);
    const target = toolTarget(url);
    const dump = await runTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--dbname=${target.dbname}`],
      target.env,
    );
    await client.query('commit');
    const manifestFacts = {
      createdAt,
      database: {
        kind: 'postgres' as const,
        serverVersion: facts.serverVersion,
        serverMajor: facts.serverMajor,
        tool,
      },
      schema: facts.schema,
      rows: facts.rows,
    };
    return backupFileParts(manifestFacts, POSTGRES_PAYLOAD, dump);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** SQL that fails the restore's transaction when a table does not hold the rows the manifest records. */
function rowChecks(rows: Record<string, number>): string {
  const checks = Object.entries(rows).map(
    ([table, n]) =>
      `  if (select count(*) from public.${`"${table.replaceAll('"', '""')}"`}) <> ${n} then raise exception 'the table % does not hold the % rows the backup recorded', ${literal(table)}, ${n}; end if;`,
  );
  return `do $restore_check$ begin\n${checks.join('\n')}\nend $restore_check$;\n`;
}

/**
 * Replaces the database DATABASE_URL names with a backup of a PostgreSQL server, in one
 * transaction: its schemas are dropped, pg_restore's script run and every table's rows checked,
 * or nothing changes. Then the migrations run.
 */
export async function restorePostgres(
  url: string,
  manifest: BackupManifest,
  payload: Buffer,
  force: boolean,
): Promise<{ rows: number }> {
  await toolVersion('pg_restore');
  await toolVersion('psql');
  const client = await connect(url);
  try {
    // A portal still connected would write into a database being replaced under it.
    const others = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const connected = others.rows[0]?.n ?? 0;
    if (connected > 0)
      throw new CliError(
        `${connected} other connection${connected === 1 ? ' is' : 's are'} open to the database DATABASE_URL names: stop every portal process (and anything else using it) first, since a restore replaces the whole database. Nothing was changed.`,
      );
    const present = await client.query("select to_regclass('public.users') is not null as present");
    if (present.rows[0]?.present) {
      const accounts = Number(
        (await client.query('select count(*)::int as n from public.users')).rows[0]?.n,
      );
      if (accounts > 0 && !force)
        throw new CliError(
          `The database DATABASE_URL names already holds ${accounts} account${accounts === 1 ? '' : 's'}: a restore replaces it. Add --force to replace it (back it up first with pg_dump). Nothing was changed.`,
        );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'cosa-restore-'));
  try {
    const file = path.join(folder, POSTGRES_PAYLOAD);
    writeFileSync(file, payload, { mode: 0o600 });
    const target = toolTarget(url);
    const script = await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--file=-', file],
      target.env,
    );
    const drop = ['drizzle', 'job_queue', 'pgboss', 'public']
      .map((schema) => `drop schema if exists ${schema} cascade;`)
      .join('\n');
    await runTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        `--dbname=${target.dbname}`,
      ],
      target.env,
      [Buffer.from(`${drop}\ncreate schema public;\n`), script, Buffer.from(rowChecks(manifest.rows))],
    );
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`${error.message}. Nothing was changed.`);
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const handle = await openPostgres(url, { max: 1 });
  try {
    await handle.migrate();
  } catch (error) {
    throw new CliError(
      `The backup was restored, but the schema could not be brought up to date: ${oneLine(error)}`,
    );
  } finally {
    await handle.close();
  }
  return { rows: Object.values(manifest.rows).reduce((sum, n) => sum + n, 0) };
}
