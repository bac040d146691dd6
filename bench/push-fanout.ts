// Times web push at campus scale (decision 0042) through the real HTTP API of a started server and
// its job worker, sending to the push-service stand-in on loopback (it checks each VAPID signature
// and decrypts each message, as a browser's push service and device would):
//   1. a burst of subscriptions: PUSH_DEVICES students turn push on, PUSH_CONCURRENCY at once;
//   2. an announcement to the whole campus before any device and after them: what the owed pushes
//      add to notifyMany (one statement in the announcement's transaction), and how soon every
//      device has its push.
// Run: npm run bench:push
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a throwaway database on that server,
//   dropped at the end; without it, PGlite in a temporary folder.
// PUSH_STUDENTS (20000): students of the generated campus; PUSH_DEVICES (2000): devices with push on;
// PUSH_CONCURRENCY (20): subscriptions at once; PUSH_POSTS (3): announcements before and after the devices.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPushServiceStandIn } from '../apps/server/test/push-service-stand-in';
import { seededCampus } from './campus';
import { freePort, startServer, type RunningServer } from './server-process';
import { createBenchSessions, createWriterSessions } from './session';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STUDENTS = Number(process.env.PUSH_STUDENTS ?? 20_000);
const DEVICES = Number(process.env.PUSH_DEVICES ?? 2_000);
const CONCURRENCY = Number(process.env.PUSH_CONCURRENCY ?? 20);
/** Announcements to everyone posted before the devices and after them. */
const POSTS = Number(process.env.PUSH_POSTS ?? 3);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Posts an announcement to everyone; resolves to the request's milliseconds. */
async function announce(server: RunningServer, cookie: string, title: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/announcements`, {
    method: 'POST',
    headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      body: 'The convocation is on Saturday at 10 am in the main auditorium.',
      audience: 'everyone',
    }),
  });
  const answer = await response.text();
  if (response.status !== 201)
    throw new Error(`POST /api/announcements answered ${response.status}: ${answer}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const service = await startPushServiceStandIn();
  const { where, kind, remove } = await seededCampus('cosa-push-', STUDENTS);
  try {
    const president = (await createBenchSessions(where, ['PRESIDENT'])).get('PRESIDENT')!;
    const students = await createWriterSessions(where, DEVICES);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...where,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
      PUSH_SERVICE_HOSTS: service.host,
    };
    const server = await startServer({ cwd: ROOT, env, port: await freePort() });
    process.stdout.write(
      `Web push: ${os.cpus().length} CPUs, Node ${process.version}, ${kind}, ${STUDENTS} students, ${DEVICES} devices.\n`,
    );
    try {
      const before: number[] = [];
      for (let n = 1; n <= POSTS; n += 1)
        before.push(await announce(server, president, `Before any device ${n} (${Date.now()})`));

      const { publicKey } = (await (
        await fetch(`${server.baseUrl}/api/push/public-key`, { headers: { cookie: president } })
      ).json()) as { publicKey: string };
      const devices = students.map(() => service.device(publicKey));
      const latencies: number[] = [];
      let index = 0;
      const burstStarted = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let mine = index++; mine < students.length; mine = index++) {
            const started = performance.now();
            const response = await fetch(`${server.baseUrl}/api/me/push-devices`, {
              method: 'POST',
              headers: {
                origin: server.baseUrl,
                cookie: students[mine]!,
                'content-type': 'application/json',
              },
              body: JSON.stringify(devices[mine]!.subscription),
            });
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`subscribing answered ${response.status}`);
            latencies.push(performance.now() - started);
          }
        }),
      );
      const burstSeconds = (performance.now() - burstStarted) / 1000;
      latencies.sort((a, b) => a - b);
      process.stdout.write(
        `  subscribe burst: ${DEVICES} in ${burstSeconds.toFixed(1)} s (${(DEVICES / burstSeconds).toFixed(0)}/s, ${CONCURRENCY} at once) | p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms\n`,
      );

      // The device holders want announcements pushed (off by default), as each would tick the box.
      index = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let mine = index++; mine < students.length; mine = index++) {
            const response = await fetch(`${server.baseUrl}/api/notification-preferences`, {
              method: 'PATCH',
              headers: {
                origin: server.baseUrl,
                cookie: students[mine]!,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ push: { announcement: true } }),
            });
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`choosing push answered ${response.status}`);
          }
        }),
      );

      const after: number[] = [];
      const delivered = () => service.received.filter((push) => push.status === 201).length;
      for (let n = 1; n <= POSTS; n += 1) {
        const pushedAt = performance.now();
        after.push(await announce(server, president, `With the devices ${n} (${Date.now()})`));
        const deadline = Date.now() + 120_000;
        while (delivered() < DEVICES * n && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        process.stdout.write(
          `  post ${n} with ${DEVICES} devices: ${delivered() - DEVICES * (n - 1)} pushes delivered and decrypted within ${((performance.now() - pushedAt) / 1000).toFixed(1)} s of the post\n`,
        );
      }
      const refused = service.received.filter((push) => push.status !== 201).length;
      const ms = (times: number[]) => times.map((time) => time.toFixed(0)).join(', ');
      process.stdout.write(
        `  announcement to the campus, the request: ${ms(before)} ms without devices; ${ms(after)} ms with ${DEVICES} pushes owed each (${refused} refused)\n`,
      );
      if (delivered() < DEVICES * POSTS || refused > 0) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await remove();
    await service.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Push benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
