// Streams the largest CSV exports (feedback, position holders) of a campus with 200,000 rows of
// each through the real server, and reports the time, the throughput and the server's memory.
// Run: DATABASE_URL=postgres://... node --import tsx bench/export-stream.ts
// Without DATABASE_URL it runs on PGlite in a temporary folder (slow to seed). On a database that
// already holds the rows (a second run) it only tops up what is missing.
// BENCH_EXPORT_ROWS (200000): rows of each table; BENCH_EXPORT_STUDENTS (20000): the campus seeded first when it has no students.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { FEEDBACK_TYPES } from '@cosa/contracts';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { freePort, rssMiB, startServer } from './server-process';
import { createBenchSessions } from './session';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const STUDENTS = Number(process.env.BENCH_EXPORT_STUDENTS ?? 20_000);
/** The target the issue sets for 200,000 rows. */
const TARGET_SECONDS = 10;

type Database = Awaited<ReturnType<typeof openDatabase>>['db'];
type DatabaseConfig = { DATABASE_URL?: string; DATA_DIR: string };

/** Runs `seed:scale` (which also migrates), echoing its output. */
function seedScale(env: NodeJS.ProcessEnv, students: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'seed:scale', '--students', String(students)],
      { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed:scale exited with code ${code}`)),
    );
  });
}

async function countOf(db: Database, table: 'feedback' | 'position_holders' | 'users'): Promise<number> {
  const where = table === 'users' ? sql` where role = 'STUDENT'` : sql``;
  return rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}${where}`),
  )[0]!.n;
}

/** The campus's ids as arrays, so generated rows pick one by position instead of joining. */
const campus = sql`with k as (select
  (select array_agg(id order by id) from users where role = 'STUDENT') as students,
  (select array_agg(id order by id) from org_units where type = 'club') as clubs,
  (select array_agg(id order by id) from events) as events,
  (select array_agg(id order by id) from positions) as positions)`;

/** Adds generated feedback until the table holds `target` rows: every target type, a fifth anonymous, spread over months. */
async function topUpFeedback(db: Database, target: number): Promise<number> {
  const missing = target - (await countOf(db, 'feedback'));
  if (missing <= 0) return 0;
  const types = sql.raw(`array[${FEEDBACK_TYPES.map((type) => `'${type}'`).join(',')}]`);
  await db.execute(sql`${campus}
    insert into feedback (type, target_type, target_user_id, target_event_id, target_unit_id, target_position_id, rating, comments, is_anonymous, author_id, created_at)
    select (${types})[1 + g % ${FEEDBACK_TYPES.length}::int],
      (array['User', 'Event', 'Club/Organization', 'POR'])[1 + g % 4],
      case when g % 4 = 0 then k.students[1 + (g * 7 + 1) % cardinality(k.students)] end,
      case when g % 4 = 1 then k.events[1 + g % cardinality(k.events)] end,
      case when g % 4 = 2 then k.clubs[1 + g % cardinality(k.clubs)] end,
      case when g % 4 = 3 then k.positions[1 + g % cardinality(k.positions)] end,
      1 + g % 5, 'Generated feedback for the export benchmark, number ' || g || '.', g % 5 = 0,
      k.students[1 + g % cardinality(k.students)], now() - g * interval '37 seconds'
    from k, generate_series(1, ${missing}::int) g`);
  return missing;
}

