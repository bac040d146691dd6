import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

type CsvValue = string | number | boolean | Date | null | undefined;

/** One column of an export: its header and how a row fills it. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

/** Rows a page at a time: each call gets the last row of the page before (null first) and returns the next page, empty at the end. */
export type PageReader<Row> = (after: Row | null) => Promise<readonly Row[]>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as 'YYYY-MM-DD HH:mm' on the institute's clock; one formatter per zone, since building one costs more than a row. */
export function csvDateTime(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  // format() costs a quarter of formatToParts(), which an export of 200,000 rows feels; its
  // 'YYYY-MM-DD, HH:mm' is read back, and any other shape (another ICU) goes through the parts.
  const text = format.format(instant);
  const quick = /^(\d{4}-\d{2}-\d{2}), (\d{2}:\d{2})$/.exec(text);
  if (quick) return `${quick[1]} ${quick[2]}`;
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * Where a spreadsheet may start reading a formula: the start of the cell, and the start of every
 * line inside it (a program that splits a cell at a line break sees a new cell there), when the
 * text there begins with = + - @, a tab or a carriage return. NEL and Unicode's line and paragraph
 * separators count as line breaks too: some programs break lines there.
 */
const FORMULA_START = /(^|[\r\n\u0085\u2028\u2029])(?=[=+\-@\t\r])/g;

/**
 * A cell as text. A spreadsheet runs a cell, or a line inside one, that starts with = + - @ (or a
 * tab or carriage return) as a formula, so such text gets an apostrophe before it: a student's
 * name or comment never becomes a formula.
 */
export function csvCell(value: CsvValue, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return csvDateTime(value, timeZone);
  if (typeof value !== 'string') return String(value);
  return value.replace(FORMULA_START, "$1'");
}

async function* rowsOf<Row>(
  read: PageReader<Row>,
  columns: readonly CsvColumn<Row>[],
  timeZone: string,
): AsyncGenerator<string[]> {
  yield columns.map((column) => column.header);
  let last: Row | null = null;
  for (;;) {
    const page = await read(last);
    if (page.length === 0) return;
    for (const row of page) yield columns.map((column) => csvCell(column.value(row), timeZone));
    last = page[page.length - 1] as Row;
  }
}

/** The CSV of every row the reader gives, streamed: only one page is held at a time. */
export function csvStream<Row>(
  read: PageReader<Row>,
  columns: readonly CsvColumn<Row>[],
  timeZone: string,
): Readable {
  // The byte-order mark lets spreadsheet programs read the file as UTF-8 (names in Indian scripts).
  // Records end in CRLF, and csv-stringify quotes only a field holding that whole delimiter: a
  // bare LF or CR would go out unquoted and split the row, so every field holding one is quoted.
  return Readable.from(rowsOf(read, columns, timeZone)).pipe(
    stringify({
      bom: true,
      record_delimiter: 'windows',
      quoted_match: /[\r\n\u0085\u2028\u2029]/,
    }),
  );
}

/** Sends a CSV download named `<name>-<date>.csv`. */
export function sendCsv<Row>(
  reply: FastifyReply,
  name: string,
  read: PageReader<Row>,
  columns: readonly CsvColumn<Row>[],
  timeZone: string,
): FastifyReply {
  const day = csvDateTime(new Date(), timeZone).slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csvStream(read, columns, timeZone));
}

/** The page size of exports: large enough that round trips do not dominate, small enough to stay light. */
export const EXPORT_PAGE_SIZE = 2000;

/**
 * A stored code as an export's reader reads it: its first letter capitalised and underscores
 * as spaces ('planned' is 'Planned', 'intermediate' is 'Intermediate'); empty stays empty.
 */
export function csvLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
