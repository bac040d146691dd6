import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import {
  ERROR_CODES,
  ROLL_COLUMNS,
  ROLL_FILE_MESSAGES,
  ROLL_IMPORT_MAX_ROWS,
  rollFieldOfHeader,
  type RollField,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';

/** A student row as the file gives it: its line, and each field's trimmed text ('' when absent). */
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

type CsvRecord = { record: string[]; info: { lines: number } };

function recordsOf(text: string): CsvRecord[] {
  // The line after the last record read is where the record that fails begins: csv-parse's own
  // count in its error is where it stopped reading, the end of the file for a quote left open.
  let lastLine = 0;
  try {
    return parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      on_record: (record, context) => {
        lastLine = context.lines;
        return record;
      },
    }) as unknown as CsvRecord[];
  } catch {
    throw bad(ROLL_FILE_MESSAGES.unreadable(lastLine + 1));
  }
}

/** Which column holds each field; columns naming no field are ignored and reported. */
function columnsOf(header: string[]): { index: Map<RollField, number>; ignored: string[] } {
  const index = new Map<RollField, number>();
  const ignored: string[] = [];
  header.forEach((cell, position) => {
    const field = rollFieldOfHeader(cell);
    if (!field) {
      if (cell !== '') ignored.push(cell);
      return;
    }
    if (index.has(field)) throw bad(ROLL_FILE_MESSAGES.repeatedColumn(cell));
    index.set(field, position);
  });
  const missing = ROLL_COLUMNS.filter((column) => !index.has(column.field)).map(
    (column) => column.header,
  );
  if (missing.length > 0) throw bad(ROLL_FILE_MESSAGES.missingColumns(missing));
  return { index, ignored };
}

/**
 * Reads a roll file: checks it is CSV text with a header naming every column, and returns its
 * student rows (rows with every cell blank are skipped). 400 for a file that is not one.
 */
export function parseRoll(bytes: Buffer): ParsedRoll {
  const records = recordsOf(textOf(bytes));
  const [header, ...body] = records;
  if (!header) throw bad(ROLL_FILE_MESSAGES.fileEmpty);
  const { index, ignored } = columnsOf(header.record);
  const rows: RawRollRow[] = [];
  for (const { record, info } of body) {
    if (record.every((cell) => cell === '')) continue;
    if (rows.length === ROLL_IMPORT_MAX_ROWS) throw bad(ROLL_FILE_MESSAGES.tooManyRows);
    const values = {} as RawRollRow['values'];
    for (const [field, position] of index) values[field] = record[position] ?? '';
    rows.push({ row: info.lines, values });
  }
  if (rows.length === 0) throw bad(ROLL_FILE_MESSAGES.noRows);
  return { digest: rollDigest(bytes), ignoredColumns: ignored, rows };
}

/** 413 for a file over the limit, in the API's error shape. */
export const rollFileTooLarge = () =>
  new AppError(413, ERROR_CODES.tooLarge, ROLL_FILE_MESSAGES.fileTooLarge);
