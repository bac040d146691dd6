import { sql } from 'drizzle-orm';
import {
  ID_CONFLICT_MESSAGES,
  ROLL_FILE_MESSAGES,
  ROLL_IMPORT_LIST_LIMIT,
  maxRollAdmissionYear,
  type RollImportResult,
  type RollOutcome,
  type RollPreview,
  type RollRow,
  type RollTotals,
} from '@cosa/contracts';
import { auditSummary } from '../../db/audit';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { notifyMany } from '../notifications/notify.service';
import { parseRoll, rollDigest, yieldToOtherRequests, type ParsedRoll } from './roll-import.parse';
import {
  checkRollRow,
  judgeRollRow,
  type CheckedRollRow,
  markDuplicates,
  type RollAccount,
  type RollPlan,
} from './roll-import.policy';
import { refusalsOf } from './roll-import.refusals';
import { loadRollAccounts, lockRollImports, writeRoll } from './roll-import.store';

/** The installation's rules for the roll: its e-mail domain, and the clock that bounds admission years. */
export type RollSettings = { domain: string; now?: Date };

/** An uploaded roll: the name the browser gave it and its bytes. */
export type RollFile = { name: string; bytes: Buffer };

/** `confirmed`: accounts the roll leaves unchanged whose student id it now proves (decision 0015). */
type JudgedRoll = { rows: RollRow[]; plans: RollPlan[]; totals: RollTotals; confirmed: string[] };

/** How many entries each list of an import's audit line holds; the rest are counted. */
const ROLL_AUDIT_LIST_LIMIT = 1_000;

/**
 * Who an import changed and how, for its audit line: each changed account (its id, the file's
 * student id, each field before and after, and whether a never-proven registration was taken
 * over), the student ids of the new accounts, and the never-proven registrations whose student
 * id went to the roll. Each list holds its first ROLL_AUDIT_LIST_LIMIT entries, in file order,
 * and says how many more there were.
 */
function auditDetails(plans: RollPlan[]) {
  const capped = <T>(entries: T[]) => ({
    listed: entries.slice(0, ROLL_AUDIT_LIST_LIMIT),
    notListed: Math.max(0, entries.length - ROLL_AUDIT_LIST_LIMIT),
  });
  const changed = capped(
    plans.flatMap((plan) =>
      plan.kind === 'changed'
        ? [
            {
              userId: plan.account.id,
              studentId: plan.clean.studentId,
              changes: plan.changes,
              ...(plan.takeOver ? { takenOver: true } : {}),
            },
          ]
        : [],
    ),
  );
  const created = capped(plans.flatMap((plan) => (plan.kind === 'new' ? [plan.clean.studentId] : [])));
  const released = capped(
    plans.flatMap((plan) =>
      plan.releaseFrom ? [{ userId: plan.releaseFrom, studentId: plan.clean.studentId }] : [],
    ),
  );
  return {
    changedAccounts: changed.listed,
    changedAccountsNotListed: changed.notListed,
    newStudentIds: created.listed,
    newStudentIdsNotListed: created.notListed,
    releasedStudentIds: released.listed,
    releasedStudentIdsNotListed: released.notListed,
  };
}

/** Tells each student whose unproven id went to the roll what to do (those who never proved their address are not written to). */
async function tellReleased(tx: Database, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await notifyMany(
    tx,
    sql`select u.id as user_id from users u where u.id::text in (select jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb)) and u.email_verified_at is not null`,
    {
      kind: 'identity',
      subject: 'Your Student ID',
      outcome: 'released',
      detail: ID_CONFLICT_MESSAGES.releasedNotice,
      link: '/onboarding',
    },
  );
}

/** The file's name as the page and the audit log show it: its last part, one line, at most 120 characters. */
function displayFileName(name: string): string {
  const cleaned = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '')
    .trim();
  return (cleaned || 'roll.csv').slice(0, 120);
}

/** Rows checked between two turns of the event loop for other requests: a few milliseconds of work. */
const JUDGED_BETWEEN_TURNS = 2_000;

