import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { printGrowth, printTable, type Row } from './report';
import { SCENARIOS, type Scenario } from './scenarios';
import { freePort, rssMiB, startServer } from './server-process';
import {
  createBenchIds,
  createBenchSessions,
  createWriterSessions,
  type BenchIds,
  type BenchRole,
} from './session';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of 1 or more (got '${raw}')`);
  return value;
}

/** Runs `npm run cli -- seed:scale`, echoing its output; returns the wall time and the seed's own time. */
function seedScale(
  env: NodeJS.ProcessEnv,
  students: number,
): Promise<{ wallSeconds: number; seedSeconds: number | null }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli.ts',
        'seed:scale',
        '--students',
        String(students),
        // BENCH_EVENTS: events of the campus, with their registrations (one per 100 students by default).
        ...(process.env.BENCH_EVENTS ? ['--events', process.env.BENCH_EVENTS] : []),
      ],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seed:scale exited with code ${code}`));
      const match = output.match(/Done in ([\d.]+) s/);
      resolve({
        wallSeconds: (performance.now() - started) / 1000,
        seedSeconds: match ? Number(match[1]) : null,
      });
    });
  });
}

/** Who the scenario signs in as, if anyone. */
const roleOf = (scenario: Scenario): BenchRole | null =>
  scenario.as ?? (scenario.signedIn ? 'STUDENT' : null);

/** The sessions the scenarios send: one per role, and the writers' in turn. */
type Sessions = { byRole: Map<BenchRole, string>; writers: string[]; ids: BenchIds };

/**
 * Requests that each take the next of `values` in turn, counted across the scenario's warm-up and
 * run; none when there are no values.
 */
function inTurn(
  scenario: Scenario,
  values: string[],
  apply: (request: autocannon.Request, value: string) => autocannon.Request,
): ((request: autocannon.Request) => autocannon.Request) | null {
  if (values.length === 0) return null;
  return (request) => {
    const sent = bodiesSent.get(scenario) ?? 0;
    bodiesSent.set(scenario, sent + 1);
    return apply(request, values[sent % values.length]!);
  };
}

/** How far each rush of bodies or round of paths has gone, across its warm-up and its run, so the run goes on to fresh ones. */
const bodiesSent = new Map<Scenario, number>();

/** The scenario's request, for autocannon; a writing scenario takes the next writer's session for each request. */
function requestOf(baseUrl: string, scenario: Scenario, sessions: Sessions) {
  const headers: Record<string, string> = { origin: baseUrl };
  const role = roleOf(scenario);
  if (role) headers.cookie = sessions.byRole.get(role)!;
  const body =
    typeof scenario.body === 'function'
      ? (scenario.body as (ids: BenchIds) => unknown)(sessions.ids)
      : scenario.body;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const writers = scenario.writers ? sessions.writers.slice(0, scenario.writers) : [];
  const bodies = (scenario.bodies?.(sessions.ids) ?? []).map((each) => JSON.stringify(each));
  if (bodies.length > 0) headers['content-type'] = 'application/json';
  const paths = scenario.paths?.(sessions.ids) ?? [];
  let next = 0;
  const steps = [
    writers.length > 0
      ? (request: autocannon.Request) => {
          next = (next + 1) % writers.length;
          return { ...request, headers: { ...request.headers, cookie: writers[next]! } };
        }
      : null,
    // Each request the next path in turn.
    inTurn(scenario, paths, (request, path) => ({ ...request, path })),
    // Each request the next body in turn; past the last, the first again (then answered as already decided).
    inTurn(scenario, bodies, (request, sent) => ({ ...request, body: sent })),
  ].filter((step) => step !== null);
  return {
    url: `${baseUrl}${typeof scenario.path === 'function' ? scenario.path(sessions.ids) : scenario.path}`,
    method: scenario.method ?? 'GET',
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(steps.length > 0
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) =>
                steps.reduce((changed, step) => step(changed), request),
            },
          ],
        }
      : {}),
  } as const;
}

/** How many seconds a flood's warm-up may take to reach its limit (a campus address allows hundreds an hour). */
const FLOOD_WARM_UP_MAX_SECONDS = 60;

/**
 * Sends the scenario's request for a second, so that caches are warm; a flood goes on, a second
 * at a time, until every answer of a second is the expected refusal, so its limit is reached
 * before measuring.
 */
async function warmUp(
  baseUrl: string,
  scenario: Scenario,
  sessions: Sessions,
  connections: number,
): Promise<void> {
  const expected = scenario.expectStatus;
  for (let second = 0; second < FLOOD_WARM_UP_MAX_SECONDS; second += 1) {
    const result = await autocannon({
      ...requestOf(baseUrl, scenario, sessions),
      connections,
      duration: 1,
    });
    if (expected === undefined) return;
    const refused = result.statusCodeStats?.[String(expected) as '429']?.count ?? 0;
    if (refused === result.requests.total) return;
  }
}

