import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { fetchElsewhere } from '../../../test/fetch-elsewhere';
import { multipart } from '../../../test/multipart';
import { ROLL_HEADER } from '../../../test/roll-files';

// Typed by hand from issue 30 and the import's messages (issue 13).
const TOO_LARGE = 'The file is larger than 10 MB. Split the roll into smaller files.';
const TOO_MANY = 'The file has more than 50,000 student rows. Split the roll into smaller files.';
const SAME_ID = 'The same Student ID is on more than one row of the file.';
const SAME_EMAIL = 'The same email is on more than one row of the file.';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const D = 'iitbhilai.ac.in';
const CSE = 'Computer Science & Engineering';
/** How many refused rows of each reason a preview lists. */
const LISTED = 50;
/**
 * The longest a health check may wait while a hostile upload is checked, or half the upload's whole
 * time when that is longer: on a busy machine everything slows together, while a server that stops
 * to read the whole file at once keeps one health check waiting for most of the upload.
 */
const HEALTHY_MS = 2_000;

type Refusal = { reason: string; count: number; rows: { row: number; reasons: string[] }[] };
type Preview = { totals: Record<string, number>; refusals: Refusal[]; rows: unknown[] };

/** 20,000 rows, each refused for its own reason: ten kinds of fault, 2,000 rows of each. */
function faultyRoll(count: number): { text: string; reasons: string[] } {
  const faults: [string, (i: number) => string][] = [
    ['Name is missing.', (i) => `${30_000_000 + i},,s${i}@${D},B.Tech,${CSE},2024`],
    [
      'Name must be one line of at most 120 visible characters.',
      (i) => `${30_000_000 + i},"Two\nLines ${i}",s${i}@${D},B.Tech,${CSE},2024`,
    ],
    ['Student ID is missing.', (i) => `,Name ${i},s${i}@${D},B.Tech,${CSE},2024`],
    [
      'Student ID must be digits only (at most 20).',
      (i) => `X${i},Name ${i},s${i}@${D},B.Tech,${CSE},2024`,
    ],
    ['Email is missing.', (i) => `${30_000_000 + i},Name ${i},,B.Tech,${CSE},2024`],
    [
      'Email is not a valid e-mail address.',
      (i) => `${30_000_000 + i},Name ${i},s${i}-at-${D},B.Tech,${CSE},2024`,
    ],
    [
      `Email must be an @${D} address.`,
      (i) => `${30_000_000 + i},Name ${i},s${i}@gmail.com,B.Tech,${CSE},2024`,
    ],
    [
      'Program must be one of: B.Tech, M.Tech, MSc, PhD, Other.',
      (i) => `${30_000_000 + i},Name ${i},s${i}@${D},Diploma ${i},${CSE},2024`,
    ],
    [
      "Discipline is not one of the institute's disciplines.",
      (i) => `${30_000_000 + i},Name ${i},s${i}@${D},B.Tech,Alchemy ${i},2024`,
    ],
    [
      `Admission year must be a year from 2016 to ${NEXT_YEAR}.`,
      (i) => `${30_000_000 + i},Name ${i},s${i}@${D},B.Tech,${CSE},${1900 + (i % 100)}`,
    ],
  ];
  const lines = [ROLL_HEADER];
  for (let i = 0; i < count; i += 1) lines.push(faults[i % faults.length]![1](i));
  return { text: `${lines.join('\n')}\n`, reasons: faults.map(([reason]) => reason) };
}

