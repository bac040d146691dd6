import { z } from 'zod';
import { CGPA_MAX, CGPA_MIN, DISCIPLINES, MIN_ADMISSION_YEAR, PROGRAMS } from './constants';

/** The largest roll file the import takes (a 20,000-student roll is about 2 MB). */
export const ROLL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most student rows one file may hold; a larger roll is imported in parts. */
export const ROLL_IMPORT_MAX_ROWS = 50_000;
/** How many rows of each outcome a preview or a result lists; the totals count them all. */
export const ROLL_IMPORT_LIST_LIMIT = 500;
/** How many refused rows of each reason a preview lists; the rest are counted, and all of them downloadable as CSV. */
export const ROLL_IMPORT_REFUSED_LIST_LIMIT = 50;
/** How many of the other rows with the same Student ID or e-mail a row's reason names; the rest are counted. */
const ROLL_DUPLICATES_NAMED = 10;
/** A Student ID has at most this many digits (as at registration). */
export const ROLL_STUDENT_ID_MAX_DIGITS = 20;
/** A name has at most this many characters (as at registration). */
export const ROLL_NAME_MAX = 120;

export const ROLL_FIELDS = [
  'studentId',
  'name',
  'email',
  'program',
  'discipline',
  'admissionYear',
  'cgpa',
] as const;
export type RollField = (typeof ROLL_FIELDS)[number];

/**
 * The columns of the roll in the template's order: the header the template writes, and the
 * spellings a header cell may have once lower-cased with everything but letters and digits
 * removed ('Student ID', 'student_id' and 'STUDENT-ID' are all 'studentid'). An optional column
 * may be left out of a file; its field is then blank on every row.
 */
export const ROLL_COLUMNS: readonly {
  field: RollField;
  header: string;
  spellings: readonly string[];
  optional?: true;
}[] = [
  {
    field: 'studentId',
    header: 'Student ID',
    spellings: ['studentid', 'idnumber', 'id', 'rollnumber', 'rollno', 'studentnumber', 'studentno'],
  },
  { field: 'name', header: 'Name', spellings: ['name', 'fullname', 'studentname'] },
  {
    field: 'email',
    header: 'Email',
    spellings: ['email', 'emailaddress', 'emailid', 'mail', 'instituteemail'],
  },
  { field: 'program', header: 'Program', spellings: ['program', 'programme', 'degree', 'course'] },
  { field: 'discipline', header: 'Discipline', spellings: ['discipline', 'branch', 'department'] },
  {
    field: 'admissionYear',
    header: 'Admission year',
    spellings: ['admissionyear', 'yearofadmission', 'batch', 'batchyear', 'admission'],
  },
  {
    field: 'cgpa',
    header: 'CGPA',
    spellings: ['cgpa', 'gpa', 'cpi', 'cumulativegpa', 'cumulativegradepointaverage', 'institutecgpa'],
    optional: true,
  },
];

/** The columns a roll file must name; the others may be left out. */
export const ROLL_REQUIRED_COLUMNS = ROLL_COLUMNS.filter((column) => !column.optional);