async function runScenario(
  baseUrl: string,
  scenario: Scenario,
  sessions: Sessions,
  options: { duration: number; connections: number },
): Promise<Omit<Row, 'rss'>> {
  const result = await autocannon({
    ...requestOf(baseUrl, scenario, sessions),
    connections: options.connections,
    duration: options.duration,
  });
  const expected = scenario.expectStatus;
  // An expected non-2xx status (a flood's 429) is a success of its scenario.
  const expectedCount =
    expected === undefined ? 0 : (result.statusCodeStats?.[String(expected) as '429']?.count ?? 0);
  const unexpected = expected === undefined ? result.non2xx : result.requests.total - expectedCount;
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + Math.max(0, unexpected),
  };
}

/** BENCH_STUDENTS: one campus size or several, comma-separated and rising (each seeded on top of the last). */
function sizesFromEnv(): number[] {
  const raw = process.env.BENCH_STUDENTS?.trim() || '20000';
  const sizes = raw.split(',').map((part) => Number(part.trim()));
  if (
    sizes.some((size) => !Number.isInteger(size) || size < 1) ||
    sizes.some((size, index) => index > 0 && size <= sizes[index - 1]!)
  ) {
    throw new Error(
      `BENCH_STUDENTS must be whole numbers of 1 or more, rising, comma-separated (got '${raw}')`,
    );
  }
  return sizes;
}

async function main(): Promise<void> {
  const sizes = sizesFromEnv();
  const duration = numberFromEnv('BENCH_DURATION', 10);
  const connections = numberFromEnv('BENCH_CONNECTIONS', 10);
  const onServer = Boolean(process.env.DATABASE_URL);
  // BENCH_ONLY=<text>[|<text>...]: only the scenarios whose name contains one of them.
  const only = process.env.BENCH_ONLY?.split('|').filter(Boolean);
  const chosen = only?.length
    ? SCENARIOS.filter((scenario) => only.some((part) => scenario.name.includes(part)))
    : SCENARIOS;
  const tempDir = onServer ? null : mkdtempSync(path.join(os.tmpdir(), 'cosa-bench-'));
  const dataDir = tempDir ? path.join(tempDir, 'data') : './data';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'never',
    NODE_ENV: 'production',
  };
  const started = performance.now();

  process.stdout.write(
    `COSA Portal benchmark: ${os.cpus().length} CPUs, Node ${process.version}, ${onServer ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}\n\n`,
  );
  try {
    const runs: { students: number; rows: Row[] }[] = [];
    let sessions: Sessions | null = null;
    let seeded = 0;
    for (const students of sizes) {
      const seed = await seedScale(env, students - seeded);
      seeded = students;
      if (!sessions) {
        const database = {
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
          DATA_DIR: dataDir,
        };
        const roles = [
          ...new Set(chosen.map(roleOf).filter((role): role is BenchRole => role !== null)),
        ];
        const writerCount = Math.max(0, ...chosen.map((scenario) => scenario.writers ?? 0));
        const writers = writerCount > 0 ? await createWriterSessions(database, writerCount) : [];
        sessions = {
          byRole: await createBenchSessions(database, roles),
          writers,
          ids: await createBenchIds(database),
        };
      }
      const server = await startServer({ cwd: ROOT, env, port: await freePort() });
      const rows: Row[] = [];
      try {
        const pid = server.child.pid ?? 0;
        const idleRss = rssMiB(pid);
        process.stdout.write(
          `\n${students} students: server ready at ${server.baseUrl}; ${duration} s per scenario, ${connections} connections.\n`,
        );
        for (const scenario of chosen) {
          await warmUp(server.baseUrl, scenario, sessions, connections);
          const row = await runScenario(server.baseUrl, scenario, sessions, { duration, connections });
          rows.push({ ...row, rss: rssMiB(pid) });
          process.stdout.write(`  ${scenario.name}: ${row.requestsPerSecond} req/s\n`);
        }
        const peak = rssMiB(pid, 'VmHWM');
        process.stdout.write(`\n### ${students} students\n`);
        printTable(rows);
        process.stdout.write(
          `\nseed:scale --students ${students - (runs.length ? sizes[runs.length - 1]! : 0)}: ${seed.seedSeconds ?? '?'} s inside the command, ${seed.wallSeconds.toFixed(1)} s wall time with start-up and migrations.\n`,
        );
        process.stdout.write(
          `Server RSS: ${idleRss ?? 'n/a'} MiB idle after start, ${peak ?? 'n/a'} MiB peak.\n`,
        );
        if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
      } finally {
        await server.stop();
      }
      runs.push({ students, rows });
    }
    if (runs.length > 1) printGrowth(runs);
    process.stdout.write(
      `\nBenchmark took ${((performance.now() - started) / 60_000).toFixed(1)} min.\n`,
    );
  } finally {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
