import { createHash } from 'node:crypto';
import { parse, type Parser } from 'csv-parse';
import {
  ERROR_CODES,
  ROLL_COLUMNS,
  ROLL_FILE_MESSAGES,
  ROLL_IMPORT_MAX_ROWS,
  ROLL_REQUIRED_COLUMNS,
  rollFieldOfHeader,
  type RollField,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';

/** A student row as the file gives it: its line, and each field's trimmed text ('' when absent, or its optional column is left out). */
export type RawRollRow = { row: number; values: Record<RollField, string> };

export type ParsedRoll = { digest: string; ignoredColumns: string[]; rows: RawRollRow[] };

const bad = (message: string) => AppError.badRequest(message, { file: message });

/** SHA-256 of the file's bytes in hex: the preview names the file by it, the import checks it. */
export function rollDigest(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * The file's text: UTF-8, with a byte-order mark dropped and Windows or old Mac line ends made
 * '\n' (csv-parse counts a quoted '\r\n' as two lines, which would put row numbers off).
 * A workbook (.xlsx is a zip, .xls an OLE file) or any binary is refused before decoding.
 */
function textOf(bytes: Buffer): string {
  if (bytes.length === 0) throw bad(ROLL_FILE_MESSAGES.fileEmpty);
  const head = bytes.subarray(0, 4);
  if (head.equals(ZIP) || head.equals(OLE) || bytes.includes(0)) throw bad(ROLL_FILE_MESSAGES.fileType);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw bad(ROLL_FILE_MESSAGES.fileEncoding);
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw bad(ROLL_FILE_MESSAGES.fileEmpty);
  return text;
}

/** Comma, unless the header line has none and is split by semicolons or tabs (spreadsheets of some locales). */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

type CsvRecord = { record: string[]; info: { lines: number; records: number; empty_lines: number } };

/** How much text the parser reads before the event loop gets a turn: a few milliseconds of work. */
const SLICE_BYTES = 64 * 1024;

/** Lets other requests run (timers, sockets) before the next slice of work. */
export const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Feeds the text to csv-parse a slice at a time, giving the event loop a turn after each slice, and
 * hands each record to `take`; `take` returning false stops the parse (the file has too many rows).
 */
async function eachRecord(text: string, take: (record: CsvRecord) => boolean): Promise<void> {
  // The line after the last record read is where the record that fails begins: csv-parse's own
  // count in its error is where it stopped reading, the end of the file for a quote left open.
  let lastLine = 0;
  let stopped = false;
  let failure: unknown = null;
  const parser: Parser = parse({
    delimiter: delimiterOf(text),
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  });
  parser.on('error', (error) => (failure = error));
  let refusal: unknown = null;
  const drain = () => {
    for (let record = parser.read() as CsvRecord | null; record; record = parser.read()) {
      lastLine = record.info.lines;
      if (stopped) continue;
      // A refusal of the header is thrown by the caller, not from inside the parser's event.
      try {
        if (!take(record)) stopped = true;
      } catch (error) {
        refusal = error;
        stopped = true;
      }
    }
  };
  parser.on('readable', drain);
  const ended = new Promise<void>((resolve) => parser.on('end', resolve).on('error', () => resolve()));
  // Bytes, not string slices: a slice of a string may cut a character in two; csv-parse joins bytes.
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length && !stopped && !failure; offset += SLICE_BYTES) {
    parser.write(bytes.subarray(offset, offset + SLICE_BYTES));
    await yieldToOtherRequests();
    drain();
  }
  if (!stopped && !failure) parser.end();
  else parser.destroy();
  if (!stopped && !failure) await ended;
  drain();
  if (refusal) throw refusal;
  if (failure) throw bad(ROLL_FILE_MESSAGES.unreadable(lastLine + 1));
}

/** How many ignored columns a preview names; the rest are counted in one last entry. */
const IGNORED_COLUMNS_NAMED = 20;
/** An ignored column's name is shown cut to this many characters. */
const IGNORED_NAME_KEPT = 100;

/**
 * Which column holds each field; columns naming no field are ignored and reported, the first
 * IGNORED_COLUMNS_NAMED by name and the others counted, so that a header of millions of columns
 * never comes back whole.
 */
function columnsOf(header: string[]): { index: Map<RollField, number>; ignored: string[] } {
  const index = new Map<RollField, number>();
  const ignored: string[] = [];
  let unnamed = 0;
  header.forEach((cell, position) => {
    const field = rollFieldOfHeader(cell);
    if (!field) {
      if (cell === '') return;
      if (ignored.length < IGNORED_COLUMNS_NAMED)
        ignored.push(cell.length > IGNORED_NAME_KEPT ? `${cell.slice(0, IGNORED_NAME_KEPT)}…` : cell);
      else unnamed += 1;
      return;
    }
    if (index.has(field)) throw bad(ROLL_FILE_MESSAGES.repeatedColumn(cell));
    index.set(field, position);
  });
  const missing = ROLL_REQUIRED_COLUMNS.filter((column) => !index.has(column.field)).map(
    (column) => column.header,
  );
  if (missing.length > 0) throw bad(ROLL_FILE_MESSAGES.missingColumns(missing));
  if (unnamed > 0) ignored.push(`and ${unnamed.toLocaleString('en-IN')} more`);
  return { index, ignored };
}

/**
 * A cell cut to CELL_KEPT characters and an ellipsis. Every field's limit is far below it (a name
 * 120, an e-mail 254), so the cut cell is refused for the same reasons as the whole, and a preview
 * never carries a megabyte-long cell back (once for each of its row's reasons).
 */
const CELL_KEPT = 1_000;
const shown = (cell: string) => (cell.length > CELL_KEPT ? `${cell.slice(0, CELL_KEPT)}…` : cell);

/**
 * Reads a roll file: checks it is CSV text with a header naming every required column, and returns its
 * student rows (rows with every cell blank are skipped). 400 for a file that is not one, or of
 * more than ROLL_IMPORT_MAX_ROWS rows (the parse stops there). The parse yields to other requests
 * as it goes, so no file holds the server up.
 */
export async function parseRoll(bytes: Buffer): Promise<ParsedRoll> {
  const text = textOf(bytes);
  let columns: ReturnType<typeof columnsOf> | null = null;
  let tooMany = false;
  const rows: RawRollRow[] = [];
  await eachRecord(text, ({ record, info }) => {
    if (!columns) {
      columns = columnsOf(record);
      return true;
    }
    if (record.every((cell) => cell === '')) return true;
    if (rows.length === ROLL_IMPORT_MAX_ROWS) {
      tooMany = true;
      return false;
    }
    const values = {} as RawRollRow['values'];
    for (const column of ROLL_COLUMNS) values[column.field] = '';
    for (const [field, position] of columns.index) values[field] = shown(record[position] ?? '');
    // The row a spreadsheet shows it on: a cell holding a line break is still one row, and a
    // blank line is a row of its own (the header is row 1).
    rows.push({ row: info.records + info.empty_lines, values });
    return true;
  });
  if (tooMany) throw bad(ROLL_FILE_MESSAGES.tooManyRows);
  if (!columns) throw bad(ROLL_FILE_MESSAGES.fileEmpty);
  if (rows.length === 0) throw bad(ROLL_FILE_MESSAGES.noRows);
  return {
    digest: rollDigest(bytes),
    ignoredColumns: (columns as ReturnType<typeof columnsOf>).ignored,
    rows,
  };
}

/** 413 for a file over the limit, in the API's error shape. */
export const rollFileTooLarge = () =>
  new AppError(413, ERROR_CODES.tooLarge, ROLL_FILE_MESSAGES.fileTooLarge);