/** A header cell as the spellings are written: lower case, letters and digits only. */
function rollHeaderKey(cell: string): string {
  return cell.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The field a header cell names, or null for a column the import ignores. */
export function rollFieldOfHeader(cell: string): RollField | null {
  const key = rollHeaderKey(cell);
  return ROLL_COLUMNS.find((column) => column.spellings.includes(key))?.field ?? null;
}

/** The latest admission year a roll may carry: next year's batch may be imported ahead. */
export function maxRollAdmissionYear(now: Date = new Date()): number {
  return now.getUTCFullYear() + 1;
}

/** Why a whole file is refused (400; 413 for the size; 409 for the digest). */
export const ROLL_FILE_MESSAGES = {
  fileMissing: 'Choose a CSV file of the student roll to upload.',
  fileEmpty: 'The file is empty.',
  fileType:
    'The file must be a CSV file (comma-separated text). Save the spreadsheet as "CSV UTF-8" and upload that.',
  fileEncoding: 'The file is not UTF-8 text. Save the spreadsheet as "CSV UTF-8" and upload that.',
  fileTooLarge: `The file is larger than ${ROLL_IMPORT_MAX_BYTES / (1024 * 1024)} MB. Split the roll into smaller files.`,
  tooManyRows: `The file has more than ${ROLL_IMPORT_MAX_ROWS.toLocaleString('en-IN')} student rows. Split the roll into smaller files.`,
  noRows: 'The file has no student rows below its header line.',
  unreadable: (line: number) =>
    `The file is not valid CSV: check line ${line} (a quote may be left open).`,
  missingColumns: (headers: string[]) =>
    `The first line must name the columns. Missing: ${headers.join(', ')}. Expected: ${ROLL_REQUIRED_COLUMNS.map((column) => column.header).join(', ')}, and optionally ${ROLL_COLUMNS.filter(
      (column) => column.optional,
    )
      .map((column) => column.header)
      .join(', ')}.`,
  repeatedColumn: (header: string) => `The column "${header}" appears more than once in the first line.`,
  digestMissing: 'Preview the file before importing it.',
  digestMismatch: 'This file is not the one you previewed. Preview it again before importing.',
  busy: 'Another change to student accounts happened during the import, so nothing was imported. Preview the file again and import it.',
} as const;

/**
 * Where else a row's Student ID or e-mail is: every row when there are a few, else how many and
 * the first ROLL_DUPLICATES_NAMED (a message for each of 20,000 identical rows naming all the
 * others would be 20,000 squared numbers).
 */
function sameOnRows(what: string, rows: readonly number[]): string {
  const number = (value: number) => value.toLocaleString('en-IN');
  if (rows.length <= ROLL_DUPLICATES_NAMED)
    return `The same ${what} is on rows ${rows.join(', ')} of the file.`;
  const named = rows.slice(0, ROLL_DUPLICATES_NAMED).join(', ');
  return `The same ${what} is on ${number(rows.length)} rows of the file: rows ${named} and ${number(rows.length - ROLL_DUPLICATES_NAMED)} more.`;
}

/** The heading of a reason in a preview's counts: a duplicate's own row numbers left out, so all of them count as one reason. */
export function rollReasonHeading(reason: string): string {
  if (reason.startsWith('The same Student ID is on '))
    return 'The same Student ID is on more than one row of the file.';
  if (reason.startsWith('The same email is on '))
    return 'The same email is on more than one row of the file.';
  return reason;
}

/** Why a row is refused; a refused row is listed with every reason that applies, and skipped. */
export const ROLL_ROW_MESSAGES = {
  nameMissing: 'Name is missing.',
  nameInvalid: `Name must be one line of at most ${ROLL_NAME_MAX} visible characters.`,
  studentIdMissing: 'Student ID is missing.',
  studentIdDigits: `Student ID must be digits only (at most ${ROLL_STUDENT_ID_MAX_DIGITS}).`,
  emailMissing: 'Email is missing.',
  emailMalformed: 'Email is not a valid e-mail address.',
  emailDomain: (domain: string) => `Email must be an @${domain} address.`,
  programUnknown: `Program must be one of: ${PROGRAMS.join(', ')}.`,
  disciplineUnknown: "Discipline is not one of the institute's disciplines.",
  yearInvalid: (maxYear: number) =>
    `Admission year must be a year from ${MIN_ADMISSION_YEAR} to ${maxYear}.`,
  cgpaInvalid: `CGPA must be a number from ${CGPA_MIN} to ${CGPA_MAX} with at most two decimals, such as 8.25 (or left blank to keep the CGPA on record).`,
  duplicateStudentId: (rows: readonly number[]) => sameOnRows('Student ID', rows),
  duplicateEmail: (rows: readonly number[]) => sameOnRows('email', rows),
  emailOtherAccount: 'This email belongs to another account (with another Student ID).',
  /**
   * The row's student id is an account whose student proved its address or signs in with it (a
   * password or Google): the roll changes the address only of an account nobody has claimed yet.
   */
  emailProven:
    "This Student ID's account has another e-mail address, which its student has proven or signs in with; the roll never changes it. Correct the file's e-mail, or leave the row out.",
  notStudent:
    "This Student ID or email belongs to an account that is not a student's; change that account in Users and roles.",
} as const;

export const ROLL_OUTCOMES = ['new', 'changed', 'unchanged', 'refused'] as const;
export type RollOutcome = (typeof ROLL_OUTCOMES)[number];

/** A field an import changes on an existing account: its value before and the file's. */
export const RollChangeSchema = z.object({
  field: z.enum(ROLL_FIELDS),
  before: z.string().nullable(),
  after: z.string(),
});
export type RollChange = z.infer<typeof RollChangeSchema>;

/**
 * One student row of the file as the import judged it; `row` is the row a spreadsheet shows it on
 * (the header is row 1; a cell holding a line break does not make more rows).
 */
export const RollRowSchema = z.object({
  row: z.number().int().positive(),
  outcome: z.enum(ROLL_OUTCOMES),
  studentId: z.string(),
  name: z.string(),
  email: z.string(),
  program: z.string(),
  discipline: z.string(),
  admissionYear: z.string(),
  /** '' when the file has no CGPA column or the cell is blank: the CGPA on record stays. */
  cgpa: z.string(),
  reasons: z.array(z.string()),
  changes: z.array(RollChangeSchema),
});
export type RollRow = z.infer<typeof RollRowSchema>;

export const RollTotalsSchema = z.object({
  rows: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type RollTotals = z.infer<typeof RollTotalsSchema>;

/** One reason rows are refused: how many rows it refuses, and the first ROLL_IMPORT_REFUSED_LIST_LIMIT of them in file order. */
export const RollRefusalSchema = z.object({
  reason: z.string(),
  count: z.number().int(),
  rows: z.array(RollRowSchema),
});
export type RollRefusal = z.infer<typeof RollRefusalSchema>;

/**
 * POST /api/admin/imports/preview: what importing the file would do, nothing written. `rows` lists
 * the first ROLL_IMPORT_LIST_LIMIT new, changed and unchanged rows, in file order; `refusals` counts
 * the refused rows by reason, most rows first, listing the first ROLL_IMPORT_REFUSED_LIST_LIMIT of
 * each (a row refused for two reasons is under both); POST /api/admin/imports/refused gives them
 * all as CSV. `digest` (SHA-256 of the file) goes back with the import, so that what is imported
 * is what was previewed.
 */
export const RollPreviewSchema = z.object({
  fileName: z.string(),
  digest: z.string(),
  totals: RollTotalsSchema,
  /** Header cells of columns the import does not read. */
  ignoredColumns: z.array(z.string()),
  rows: z.array(RollRowSchema),
  refusals: z.array(RollRefusalSchema),
  maxAdmissionYear: z.number().int(),
});
export type RollPreview = z.infer<typeof RollPreviewSchema>;

/** POST /api/admin/imports: what was written in the one transaction; refused rows were skipped. */
export const RollImportResultSchema = z.object({
  fileName: z.string(),
  digest: z.string(),
  totals: RollTotalsSchema,
  /** Accounts created and accounts updated (the totals' new and changed, as written). */
  created: z.number().int(),
  updated: z.number().int(),
  /** The refused rows, first ROLL_IMPORT_LIST_LIMIT, for the administrator to correct. */
  refusedRows: z.array(RollRowSchema),
});
export type RollImportResult = z.infer<typeof RollImportResultSchema>;

/** The multipart digest field of POST /api/admin/imports: a SHA-256 in hex. */
export const RollDigestSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{64}$/i, ROLL_FILE_MESSAGES.digestMissing);

/**
 * Texts telling imported students how to claim their accounts. "Sign in with Google" is named only
 * where the installation offers it: otherwise the advice would send students to a button that is not there.
 */
export function rollImportTexts(googleEnabled: boolean) {
  return {
    claimHelp: googleEnabled
      ? 'Imported students have no password yet. Each claims their account with "Forgot Password?" on the sign-in page (a link arrives at the imported e-mail address) or with "Sign in with Google" using that address; their profile is already filled in.'
      : 'Imported students have no password yet. Each claims their account with "Forgot Password?" on the sign-in page (a link arrives at the imported e-mail address); their profile is already filled in.',
    notClaimed: googleEnabled
      ? 'This account was created from the student roll and has not been claimed yet. Use "Forgot Password?" to get a link at this e-mail address, or sign in with Google.'
      : 'This account was created from the student roll and has not been claimed yet. Use "Forgot Password?" to get a link at this e-mail address.',
    alreadyOnRoll: googleEnabled
      ? 'This student is already on the student roll. Claim the account with "Forgot Password?" on the sign-in page, or sign in with Google.'
      : 'This student is already on the student roll. Claim the account with "Forgot Password?" on the sign-in page.',
  } as const;
}

/** The template's example rows, valid for any installation once the domain is filled in. */
export function rollTemplateCsv(domain: string, year: number): string {
  const header = ROLL_COLUMNS.map((column) => column.header).join(',');
  const lines = [
    header,
    `24100001,Asha Verma,asha.verma@${domain},${PROGRAMS[0]},"${DISCIPLINES[0]}",${year},8.25`,
    `24100002,Rahul Nair,rahul.nair@${domain},${PROGRAMS[0]},"${DISCIPLINES[1]}",${year},`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}
