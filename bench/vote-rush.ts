// A rush of voters through the real HTTP API: RUSH_VOTERS (1000) students cast a ballot for one
// post at once; every tenth also sends a second ballot at the same moment (on PostgreSQL, to a
// second server process). Checks that each voter had exactly one ballot taken and any other refused
// with 409 (0 double votes), that every receipt given is in the ballots (0 lost), and reports each
// answer's time (p50, p95, p99, worst) against the 2 s target.
// Run: npm run bench:vote
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a throwaway database on that server,
//   dropped at the end, and two server processes; without it, PGlite in a temporary folder and one.
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { seededCampus, type Where } from './campus';
import { freePort, startServer, type RunningServer } from './server-process';
import { createWriterSessions } from './session';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VOTERS = Number(process.env.RUSH_VOTERS ?? 1000);
const TARGET_P99_MS = 2_000;

/** An election whose vote is open now, with one post of one seat and three accepted candidates. */
async function openElection(where: Where): Promise<{ postId: string; candidates: string[] }> {
  const handle = await openDatabase(where);
  try {
    return await handle.db.transaction(async (tx) => {
      const [position] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from positions where retired_at is null order by id limit 1`),
      );
      const [election] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into elections (title, tenure_year, nominations_open_at, nominations_close_at,
            voting_open_at, voting_close_at)
          values ('Rush vote', '2026-2027', now() - interval '3 days', now() - interval '2 days',
            now() - interval '1 hour', now() + interval '1 day')
          returning id`),
      );
      const [post] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into election_posts (election_id, position_id, seats)
          values (${election!.id}::uuid, ${position!.id}::uuid, 1) returning id`),
      );
      const candidates = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into election_candidates (post_id, user_id, manifesto, status)
          select ${post!.id}::uuid, id, 'Rush manifesto', 'accepted' from users
          where role = 'STUDENT' order by created_at limit 3
          returning id`),
      );
      return { postId: post!.id, candidates: candidates.map((c) => c.id) };
    });
  } finally {
    await handle.close();
  }
}

async function stored(where: Where, postId: string) {
  const handle = await openDatabase(where);
  try {
    const hashes = rowsOf<{ receipt_hash: string }>(
      await handle.db.execute(sql`select receipt_hash from ballots where post_id = ${postId}::uuid`),
    ).map((row) => row.receipt_hash);
    const [voted] = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from ballot_participations where post_id = ${postId}::uuid`,
      ),
    );
    return { hashes: new Set(hashes), ballots: hashes.length, voted: voted!.n };
  } finally {
    await handle.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const hashOf = (receipt: string) =>
  createHash('sha256').update(receipt.replaceAll('-', '')).digest('hex');

async function main(): Promise<void> {
  const { where, kind, remove } = await seededCampus('cosa-vote-', Math.ceil(VOTERS * 1.2));
  const servers: RunningServer[] = [];
  try {
    const cookies = await createWriterSessions(where, VOTERS);
    const { postId, candidates } = await openElection(where);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...where,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
    };
    // PGlite is one process's at a time; the PostgreSQL server takes two, as a campus would run it.
    const processes = where.DATABASE_URL ? Number(process.env.RUSH_PROCESSES ?? 2) : 1;
    for (let i = 0; i < processes; i += 1)
      servers.push(await startServer({ cwd: ROOT, env, port: await freePort() }));
    process.stdout.write(
      `Vote rush: ${os.cpus().length} CPUs, Node ${process.version}, ${kind}, ${VOTERS} voters at once, every tenth sending two ballots, to ${servers.length} server ${servers.length === 1 ? 'process' : 'processes'}.\n`,
    );
    let failed = false;
    const receipts: string[] = [];
    try {
      const cast = async (server: RunningServer, cookie: string, ranking: string[]) => {
        const sent = performance.now();
        const response = await fetch(`${server.baseUrl}/api/elections/posts/${postId}/ballots`, {
          method: 'POST',
          headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ ranking }),
        });
        const body = (await response.json()) as { receipt?: string };
        return { status: response.status, ms: performance.now() - sent, receipt: body.receipt };
      };
      const started = performance.now();
      const answers = await Promise.all(
        cookies.map(async (cookie, i) => {
          const ranking = [candidates[i % 3]!, candidates[(i + 1) % 3]!];
          const first = cast(servers[i % servers.length]!, cookie, ranking);
          if (i % 10 !== 0) return [await first];
          const second = cast(servers[(i + 1) % servers.length]!, cookie, ranking.slice(0, 1));
          return Promise.all([first, second]);
        }),
      );
      const wall = performance.now() - started;
      const times = answers
        .flat()
        .map((answer) => answer.ms)
        .sort((a, b) => a - b);
      let taken = 0;
      let doubles = 0;
      let neither = 0;
      for (const pair of answers) {
        const ok = pair.filter((answer) => answer.status === 201);
        taken += ok.length;
        if (ok.length > 1) doubles += 1;
        if (ok.length === 0 || pair.some((a) => a.status !== 201 && a.status !== 409)) neither += 1;
        for (const answer of ok) receipts.push(answer.receipt!);
      }
      const p99 = percentile(times, 99);
      process.stdout.write(
        `  ${times.length} ballots sent in ${(wall / 1000).toFixed(2)} s: ${taken} taken, ${doubles} voters with two taken, ${neither} voters with neither taken or another refusal than 409\n`,
      );
      process.stdout.write(
        `  answer time: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms (target p99 under ${TARGET_P99_MS} ms)\n`,
      );
      failed ||= doubles > 0 || neither > 0 || taken !== VOTERS || p99 >= TARGET_P99_MS;
    } finally {
      for (const server of servers) await server.stop();
    }
    const inDatabase = await stored(where, postId);
    const lost = receipts.filter((receipt) => !inDatabase.hashes.has(hashOf(receipt))).length;
    process.stdout.write(
      `  in the database: ${inDatabase.ballots} ballots, ${inDatabase.voted} voters recorded; receipts given whose ballot is missing: ${lost}\n`,
    );
    failed ||= inDatabase.ballots !== VOTERS || inDatabase.voted !== VOTERS || lost > 0;
    process.stdout.write(failed ? 'Targets NOT met.\n' : 'Targets met.\n');
    if (failed) process.exitCode = 1;
  } finally {
    await remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Vote benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
