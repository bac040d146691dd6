// A rush of join requests to one club through the real HTTP API of a started server: JOIN_STUDENTS
// (500) students ask to join at once, then one student sends the same request JOIN_REPEATS (50)
// times at once. Checks that each student's request is stored once (the partial unique key), the
// repeats give one 201 and 409s (the target), and reports each answer's time (p50, p99, worst).
// Run: npm run bench:join-rush
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a throwaway database on that server,
//   dropped at the end; without it, PGlite in a temporary folder.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { seededCampus, type Where } from './campus';
import { freePort, startServer } from './server-process';
import { createWriterSessions } from './session';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STUDENTS = Number(process.env.JOIN_STUDENTS ?? 500);
const REPEATS = Number(process.env.JOIN_REPEATS ?? 50);

/** Runs one statement on the campus's database, with the server stopped or not yet started. */
async function onDatabase<T>(where: Where, statement: ReturnType<typeof sql>): Promise<T[]> {
  const handle = await openDatabase(where);
  try {
    return rowsOf<T>(await handle.db.execute(statement));
  } finally {
    await handle.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const { where, kind, remove } = await seededCampus('cosa-join-', Math.ceil(STUDENTS * 1.2));
  try {
    const cookies = await createWriterSessions(where, STUDENTS);
    // A club open to new members, with a question.
    const [club] = await onDatabase<{ id: string }>(
      where,
      sql`insert into org_units (name, type, category) values ('Rush Club', 'club', 'technical') returning id`,
    );
    await onDatabase(
      where,
      sql`insert into club_pages (unit_id, slug, recruiting, join_question)
        values (${club!.id}::uuid, 'rush-club', true, 'Why this club?')`,
    );
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...where,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
    };
    const server = await startServer({ cwd: ROOT, env, port: await freePort() });
    process.stdout.write(
      `Join rush: ${os.cpus().length} CPUs, Node ${process.version}, ${kind}, ${STUDENTS} students, then ${REPEATS} repeats of one.\n`,
    );
    let failed = false;
    try {
      const ask = async (cookie: string) => {
        const sent = performance.now();
        const response = await fetch(`${server.baseUrl}/api/clubs/${club!.id}/join-requests`, {
          method: 'POST',
          headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ answer: 'I build robots.' }),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - sent };
      };
      const started = performance.now();
      const answers = await Promise.all(cookies.slice(1).map(ask));
      const wall = performance.now() - started;
      const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const refused = answers.filter((answer) => answer.status !== 201).length;
      const p99 = percentile(times, 99);
      process.stdout.write(
        `  ${answers.length} requests in ${(wall / 1000).toFixed(2)} s, ${refused} refused; p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms\n`,
      );
      const repeats = await Promise.all(Array.from({ length: REPEATS }, () => ask(cookies[0]!)));
      const created = repeats.filter((answer) => answer.status === 201).length;
      const conflicts = repeats.filter((answer) => answer.status === 409).length;
      process.stdout.write(
        `  one student ${REPEATS} times at once: ${created} created, ${conflicts} answered 409\n`,
      );
      failed ||= refused > 0 || created !== 1 || conflicts !== REPEATS - 1;
    } finally {
      await server.stop();
    }
    const [stored] = await onDatabase<{ rows: number; people: number }>(
      where,
      sql`select count(*)::int as rows, count(distinct user_id)::int as people
        from club_join_requests where unit_id = ${club!.id}::uuid`,
    );
    const once = stored!.rows === STUDENTS && stored!.people === STUDENTS;
    process.stdout.write(
      `  in the database: ${stored!.rows} requests of ${stored!.people} people, each stored once: ${once}\n`,
    );
    failed ||= !once;
    process.stdout.write(failed ? 'Targets NOT met.\n' : 'Targets met.\n');
    process.exitCode = failed ? 1 : 0;
  } finally {
    await remove();
  }
}

await main();
