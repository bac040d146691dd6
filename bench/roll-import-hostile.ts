// Times a preview of a hostile student roll (/admin/import): 20,000 identical rows (every Student ID
// and e-mail on every row), or 20,000 rows each refused for its own fault. Prints the time, the
// longest the event loop was held (what any other request waits, /api/health included), the
// answer's size and the process's peak RSS. Through the app in process (app.inject), PGlite in
// memory, as bench/roll-import.ts.
// Run: npm run bench:import-hostile
//   BENCH_IMPORT_FILE=identical|faults (both by default; the peak RSS is the process's, so run one
//   at a time to read each file's); BENCH_IMPORT_ROWS (20000): rows of the file.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/db/client';
import { benchAdminCookie } from './bench-admin';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const FILES = (process.env.BENCH_IMPORT_FILE ?? 'identical,faults').split(',');
const ORIGIN = 'http://localhost:3000';
const HEADER = 'Student ID,Name,Email,Program,Discipline,Admission year';
const CSE = '"Computer Science & Engineering"';

/** Every row the same student. */
function identical(count: number): string {
  const line = `31000001,Same Student,same@iitbhilai.ac.in,B.Tech,${CSE},2024`;
  return `${HEADER}\r\n${Array.from({ length: count }, () => line).join('\r\n')}\r\n`;
}

/** Each row refused for one of ten faults, every value its own. */
function faults(count: number): string {
  const make = [
    (i: number) => `${30_000_000 + i},,s${i}@iitbhilai.ac.in,B.Tech,${CSE},2024`,
    (i: number) => `${30_000_000 + i},"Two\nLines ${i}",s${i}@iitbhilai.ac.in,B.Tech,${CSE},2024`,
    (i: number) => `,Name ${i},s${i}@iitbhilai.ac.in,B.Tech,${CSE},2024`,
    (i: number) => `X${i},Name ${i},s${i}@iitbhilai.ac.in,B.Tech,${CSE},2024`,
    (i: number) => `${30_000_000 + i},Name ${i},,B.Tech,${CSE},2024`,
    (i: number) => `${30_000_000 + i},Name ${i},s${i}-at-iitbhilai.ac.in,B.Tech,${CSE},2024`,
    (i: number) => `${30_000_000 + i},Name ${i},s${i}@gmail.com,B.Tech,${CSE},2024`,
    (i: number) => `${30_000_000 + i},Name ${i},s${i}@iitbhilai.ac.in,Diploma ${i},${CSE},2024`,
    (i: number) => `${30_000_000 + i},Name ${i},s${i}@iitbhilai.ac.in,B.Tech,Alchemy ${i},2024`,
    (i: number) => `${30_000_000 + i},Name ${i},s${i}@iitbhilai.ac.in,B.Tech,${CSE},1900`,
  ];
  const lines = Array.from({ length: count }, (_, i) => make[i % make.length]!(i));
  return `${HEADER}\r\n${lines.join('\r\n')}\r\n`;
}

function multipart(data: string): { payload: Buffer; contentType: string } {
  const boundary = `----bench-${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roll.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.from(`${head}${data}\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function main(): Promise<void> {
  const handle = await openPglite({});
  await handle.migrate();
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: handle, webDistDir: null });
  try {
    const cookie = await benchAdminCookie(handle);
    process.stdout.write(
      `Hostile roll preview: ${os.cpus().length} CPUs, Node ${process.version}, PGlite (in memory), ${ROWS} rows; RSS before: ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB\n`,
    );
    for (const name of FILES) {
      const file = name === 'identical' ? identical(ROWS) : faults(ROWS);
      const { payload, contentType } = multipart(file);
      // A 10 ms timer: how late it fires is how long the event loop was held by other work.
      let last = performance.now();
      let held = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        held = Math.max(held, now - last - 10);
        last = now;
      }, 10);
      const started = performance.now();
      const answer = await app.inject({
        method: 'POST',
        url: '/api/admin/imports/preview',
        payload,
        headers: { origin: ORIGIN, cookie, 'content-type': contentType },
      });
      const seconds = (performance.now() - started) / 1000;
      // One more turn of the loop, so that a hold lasting to the answer's end is counted too.
      await new Promise((resolve) => setTimeout(resolve, 30));
      clearInterval(ticker);
      const totals = (answer.json<{ totals?: unknown }>().totals ?? null) as unknown;
      process.stdout.write(
        `preview (${name}, ${(file.length / 2 ** 20).toFixed(2)} MB) | ${seconds.toFixed(2)} s | ${answer.statusCode} | answer ${(answer.body.length / 2 ** 20).toFixed(2)} MB | event loop held at most ${held.toFixed(0)} ms | peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB | ${JSON.stringify(totals)}\n`,
      );
      if (answer.statusCode !== 200) process.exitCode = 1;
    }
  } finally {
    await app.close();
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Hostile import benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
