import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { multipart, type Part } from './multipart';

/** The header of the roll template, typed by hand. */
export const ROLL_HEADER = 'Student ID,Name,Email,Program,Discipline,Admission year';

export type RollLine = {
  studentId: string;
  name: string;
  email: string;
  program?: string;
  discipline?: string;
  year?: string | number;
};

const quoted = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A roll file's text: the header and one line per student (B.Tech, Computer Science & Engineering, 2024 unless given). */
export function rollCsv(lines: RollLine[], options: { header?: string; eol?: string } = {}): string {
  const eol = options.eol ?? '\n';
  const body = lines.map((line) =>
    [
      line.studentId,
      line.name,
      line.email,
      line.program ?? 'B.Tech',
      line.discipline ?? 'Computer Science & Engineering',
      String(line.year ?? 2024),
    ]
      .map(quoted)
      .join(','),
  );
  return [options.header ?? ROLL_HEADER, ...body].join(eol) + eol;
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Uploads to the import endpoints as the import page does: the file as field 'file' (and the digest for an import). */
export function rollClient(ctx: Pick<TestContext, 'app'>) {
  const send = (url: string, parts: Part[], cookie?: string): Promise<LightMyRequestResponse> => {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    });
  };
  const filePart = (data: Buffer | string, filename = 'roll.csv'): Part => ({
    name: 'file',
    filename,
    contentType: 'text/csv',
    data,
  });
  return {
    send,
    filePart,
    preview: (data: Buffer | string, cookie?: string, filename?: string) =>
      send('/api/admin/imports/preview', [filePart(data, filename)], cookie),
    commit: (data: Buffer | string, cookie?: string, digest: string = sha256(data), filename?: string) =>
      send('/api/admin/imports', [{ name: 'digest', data: digest }, filePart(data, filename)], cookie),
  };
}

type PreviewRow = { row: number };

/**
 * Every row a preview lists, in file order: its new, changed and unchanged rows and the refused
 * rows listed under their reasons (a row refused for two reasons once).
 */
export function previewRows<Row extends PreviewRow>(preview: {
  rows: Row[];
  refusals: { rows: Row[] }[];
}): Row[] {
  const byRow = new Map<number, Row>();
  for (const row of [...preview.rows, ...preview.refusals.flatMap((refusal) => refusal.rows)])
    byRow.set(row.row, row);
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}
