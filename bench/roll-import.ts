// Times the import of the student roll (/admin/import) with 20,000 rows: the preview and the import
// of new students, a preview of the same file (all unchanged), then a preview and an import of a
// file where every row changes. One request at a time, as an administrator uses it, through the
// app in process (app.inject: the server's work, without the network).
// Run: npm run bench:import
//   PGlite in memory by default; BENCH_PGLITE_DIR=/tmp/x (a new folder): PGlite on disk;
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a throwaway database on that server, dropped at the end.
// BENCH_IMPORT_ROWS (20000): rows of the file.
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import { DISCIPLINES, PROGRAMS } from '@cosa/contracts';
import { createThrowawayDatabase } from '../e2e/support/throwaway-database';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client';
import { benchAdminCookie } from './bench-admin';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
/** The target the issue sets for 20,000 rows. */
const TARGET_SECONDS = 30;
const ORIGIN = 'http://localhost:3000';

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

type Part = { name: string; filename?: string; contentType?: string; data: string };

/** A multipart/form-data body, as the import page's upload sends it. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----bench-${randomUUID()}`;
  const chunks = parts.map((part) => {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    return `--${boundary}\r\n${disposition}\r\n${type}\r\n${part.data}\r\n`;
  });
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A roll of `count` students (CRLF, quoted disciplines); a name suffix makes every row a change. */
function roll(count: number, nameSuffix = ''): string {
  const lines = ['Student ID,Name,Email,Program,Discipline,Admission year'];
  for (let i = 0; i < count; i += 1) {
    lines.push(
      `${27_000_000 + i},Student ${i}${nameSuffix},roll.${i}@iitbhilai.ac.in,${PROGRAMS[i % 4]},"${DISCIPLINES[i % DISCIPLINES.length]}",${2016 + (i % 10)}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** An empty, migrated database of the chosen kind, and how to drop it. */
async function open(): Promise<{ handle: DatabaseHandle; kind: string; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const database = await createThrowawayDatabase(server);
    const handle = await openPostgres(database.url);
    await handle.migrate();
    return { handle, kind: 'PostgreSQL server', drop: database.drop };
  }
  const dataDir = process.env.BENCH_PGLITE_DIR;
  const handle = await openPglite(dataDir ? { dataDir } : {});
  await handle.migrate();
  return {
    handle,
    kind: dataDir ? 'PGlite (data dir)' : 'PGlite (in memory)',
    drop: async () => undefined,
  };
}

/** Sends one preview or import as the administrator and prints its time and totals; returns the seconds. */
async function timed(
  app: App,
  cookie: string,
  kind: string,
  label: string,
  url: string,
  file: string,
  withDigest: boolean,
): Promise<number> {
  const parts: Part[] = [
    ...(withDigest ? [{ name: 'digest', data: sha256(file) }] : []),
    { name: 'file', filename: 'roll.csv', contentType: 'text/csv', data: file },
  ];
  const { payload, contentType } = multipart(parts);
  const started = performance.now();
  const answer = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: ORIGIN, cookie, 'content-type': contentType },
  });
  const seconds = (performance.now() - started) / 1000;
  const body = answer.json<{ totals?: unknown; created?: number; updated?: number }>();
  const written = body.created !== undefined ? ` created ${body.created} updated ${body.updated}` : '';
  process.stdout.write(
    `${kind} | ${label.padEnd(24)} | ${seconds.toFixed(2)} s | ${answer.statusCode} | ${JSON.stringify(body.totals)}${written}\n`,
  );
  if (answer.statusCode !== 200) process.exitCode = 1;
  return seconds;
}

async function main(): Promise<void> {
  const { handle, kind, drop } = await open();
  try {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: handle, webDistDir: null });
    try {
      const cookie = await benchAdminCookie(handle);

      const first = roll(ROWS);
      const renamed = roll(ROWS, ' Jr');
      process.stdout.write(
        `Student-roll import: ${os.cpus().length} CPUs, Node ${process.version}, ${kind}; file of ${ROWS} rows, ${(Buffer.byteLength(first) / 2 ** 20).toFixed(2)} MB\n`,
      );
      const previewNew = await timed(
        app,
        cookie,
        kind,
        'preview (all new)',
        '/api/admin/imports/preview',
        first,
        false,
      );
      const importNew = await timed(
        app,
        cookie,
        kind,
        'import (all new)',
        '/api/admin/imports',
        first,
        true,
      );
      await timed(
        app,
        cookie,
        kind,
        'preview (all unchanged)',
        '/api/admin/imports/preview',
        first,
        false,
      );
      const previewChanged = await timed(
        app,
        cookie,
        kind,
        'preview (all changed)',
        '/api/admin/imports/preview',
        renamed,
        false,
      );
      const importChanged = await timed(
        app,
        cookie,
        kind,
        'import (all changed)',
        '/api/admin/imports',
        renamed,
        true,
      );
      // What the administrator waits for: a preview, then the import of the same file.
      const slowest = Math.max(previewNew + importNew, previewChanged + importChanged);
      process.stdout.write(
        `Slowest preview + import: ${slowest.toFixed(2)} s (target under ${TARGET_SECONDS} s for ${ROWS} rows): ${slowest < TARGET_SECONDS ? 'met' : 'NOT met'}.\n`,
      );
      if (slowest >= TARGET_SECONDS) process.exitCode = 1;
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Import benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
