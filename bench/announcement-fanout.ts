// Times an announcement to a whole campus through the real HTTP API of a started server: the
// request's answer, and when its notifications are visible to another connection (stored). Then
// the official's list (recipients and readers counted) and a student's current announcements.
// Run: npm run bench:announce
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a throwaway database on that server,
//   dropped at the end (the issue's figures are for PostgreSQL); without it, PGlite in a temporary folder.
// ANNOUNCE_STUDENTS (20000): students of the generated campus; ANNOUNCE_POSTS (3): announcements to everyone.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { seededCampus } from './campus';
import { freePort, startServer } from './server-process';
import { createBenchSessions, createWriterSessions } from './session';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STUDENTS = Number(process.env.ANNOUNCE_STUDENTS ?? 20_000);
const POSTS = Number(process.env.ANNOUNCE_POSTS ?? 3);
/** The issue's targets for 20,000 students. */
const TARGET_REQUEST_MS = 500;
const TARGET_STORED_MS = 2_000;

/** Resolves, once the announcement's notifications are visible to another connection, to the milliseconds since `started`. */
async function storedAfter(url: string, title: string, started: number): Promise<number> {
  const watcher = await openPostgres(url, { max: 1 });
  try {
    for (;;) {
      const [row] = rowsOf<{ n: number }>(
        await watcher.db.execute(
          sql`select count(*)::int as n from notifications where announcement_id in (select id from announcements where title = ${title})`,
        ),
      );
      // One transaction stores them all: the count is 0 until it commits.
      if ((row?.n ?? 0) > 0) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    await watcher.close();
  }
}

/** Marks seven in ten of every announcement's notifications read, as a campus does within a few days. */
async function markMostRead(url: string): Promise<void> {
  const handle = await openPostgres(url, { max: 1 });
  try {
    await handle.db.execute(
      sql`update notifications set read_at = now() where announcement_id is not null and abs(hashtext(id::text)) % 10 < 7`,
    );
    await handle.db.execute(sql`analyze notifications`);
  } finally {
    await handle.close();
  }
}

/** The median time of `times` sequential GETs. */
async function medianGet(
  url: string,
  cookie: string,
  times = 20,
): Promise<{ ms: number; status: number }> {
  const durations: number[] = [];
  let status = 0;
  for (let n = 0; n < times; n += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    durations.push(performance.now() - started);
    status = response.status;
  }
  durations.sort((a, b) => a - b);
  return { ms: durations[Math.floor(times / 2)]!, status };
}

async function main(): Promise<void> {
  const { where, kind, remove } = await seededCampus('cosa-announce-', STUDENTS);
  try {
    const president = (await createBenchSessions(where, ['PRESIDENT'])).get('PRESIDENT')!;
    const [student] = await createWriterSessions(where, 1);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...where,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
    };
    const server = await startServer({ cwd: ROOT, env, port: await freePort() });
    process.stdout.write(
      `Announcement fan-out: ${os.cpus().length} CPUs, Node ${process.version}, ${kind}, ${STUDENTS} students.\n`,
    );
    let worstRequest = 0;
    let worstStored = 0;
    try {
      for (let n = 1; n <= POSTS; n += 1) {
        const title = `Campus-wide notice ${n} (${Date.now()})`;
        const started = performance.now();
        const stored = where.DATABASE_URL ? storedAfter(where.DATABASE_URL, title, started) : null;
        const response = await fetch(`${server.baseUrl}/api/announcements`, {
          method: 'POST',
          headers: { origin: server.baseUrl, cookie: president, 'content-type': 'application/json' },
          body: JSON.stringify({
            title,
            body: 'The convocation is on Saturday at 10 am in the main auditorium.',
            audience: 'everyone',
          }),
        });
        const answer = (await response.json()) as { recipients?: number };
        const requestMs = performance.now() - started;
        const storedMs = stored ? await stored : null;
        if (response.status !== 201)
          throw new Error(
            `POST /api/announcements answered ${response.status}: ${JSON.stringify(answer)}`,
          );
        worstRequest = Math.max(worstRequest, requestMs);
        worstStored = Math.max(worstStored, storedMs ?? requestMs);
        process.stdout.write(
          `  post ${n}: ${answer.recipients} recipients | request ${requestMs.toFixed(0)} ms | notifications stored ${storedMs === null ? '(within the request: one transaction)' : `${storedMs.toFixed(0)} ms after the request started`}\n`,
        );
      }
      const list = await medianGet(`${server.baseUrl}/api/announcements`, president);
      const current = await medianGet(`${server.baseUrl}/api/announcements/current`, student!);
      process.stdout.write(
        `  GET /api/announcements (president, ${POSTS} to the campus, recipients and readers): median ${list.ms.toFixed(1)} ms (${list.status})\n`,
      );
      if (where.DATABASE_URL) {
        await markMostRead(where.DATABASE_URL);
        const read = await medianGet(`${server.baseUrl}/api/announcements`, president);
        process.stdout.write(
          `  GET /api/announcements (president, the same once 70% read them): median ${read.ms.toFixed(1)} ms (${read.status})\n`,
        );
      }
      process.stdout.write(
        `  GET /api/announcements/current (a student): median ${current.ms.toFixed(1)} ms (${current.status})\n`,
      );
    } finally {
      await server.stop();
    }
    const met = worstRequest < TARGET_REQUEST_MS && worstStored < TARGET_STORED_MS;
    process.stdout.write(
      `Slowest: request ${worstRequest.toFixed(0)} ms (target under ${TARGET_REQUEST_MS} ms), stored ${worstStored.toFixed(0)} ms (target under ${TARGET_STORED_MS} ms): ${met ? 'met' : 'NOT met'}.\n`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Announcement benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
