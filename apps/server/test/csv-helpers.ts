import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The records of a CSV download, its header first, after checking it is one (a CSV attachment named `<name>-<date>.csv`). */
export function csvRecords(response: LightMyRequestResponse, name: string): string[][] {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  // Spreadsheet programs need the byte-order mark and Windows line ends.
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  expect(response.body.endsWith('\r\n')).toBe(true);
  return parse(response.body, { bom: true, relax_column_count: false }) as string[][];
}

/** The rows of a CSV as objects keyed by its header, so a test names the columns it checks. */
export function csvObjects(records: string[][]): Record<string, string>[] {
  const [header, ...rows] = records;
  return rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]!])));
}
