import {
  DISCIPLINES,
  instituteCgpaText,
  isCgpaText,
  MIN_ADMISSION_YEAR,
  PROGRAMS,
  ROLL_NAME_MAX,
  ROLL_ROW_MESSAGES,
  ROLL_STUDENT_ID_MAX_DIGITS,
  isInstituteEmail,
  isPlainLine,
  type RollChange,
  type RollRow,
} from '@cosa/contracts';
import type { RawRollRow } from './roll-import.parse';

/**
 * A row's values once checked: e-mail lower-cased, program and discipline as the portal spells
 * them; cgpa null when the file gives none (no CGPA column, or a blank cell): the CGPA on record stays.
 */
export type CleanRoll = {
  studentId: string;
  name: string;
  email: string;
  program: string;
  discipline: string;
  admissionYear: number;
  cgpa: number | null;
};

/** A row with the reasons found in the row itself; `clean` is set only when there are none. */
export type CheckedRollRow = {
  row: number;
  values: RawRollRow['values'];
  reasons: string[];
  clean: CleanRoll | null;
  studentId: string | null;
  email: string | null;
};

/**
 * An account that a row may be about (same student id or same e-mail), as the import compares it:
 * whether its address is proven, whether it signs in with a password or Google, whether the roll
 * made it, whether it was ever used (onboarded, a student profile), and its profile's values.
 */
export type RollAccount = {
  id: string;
  studentId: string | null;
  email: string;
  name: string;
  /** The institute's name for the student, when one was fixed (the roll's, or at onboarding). */
  officialName: string | null;
  /** Whether the student id is the institute's word (the roll's or the administrator's), not only typed. */
  idProven: boolean;
  role: string;
  verified: boolean;
  hasPassword: boolean;
  hasGoogle: boolean;
  imported: boolean;
  onboarded: boolean;
  hasProfile: boolean;
  program: string | null;
  branch: string | null;
  batchYear: number | null;
  /** The institute's CGPA on record. */
  instituteCgpa: number | null;
};

/**
 * What to write for a row: a new account, or the changes to an existing one. releaseFrom is a
 * never-proven registration to take the student id from first; takeOver makes a never-proven
 * registration of the row's e-mail an account of the roll; emailChanged is an unclaimed account
 * of the roll getting the file's address (its links to the old one go).
 */
export type RollPlan =
  | { kind: 'new'; row: number; clean: CleanRoll; releaseFrom: string | null }
  | {
      kind: 'changed';
      row: number;
      clean: CleanRoll;
      account: RollAccount;
      changes: RollChange[];
      takeOver: boolean;
      emailChanged: boolean;
      releaseFrom: string | null;
    };

/** Letters and digits only, '&' read as 'and': 'B. Tech', 'btech' and 'B.Tech' are one program. */
const looseKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
const PROGRAM_BY_KEY = new Map<string, string>(PROGRAMS.map((program) => [looseKey(program), program]));
const DISCIPLINE_BY_KEY = new Map<string, string>(
  DISCIPLINES.map((discipline) => [looseKey(discipline), discipline]),
);
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STUDENT_ID = new RegExp(`^[0-9]{1,${ROLL_STUDENT_ID_MAX_DIGITS}}$`);