/** Checks every row, alone, against the file's other rows, and against the accounts it is about. */
async function judgeRoll(
  db: Database,
  parsed: ParsedRoll,
  settings: RollSettings,
  lock: boolean,
): Promise<JudgedRoll> {
  const maxYear = maxRollAdmissionYear(settings.now);
  const checked: CheckedRollRow[] = [];
  for (const row of parsed.rows) {
    checked.push(checkRollRow(row, settings.domain, maxYear));
    if (checked.length % JUDGED_BETWEEN_TURNS === 0) await yieldToOtherRequests();
  }
  markDuplicates(checked);
  const studentIds = [
    ...new Set(checked.flatMap((row) => (row.studentId === null ? [] : [row.studentId]))),
  ];
  const emails = [...new Set(checked.flatMap((row) => (row.email === null ? [] : [row.email])))];
  const accounts = await loadRollAccounts(db, studentIds, emails, lock);
  const byStudentId = new Map<string, RollAccount>();
  const byEmail = new Map<string, RollAccount>();
  for (const account of accounts) {
    if (account.studentId !== null) byStudentId.set(account.studentId, account);
    byEmail.set(account.email.toLowerCase(), account);
  }
  const totals: RollTotals = { rows: checked.length, new: 0, changed: 0, unchanged: 0, refused: 0 };
  const rows: RollRow[] = [];
  const plans: RollPlan[] = [];
  const confirmed: string[] = [];
  for (const row of checked) {
    if (rows.length % JUDGED_BETWEEN_TURNS === 0) await yieldToOtherRequests();
    const { listed, plan } = judgeRollRow(row, byStudentId, byEmail);
    totals[listed.outcome] += 1;
    rows.push(listed);
    if (plan) plans.push(plan);
    const account = row.studentId === null ? undefined : byStudentId.get(row.studentId);
    if (listed.outcome === 'unchanged' && account && !account.idProven) confirmed.push(account.id);
  }
  return { rows, plans, totals, confirmed };
}

/** The first rows of each outcome (of those asked for), in file order. */
function listed(rows: RollRow[], outcomes: readonly RollOutcome[]): RollRow[] {
  const shown = new Map<RollOutcome, number>();
  return rows.filter((row) => {
    if (!outcomes.includes(row.outcome)) return false;
    const count = shown.get(row.outcome) ?? 0;
    shown.set(row.outcome, count + 1);
    return count < ROLL_IMPORT_LIST_LIMIT;
  });
}

/**
 * What importing the file would do; nothing is written. Lists the first rows of each outcome and
 * the refused rows counted by reason with the first of each. 400 for a file that is not a roll.
 */
export async function previewRoll(
  db: Database,
  settings: RollSettings,
  file: RollFile,
): Promise<RollPreview> {
  const parsed = await parseRoll(file.bytes);
  const judged = await judgeRoll(db, parsed, settings, false);
  return {
    fileName: displayFileName(file.name),
    digest: parsed.digest,
    totals: judged.totals,
    ignoredColumns: parsed.ignoredColumns,
    rows: listed(judged.rows, ['changed', 'new', 'unchanged']),
    refusals: refusalsOf(judged.rows),
    maxAdmissionYear: maxRollAdmissionYear(settings.now),
  };
}

/** Every row of the file a preview refuses, in file order, with its reasons: the download of the preview page. */
export async function refusedRollRows(
  db: Database,
  settings: RollSettings,
  file: RollFile,
): Promise<RollRow[]> {
  const judged = await judgeRoll(db, await parseRoll(file.bytes), settings, false);
  return judged.rows.filter((row) => row.outcome === 'refused');
}

/**
 * Imports the file previewed under `digest` (409 when this file is another): checks every row
 * again and writes the new and changed students in one transaction, refused rows skipped, with one
 * line in the audit log that lists who changed and how. Imports run one at a time; an account created or taken meanwhile by
 * someone else (a registration) makes the whole import fail with 409, nothing written.
 */
export async function importRoll(
  db: Database,
  actorId: string,
  settings: RollSettings,
  file: RollFile,
  digest: string,
): Promise<RollImportResult> {
  if (file.bytes.length > 0 && rollDigest(file.bytes) !== digest.toLowerCase()) {
    throw AppError.conflict(ROLL_FILE_MESSAGES.digestMismatch, {
      file: ROLL_FILE_MESSAGES.digestMismatch,
    });
  }
  const parsed = await parseRoll(file.bytes);
  const fileName = displayFileName(file.name);
  try {
    return await db.transaction(async (tx) => {
      await lockRollImports(tx);
      const judged = await judgeRoll(tx, parsed, settings, true);
      const { created, updated, released } = await writeRoll(tx, judged.plans, judged.confirmed);
      await tellReleased(tx, released);
      if (created + updated > 0) {
        await auditSummary(tx, {
          actorId,
          kind: 'import',
          action: 'create',
          subjectType: 'users',
          summary: `Imported ${created} new and ${updated} changed students from ${fileName}`,
          after: { fileName, digest: parsed.digest, ...judged.totals, ...auditDetails(judged.plans) },
        });
      }
      return {
        fileName,
        digest: parsed.digest,
        totals: judged.totals,
        created,
        updated,
        refusedRows: listed(judged.rows, ['refused']),
      };
    });
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw AppError.conflict(ROLL_FILE_MESSAGES.busy);
    throw error;
  }
}