/** Adds completed holdings of past tenures until the table holds `target` rows; each (student, position, tenure) once. */
async function topUpHolders(db: Database, target: number): Promise<number> {
  let added = 0;
  for (let year = 2016; year < 2024; year += 1) {
    const missing = target - (await countOf(db, 'position_holders'));
    if (missing <= 0) break;
    const result = await db.execute(sql`${campus}
      insert into position_holders (user_id, position_id, tenure_year, status, events_organized, budget_utilized, created_at)
      select k.students[1 + g % cardinality(k.students)], k.positions[1 + (g / cardinality(k.students)) % cardinality(k.positions)],
        ${`${year}-${year + 1}`}, 'completed', g % 6, (g % 40) * 250, now() - g * interval '41 seconds'
      from k, generate_series(1, ${missing}::int) g
      on conflict do nothing`);
    added +=
      (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0;
  }
  return added;
}

async function prepare(env: NodeJS.ProcessEnv, config: DatabaseConfig): Promise<void> {
  let handle = await openDatabase(config).catch(() => null);
  const students = handle ? await countOf(handle.db, 'users').catch(() => 0) : 0;
  if (students < 1000) {
    await handle?.close();
    process.stdout.write(`Seeding a campus of ${STUDENTS} students first...\n`);
    await seedScale(env, STUDENTS);
    handle = await openDatabase(config);
  }
  try {
    const started = performance.now();
    const feedback = await topUpFeedback(handle!.db, ROWS);
    const holders = await topUpHolders(handle!.db, ROWS);
    await handle!.db.execute(sql`analyze feedback; analyze position_holders`).catch(() => undefined);
    process.stdout.write(
      `Added ${feedback} feedback and ${holders} holdings in ${((performance.now() - started) / 1000).toFixed(1)} s; `,
    );
    process.stdout.write(
      `the tables hold ${await countOf(handle!.db, 'feedback')} feedback and ${await countOf(handle!.db, 'position_holders')} holdings.\n`,
    );
  } finally {
    await handle!.close();
  }
}

type Measured = {
  status: number;
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  rssBefore: number | null;
  rssPeak: number | null;
};

/** Downloads one export, counting its records without keeping them, and samples the server's memory meanwhile. */
function measure(url: string, cookie: string, pid: number): Promise<Measured> {
  const rssBefore = rssMiB(pid);
  let rssPeak = rssBefore ?? 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(pid) ?? 0)), 25);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { cookie } }, (response) => {
      let firstByteMs = 0;
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      });
      response.on('end', () => {
        clearInterval(sampler);
        rssPeak = Math.max(rssPeak, rssMiB(pid) ?? 0);
        // Records are CRLF-terminated; the header is the first.
        resolve({
          status: response.statusCode ?? 0,
          rows: lines - 1,
          bytes,
          firstByteMs,
          totalMs: performance.now() - started,
          rssBefore,
          rssPeak,
        });
      });
      response.on('error', reject);
    });
    request.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

const EXPORTS = [
  { name: 'position holders, all', path: '/api/position-holders/export' },
  { name: 'feedback, all', path: '/api/feedback/export' },
  { name: 'position holders, status=completed', path: '/api/position-holders/export?status=completed' },
  { name: 'feedback, type=Complaint', path: '/api/feedback/export?type=Complaint' },
];

async function main(): Promise<void> {
  const onServer = Boolean(process.env.DATABASE_URL);
  const tempDir = onServer ? null : mkdtempSync(path.join(os.tmpdir(), 'cosa-bench-export-'));
  const dataDir = tempDir ? path.join(tempDir, 'data') : './data';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'never',
    NODE_ENV: 'production',
  };
  const config: DatabaseConfig = {
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    DATA_DIR: dataDir,
  };
  process.stdout.write(
    `CSV export streaming: ${os.cpus().length} CPUs, Node ${process.version}, ${onServer ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}, ${ROWS} rows of each table\n`,
  );
  try {
    await prepare(env, config);
    const cookie = (await createBenchSessions(config, ['PRESIDENT'])).get('PRESIDENT')!;
    const server = await startServer({ cwd: ROOT, env, port: await freePort() });
    try {
      const pid = server.child.pid ?? 0;
      // One small export first, so the modules and the statements are warm.
      await measure(`${server.baseUrl}/api/feedback/export?type=Report&status=resolved`, cookie, pid);
      process.stdout.write(`Server ready at ${server.baseUrl}, RSS ${rssMiB(pid) ?? 'n/a'} MiB.\n\n`);
      process.stdout.write(
        '| export | status | rows | MiB | first byte ms | total s | rows/s | server RSS before MiB | peak during MiB | growth MiB |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n',
      );
      let slowest = 0;
      for (const scenario of EXPORTS) {
        const result = await measure(`${server.baseUrl}${scenario.path}`, cookie, pid);
        const seconds = result.totalMs / 1000;
        if (result.rows >= ROWS) slowest = Math.max(slowest, seconds);
        const growth =
          result.rssBefore !== null && result.rssPeak !== null
            ? result.rssPeak - result.rssBefore
            : 'n/a';
        const cells = [
          scenario.name,
          result.status,
          result.rows,
          (result.bytes / 2 ** 20).toFixed(1),
          result.firstByteMs.toFixed(0),
          seconds.toFixed(2),
          Math.round(result.rows / seconds),
          result.rssBefore ?? 'n/a',
          result.rssPeak ?? 'n/a',
          growth,
        ];
        process.stdout.write(`| ${cells.join(' | ')} |\n`);
        if (result.status !== 200) process.exitCode = 1;
      }
      process.stdout.write(
        `\nServer peak RSS over the run (VmHWM): ${rssMiB(pid, 'VmHWM') ?? 'n/a'} MiB.\n`,
      );
      process.stdout.write(
        `Slowest export of ${ROWS} rows or more: ${slowest.toFixed(2)} s (target under ${TARGET_SECONDS} s): ${slowest < TARGET_SECONDS ? 'met' : 'NOT met'}.\n`,
      );
      if (slowest >= TARGET_SECONDS) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Export benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