/** The reasons a row is refused on its own (no other row or account considered), and its clean values. */
export function checkRollRow(raw: RawRollRow, domain: string, maxYear: number): CheckedRollRow {
  const values = Object.fromEntries(
    Object.entries(raw.values).map(([field, value]) => [field, value.trim()]),
  ) as RawRollRow['values'];
  const reasons: string[] = [];
  const { studentId, name, email, program, discipline, admissionYear, cgpa } = values;

  if (name === '') reasons.push(ROLL_ROW_MESSAGES.nameMissing);
  else if (name.length > ROLL_NAME_MAX || !isPlainLine(name))
    reasons.push(ROLL_ROW_MESSAGES.nameInvalid);

  const idOk = STUDENT_ID.test(studentId);
  if (studentId === '') reasons.push(ROLL_ROW_MESSAGES.studentIdMissing);
  else if (!idOk) reasons.push(ROLL_ROW_MESSAGES.studentIdDigits);

  let emailOk = false;
  if (email === '') reasons.push(ROLL_ROW_MESSAGES.emailMissing);
  else if (!EMAIL_SHAPE.test(email) || email.length > 254)
    reasons.push(ROLL_ROW_MESSAGES.emailMalformed);
  else if (!isInstituteEmail(email, domain)) reasons.push(ROLL_ROW_MESSAGES.emailDomain(domain));
  else emailOk = true;

  const programName = PROGRAM_BY_KEY.get(looseKey(program));
  if (!programName) reasons.push(ROLL_ROW_MESSAGES.programUnknown);
  const disciplineName = DISCIPLINE_BY_KEY.get(looseKey(discipline));
  if (!disciplineName) reasons.push(ROLL_ROW_MESSAGES.disciplineUnknown);
  const year = /^[0-9]{4}$/.test(admissionYear) ? Number(admissionYear) : NaN;
  if (!(year >= MIN_ADMISSION_YEAR && year <= maxYear))
    reasons.push(ROLL_ROW_MESSAGES.yearInvalid(maxYear));
  if (cgpa !== '' && !isCgpaText(cgpa)) reasons.push(ROLL_ROW_MESSAGES.cgpaInvalid);

  const lowerEmail = emailOk ? email.toLowerCase() : null;
  const clean =
    reasons.length === 0
      ? {
          studentId,
          name,
          email: lowerEmail!,
          program: programName!,
          discipline: disciplineName!,
          admissionYear: year,
          cgpa: cgpa === '' ? null : Number(cgpa),
        }
      : null;
  return { row: raw.row, values, reasons, clean, studentId: idOk ? studentId : null, email: lowerEmail };
}

/**
 * Refuses every row whose student id, or e-mail, another row of the file also has: which one is
 * right is not ours to guess. Linear: each key's rows are gathered once in a map, and rows sharing
 * a key share one message (20,000 identical rows are two messages, not 20,000 lists of 20,000).
 */
export function markDuplicates(rows: CheckedRollRow[]): void {
  const rowsOf = (key: (row: CheckedRollRow) => string | null) => {
    const groups = new Map<string, number[]>();
    for (const row of rows) {
      const value = key(row);
      if (value === null) continue;
      const group = groups.get(value);
      if (group) group.push(row.row);
      else groups.set(value, [row.row]);
    }
    return groups;
  };
  const messagesOf = (
    groups: Map<string, number[]>,
    message: (rows: readonly number[]) => string,
  ): Map<string, string> => {
    const messages = new Map<string, string>();
    for (const [value, group] of groups) if (group.length > 1) messages.set(value, message(group));
    return messages;
  };
  const sameId = messagesOf(
    rowsOf((row) => row.studentId),
    ROLL_ROW_MESSAGES.duplicateStudentId,
  );
  const sameEmail = messagesOf(
    rowsOf((row) => row.email),
    ROLL_ROW_MESSAGES.duplicateEmail,
  );
  for (const row of rows) {
    const idMessage = row.studentId === null ? undefined : sameId.get(row.studentId);
    const emailMessage = row.email === null ? undefined : sameEmail.get(row.email);
    if (idMessage) row.reasons.push(idMessage);
    if (emailMessage) row.reasons.push(emailMessage);
    if (row.reasons.length > 0) row.clean = null;
  }
}

/**
 * A registration nobody ever proved: the address is unproven, the roll did not make it, Google never
 * vouched for it, and it was never used (onboarding needs a proven address, so an onboarded account
 * or one with a student profile was proven once). Only a registrant's word stands behind its
 * student id and name, so the roll may take the id back and the account over.
 */
const neverProvenRegistration = (account: RollAccount) =>
  !account.verified &&
  !account.imported &&
  !account.hasGoogle &&
  !account.onboarded &&
  !account.hasProfile;

/**
 * An account of the roll that its student has not claimed: no password, no Google, the address
 * unproven. Nobody can sign in to it, so it is the only account whose e-mail the roll may change.
 */
const unclaimedImport = (account: RollAccount) =>
  account.imported && !account.verified && !account.hasPassword && !account.hasGoogle;

