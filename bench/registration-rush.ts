// A rush of registrations for a few seats through the real HTTP API of a started server: RUSH_STUDENTS
// (1000) students register at once for RUSH_SEATS (100) seats. As in a browser, each student has
// their own connection, and has the event's page open when registration opens (its GET sent in
// waves of 100 beforehand); RUSH_COLD=1 leaves the page out: every student's first request, on a
// new connection, to a process that has served nothing yet. Checks that exactly the seats are
// confirmed and everyone else waits in arrival order, reports each answer's time (p50, p99, worst),
// then times a cancellation until the first person waiting holds the seat.
// Run: npm run bench:rush
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a throwaway database on that server,
//   dropped at the end; without it, PGlite in a temporary folder.
import http from 'node:http';
import { readFileSync } from 'node:fs';
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
const STUDENTS = Number(process.env.RUSH_STUDENTS ?? 1000);
const SEATS = Number(process.env.RUSH_SEATS ?? 100);
/** The targets: every answer within 2 s at p99; the next person promoted within 5 s of a cancellation. */
const TARGET_P99_MS = 2_000;
const TARGET_PROMOTION_MS = 5_000;
const COLD = process.env.RUSH_COLD === '1';
/** How many students open the event's page at a time before the rush. */
const PAGE_WAVE = 100;

type Answer = { status: number; body: unknown };

/** One request on the student's own keep-alive connection, as their browser would send it. */
function request(
  agent: http.Agent,
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** CPU time of a process so far, in ms, from /proc (user and system, in ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** An approved event taking registrations now, starting in a week, with SEATS seats. */
async function openEvent(where: Where): Promise<string> {
  const handle = await openDatabase(where);
  try {
    const [row] = rowsOf<{ id: string }>(
      await handle.db.execute(sql`
        insert into events (title, category, schedule_start, schedule_end, registration_required,
          registration_start, registration_end, max_participants, approval)
        values ('Rush night', 'cultural', now() + interval '7 days', now() + interval '7 days 3 hours', true,
          now() - interval '1 day', now() + interval '6 days', ${SEATS}, 'approved')
        returning id`),
    );
    return row!.id;
  } finally {
    await handle.close();
  }
}

/** The registrations of the event in arrival order, as the database holds them. */
async function registrations(where: Where, eventId: string) {
  const handle = await openDatabase(where);
  try {
    return rowsOf<{ id: string; status: string; promoted: boolean }>(
      await handle.db.execute(
        sql`select id, status, promoted_at is not null as promoted from event_registrations where event_id = ${eventId}::uuid order by seq`,
      ),
    );
  } finally {
    await handle.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const { where, kind, remove } = await seededCampus('cosa-rush-', Math.ceil(STUDENTS * 1.2));
  try {
    const cookies = await createWriterSessions(where, STUDENTS);
    const eventId = await openEvent(where);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...where,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
    };
    const server = await startServer({ cwd: ROOT, env, port: await freePort() });
    process.stdout.write(
      `Registration rush: ${os.cpus().length} CPUs, Node ${process.version}, ${kind}, ${STUDENTS} students for ${SEATS} seats.\n`,
    );
    let failed = false;
    let placesInOrder = false;
    try {
      const url = `${server.baseUrl}/api/events/${eventId}/registration`;
      const agents = cookies.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      const send = (student: number, method: 'GET' | 'POST' | 'DELETE', address = url) =>
        request(agents[student]!, address, method, {
          origin: server.baseUrl,
          cookie: cookies[student]!,
        });
      if (!COLD) {
        // Waiting on the event's page: each student's browser has loaded it over its connection.
        for (let from = 0; from < STUDENTS; from += PAGE_WAVE) {
          const wave = cookies
            .slice(from, from + PAGE_WAVE)
            .map((_, index) => send(from + index, 'GET', `${server.baseUrl}/api/events/${eventId}`));
          if ((await Promise.all(wave)).some((answer) => answer.status !== 200))
            throw new Error("a student could not open the event's page");
        }
      }
      process.stdout.write(
        COLD
          ? '  every student sends their first request, on a new connection, to a process that served nothing yet\n'
          : "  every student has the event's page open on their own connection\n",
      );
      const serverCpu = cpuMsOf(server.child.pid!);
      const started = performance.now();
      const answers = await Promise.all(
        cookies.map(async (_, student) => {
          const sent = performance.now();
          const response = await send(student, 'POST');
          const body = response.body as {
            registration?: { status: string; waitlistPlace: number | null };
          };
          return {
            status: response.status,
            ms: performance.now() - sent,
            registration: body.registration,
          };
        }),
      );
      const wall = performance.now() - started;
      const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const refused = answers.filter((answer) => answer.status !== 201).length;
      const places = answers
        .map((answer) => answer.registration?.waitlistPlace)
        .filter((place): place is number => typeof place === 'number')
        .sort((a, b) => a - b);
      placesInOrder = places.every((place, index) => place === index + 1);
      const p99 = percentile(times, 99);
      process.stdout.write(
        `  ${answers.length} registrations in ${(wall / 1000).toFixed(2)} s (the server's CPU time ${cpuMsOf(server.child.pid!) - serverCpu} ms), ${refused} refused; waitlist places 1..${places.length} given once each: ${placesInOrder}\n`,
      );
      process.stdout.write(
        `  answer time: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms (target p99 under ${TARGET_P99_MS} ms)\n`,
      );
      failed ||= refused > 0 || !placesInOrder || p99 >= TARGET_P99_MS;

      // The first seat holder cancels: the first person waiting gets the seat in the same transaction.
      const holder = answers.findIndex((answer) => answer.registration?.status === 'confirmed');
      const next = answers.findIndex((answer) => answer.registration?.waitlistPlace === 1);
      const cancelStarted = performance.now();
      const cancelled = await send(holder, 'DELETE');
      let promotion = performance.now() - cancelStarted;
      let promoted = false;
      while (!promoted && promotion < TARGET_PROMOTION_MS * 2) {
        const seen = await send(next, 'GET', `${server.baseUrl}/api/events/${eventId}`);
        const body = seen.body as { event?: { mine?: { status: string } | null } };
        promoted = body.event?.mine?.status === 'confirmed';
        promotion = performance.now() - cancelStarted;
      }
      process.stdout.write(
        `  cancellation answered ${cancelled.status}; the first person waiting held the seat ${promotion.toFixed(0)} ms after it was sent (target under ${TARGET_PROMOTION_MS} ms)\n`,
      );
      failed ||= !promoted || promotion >= TARGET_PROMOTION_MS;
      for (const agent of agents) agent.destroy();
    } finally {
      await server.stop();
    }
    // Read once the server has let go of the database (PGlite is one process's at a time).
    const rows = await registrations(where, eventId);
    const confirmed = rows.filter((row) => row.status === 'confirmed').length;
    const waitlisted = rows.filter((row) => row.status === 'waitlisted').length;
    // In arrival order: leaving out the cancelled seat, the seats are the first arrivals, the rest wait.
    const live = rows.filter((row) => row.status !== 'cancelled');
    const seatsInOrder = live.every((row, index) => index < SEATS === (row.status === 'confirmed'));
    process.stdout.write(
      `  in the database: ${confirmed} confirmed, ${waitlisted} waitlisted, seats held by the first arrivals: ${seatsInOrder}\n`,
    );
    failed ||= confirmed !== SEATS || waitlisted !== STUDENTS - SEATS - 1 || !seatsInOrder;
    process.stdout.write(failed ? 'Targets NOT met.\n' : 'Targets met.\n');
    if (failed) process.exitCode = 1;
  } finally {
    await remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Registration benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