describe('administration: a hostile roll file never takes the portal down', { timeout: 240_000 }, () => {
  const ctx = useTestApp();
  let url = '';
  let cookie = '';

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    cookie = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    // A first small preview, so that loading the code is not measured.
    await upload('/api/admin/imports/preview', `${ROLL_HEADER}\n1,A,a@${D},B.Tech,${CSE},2024\n`)();
  });

  /**
   * Sends the file as the import page does (multipart field 'file'), the body built before the
   * clock starts and sent from a thread of its own: sending 50 MB is the client's work, not the
   * server's, and must not hold up the server's thread that the health checks measure.
   */
  const upload = (path: string, data: string | Buffer) => {
    const { payload, contentType } = multipart([
      { name: 'file', filename: 'roll.csv', contentType: 'text/csv', data },
    ]);
    const body = new Uint8Array(payload).buffer;
    return () =>
      fetchElsewhere(`${url}${path}`, {
        method: 'POST',
        body,
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType },
      });
  };

  /** Runs the upload while another client asks /api/health every 100 ms; every answer must come quickly. */
  async function whileHealthy(task: () => Promise<Response>): Promise<Response> {
    let running = true;
    const waits: number[] = [];
    const began = performance.now();
    const probe = (async () => {
      // From one answer to the next, less the pause between them: a thread held up while the probe
      // pauses delays the next question, and that wait counts too.
      let previous = performance.now();
      while (running) {
        const answer = await fetch(`${url}/api/health`);
        expect(answer.status).toBe(200);
        const now = performance.now();
        waits.push(now - previous);
        await new Promise((resolve) => setTimeout(resolve, 100));
        previous = now + 100;
      }
    })();
    try {
      return await task();
    } finally {
      running = false;
      await probe;
      expect(waits.length).toBeGreaterThan(0);
      const took = performance.now() - began;
      expect(Math.max(...waits)).toBeLessThan(Math.max(HEALTHY_MS, took / 2));
    }
  }

  it('previews 20,000 identical rows: two reasons counted, 50 rows of each listed, all of them downloadable', async () => {
    const line = `31000001,Same Student,same@${D},B.Tech,${CSE},2024`;
    const file = `${ROLL_HEADER}\n${Array.from({ length: 20_000 }, () => line).join('\n')}\n`;
    const response = await whileHealthy(upload('/api/admin/imports/preview', file));
    expect(response.status).toBe(200);
    const text = await response.text();
    // A preview is a page's worth, not the file many times over.
    expect(text.length).toBeLessThan(200_000);
    const preview = JSON.parse(text) as Preview;
    expect(preview.totals).toEqual({ rows: 20_000, new: 0, changed: 0, unchanged: 0, refused: 20_000 });
    expect(preview.rows).toEqual([]);
    expect(preview.refusals.map(({ reason, count }) => ({ reason, count }))).toEqual([
      { reason: SAME_ID, count: 20_000 },
      { reason: SAME_EMAIL, count: 20_000 },
    ]);
    for (const refusal of preview.refusals) {
      expect(refusal.rows.map((row) => row.row)).toEqual(
        Array.from({ length: LISTED }, (_, i) => i + 2),
      );
    }
    expect(preview.refusals[0]!.rows[0]!.reasons).toEqual([
      'The same Student ID is on 20,000 rows of the file: rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 19,990 more.',
      'The same email is on 20,000 rows of the file: rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 19,990 more.',
    ]);

    const download = await whileHealthy(upload('/api/admin/imports/refused', file));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="refused-rows-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records = parse(await download.text(), {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
    expect(records[0]).toEqual([
      'Row',
      'Student ID',
      'Name',
      'Email',
      'Program',
      'Discipline',
      'Admission year',
      'CGPA',
      'Reasons',
    ]);
    expect(records).toHaveLength(20_001);
    expect(records[20_000]).toEqual([
      '20001',
      '31000001',
      'Same Student',
      `same@${D}`,
      'B.Tech',
      CSE,
      '2024',
      '',
      'The same Student ID is on 20,000 rows of the file: rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 19,990 more.\nThe same email is on 20,000 rows of the file: rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 19,990 more.',
    ]);
  });

  it('previews 20,000 rows each with its own fault: counts per reason and the first 50 rows of each', async () => {
    const { text, reasons } = faultyRoll(20_000);
    const response = await whileHealthy(upload('/api/admin/imports/preview', text));
    expect(response.status).toBe(200);
    const preview = (await response.json()) as Preview;
    expect(preview.totals).toEqual({ rows: 20_000, new: 0, changed: 0, unchanged: 0, refused: 20_000 });
    expect(preview.refusals.map(({ reason, count }) => ({ reason, count }))).toEqual(
      reasons.map((reason) => ({ reason, count: 2_000 })),
    );
    for (const refusal of preview.refusals) expect(refusal.rows).toHaveLength(LISTED);
    // The second kind of fault: rows 3, 13, 23, ... (a quoted line break makes each such row two lines long, so the line numbers grow).
    expect(preview.refusals[0]!.rows[0]).toMatchObject({ row: 2, reasons: ['Name is missing.'] });

    const download = await whileHealthy(upload('/api/admin/imports/refused', text));
    expect(download.status).toBe(200);
    const records = parse(await download.text(), { bom: true }) as string[][];
    expect(records).toHaveLength(20_001);
    expect(records[2]![2]).toBe('Two\nLines 1');
  });

  it('answers a row with a 4 MB name and e-mail briefly: the cells cut to 1,000 characters, the row refused', async () => {
    const long = 'x'.repeat(4 * 1024 * 1024);
    const file = `${ROLL_HEADER}\n31000003,${long},${long}@${D},B.Tech,${CSE},2024\n`;
    const response = await whileHealthy(upload('/api/admin/imports/preview', file));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeLessThan(50_000);
    const preview = JSON.parse(text) as Preview & { refusals: { rows: { name: string }[] }[] };
    expect(preview.refusals.map(({ reason, count }) => ({ reason, count }))).toEqual([
      { reason: 'Name must be one line of at most 120 visible characters.', count: 1 },
      { reason: 'Email is not a valid e-mail address.', count: 1 },
    ]);
    expect(preview.refusals[0]!.rows[0]!.name).toBe(`${'x'.repeat(1_000)}…`);
  });

  it('refuses a 50 MB file with 413 and says the limit', async () => {
    const line = `31000002,Big Student,big@${D},B.Tech,${CSE},2024\n`;
    const file = Buffer.alloc(50 * 1024 * 1024, line);
    const response = await whileHealthy(upload('/api/admin/imports/preview', file));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(TOO_LARGE);
  });

  it('refuses a file of more than 50,000 rows under 10 MB with 400 and says the limit', async () => {
    const lines = Array.from(
      { length: 50_001 },
      (_, i) => `${32_000_000 + i},N ${i},n${i}@${D},B.Tech,CSE,2024`,
    );
    const response = await whileHealthy(
      upload('/api/admin/imports/preview', `${ROLL_HEADER}\n${lines.join('\n')}\n`),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(TOO_MANY);
  });
});