function changesOf(account: RollAccount, clean: CleanRoll): RollChange[] {
  const changes: RollChange[] = [];
  const compare = (
    field: RollChange['field'],
    before: string | null,
    after: string,
    same = before === after,
  ) => {
    if (!same) changes.push({ field, before, after });
  };
  compare('studentId', account.studentId, clean.studentId);
  compare('name', account.officialName ?? account.name, clean.name);
  compare('email', account.email, clean.email, account.email.toLowerCase() === clean.email);
  compare('program', account.program, clean.program);
  compare('discipline', account.branch, clean.discipline);
  compare(
    'admissionYear',
    account.batchYear === null ? null : String(account.batchYear),
    String(clean.admissionYear),
  );
  // A blank CGPA leaves the one on record: only a given one is compared.
  if (clean.cgpa !== null)
    compare(
      'cgpa',
      account.instituteCgpa === null ? null : instituteCgpaText(account.instituteCgpa),
      instituteCgpaText(clean.cgpa),
    );
  return changes;
}

/**
 * Judges a row against the accounts holding its student id and its e-mail, adding the reasons
 * that refuse it, and returns the row as listed and what to write for it (null: nothing).
 * - an account of another role is never touched by the roll;
 * - a student id nobody proved (typed at registration or onboarding, never matched by the roll nor
 *   confirmed by the administrator) is only what was typed, so the roll takes it back, and an
 *   account of the row's e-mail with such an id gets the roll's;
 * - a row whose e-mail is another student's account is refused (two accounts cannot become one);
 * - a row giving its student id's account another e-mail is refused unless that account is an
 *   unclaimed one of the roll: a proven address, or one its student signs in with, is theirs;
 * - a never-proven registration of the row's e-mail is taken over by the roll: it loses its
 *   password and waits to be claimed, as if imported;
 * - a row identical to its account is unchanged, and nothing is written for it.
 */
export function judgeRollRow(
  checked: CheckedRollRow,
  byStudentId: ReadonlyMap<string, RollAccount>,
  byEmail: ReadonlyMap<string, RollAccount>,
): { listed: RollRow; plan: RollPlan | null } {
  const reasons = [...checked.reasons];
  let holder = checked.studentId === null ? undefined : byStudentId.get(checked.studentId);
  const owner = checked.email === null ? undefined : byEmail.get(checked.email);
  let releaseFrom: string | null = null;
  // The roll is the source of truth (decision 0015): a student's id that nobody proved goes to
  // the roll's row, whoever typed it and whatever they did since.
  if (
    holder &&
    holder.id !== owner?.id &&
    (neverProvenRegistration(holder) || (!holder.idProven && holder.role === 'STUDENT'))
  ) {
    releaseFrom = holder.id;
    holder = undefined;
  }
  if ((holder && holder.role !== 'STUDENT') || (owner && owner.role !== 'STUDENT'))
    reasons.push(ROLL_ROW_MESSAGES.notStudent);
  else if (holder && owner && holder.id !== owner.id) reasons.push(ROLL_ROW_MESSAGES.emailOtherAccount);
  else if (
    !holder &&
    owner &&
    owner.studentId !== null &&
    owner.studentId !== checked.studentId &&
    owner.idProven
  ) {
    reasons.push(ROLL_ROW_MESSAGES.emailOtherAccount);
  } else if (
    holder &&
    checked.email !== null &&
    holder.email.toLowerCase() !== checked.email &&
    !unclaimedImport(holder)
  ) {
    reasons.push(ROLL_ROW_MESSAGES.emailProven);
  }

  const base = { row: checked.row, ...checked.values, reasons };
  const clean = reasons.length === 0 ? checked.clean : null;
  if (!clean) return { listed: { ...base, outcome: 'refused', changes: [] }, plan: null };
  const account = holder ?? owner;
  if (!account)
    return {
      listed: { ...base, outcome: 'new', changes: [] },
      plan: { kind: 'new', row: checked.row, clean, releaseFrom },
    };
  const changes = changesOf(account, clean);
  if (changes.length === 0) return { listed: { ...base, outcome: 'unchanged', changes }, plan: null };
  const emailChanged = changes.some((change) => change.field === 'email');
  return {
    listed: { ...base, outcome: 'changed', changes },
    plan: {
      kind: 'changed',
      row: checked.row,
      clean,
      account,
      changes,
      takeOver: neverProvenRegistration(account),
      emailChanged,
      releaseFrom,
    },
  };
}
