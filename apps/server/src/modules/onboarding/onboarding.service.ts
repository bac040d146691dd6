import { saveChoices } from '../privacy/choices.service';
import { and, eq, sql } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  ID_CONFLICT_MESSAGES,
  IDENTITY_MESSAGES,
  isOnboarded,
  type OnboardingFacts,
  type OnboardingRequest,
  type SessionUser,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { studentProfiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { releaseUnprovenStudentId } from '../auth/auth.service';
import { loadSessionUser } from '../auth/session.service';
import { isProvenSource } from '../identity/facts.service';
import { studentIdHolder, takenFromAccount } from '../identity/student-ids.service';

const alreadyComplete = () => AppError.conflict(AUTH_MESSAGES.onboardingDone);
/** The id is the institute's word for another account: only the administrator can correct it. */
const idNumberProven = () =>
  AppError.conflict(ID_CONFLICT_MESSAGES.provenElsewhere, {
    idNumber: ID_CONFLICT_MESSAGES.provenElsewhere,
  });
/** The administrator took this id from this account: it enters its own. */
const idNumberTakenFromYou = () =>
  AppError.conflict(ID_CONFLICT_MESSAGES.takenFromYou, {
    idNumber: ID_CONFLICT_MESSAGES.takenFromYou,
  });
/** Another account claimed it and nobody proved it: the student may ask the administrator for it. */
const idNumberClaimed = () =>
  new AppError(409, ERROR_CODES.studentIdClaimed, ID_CONFLICT_MESSAGES.claimedByOther, {
    idNumber: ID_CONFLICT_MESSAGES.claimedByOther,
  });

/** An account as it onboards, with the facts it may already hold: the roll's, or the administrator's. */
async function readHeld(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({
      role: users.role,
      onboardingComplete: users.onboardingComplete,
      officialName: users.officialName,
      studentId: users.studentId,
      studentIdSource: users.studentIdSource,
      program: studentProfiles.program,
      branch: studentProfiles.branch,
      batchYear: studentProfiles.batchYear,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
type Held = NonNullable<Awaited<ReturnType<typeof readHeld>>>;

/**
 * What the onboarding form shows read-only (GET /api/onboarding): the facts the institute already
 * holds for the account, each null when it holds none. A student id only the student typed is not
 * the institute's; the form offers it to edit (the session carries it).
 */
export async function onboardingFacts(db: Database, userId: string): Promise<OnboardingFacts> {
  const held = await readHeld(db, userId);
  if (!held) throw AppError.unauthenticated();
  return {
    officialName: held.officialName,
    studentId: isProvenSource(held.studentIdSource) ? held.studentId : null,
    program: held.program,
    discipline: held.branch,
    admissionYear: held.batchYear,
  };
}

/**
 * 400 when the form differs from a fact the institute already holds (decision 0015): the roll's
 * program, discipline or admission year (or an approved correction), or a student id the roll or
 * the administrator gave. The student is told the value kept; a fact not held yet is the form's.
 */
function refuseOtherFacts(held: Held, input: OnboardingRequest): void {
  const fields: Record<string, string> = {};
  const check = (field: string, label: string, kept: string | number | null, sent: unknown) => {
    if (kept !== null && kept !== sent)
      fields[field] = IDENTITY_MESSAGES.onboardingFactKept(label, String(kept));
  };
  if (isProvenSource(held.studentIdSource))
    check('idNumber', 'Student ID', held.studentId, input.idNumber);
  check('program', 'program', held.program, input.program);
  check('admissionYear', 'admission year', held.batchYear, input.admissionYear);
  check('discipline', 'discipline', held.branch, input.discipline);
  const first = Object.values(fields)[0];
  if (first) throw AppError.badRequest(first, fields);
}

/**
 * Completes a student's registration in one transaction: the student id on the account, the
 * onboarding flag, and the profile's phone (the mobile number), admission year, program and
 * discipline where the institute holds none yet (a held fact is kept; another value is refused,
 * 400, naming it). From then on the name, student id, program, discipline and admission year are
 * the institute's (decision 0015): only the roll or the administrator changes them. 409 for an id
 * the administrator took from this account (enter your own).
 * 409 when already complete (or not a student) or when another account has the student id: the
 * roll's or the administrator's (ask for a correction), or claimed by a proven address (ask the
 * administrator for it: code STUDENT_ID_CLAIMED); an unproven account's claim is released.
 */
export async function completeOnboarding(
  db: Database,
  userId: string,
  input: OnboardingRequest,
  now = new Date(),
): Promise<SessionUser> {
  const user = await readHeld(db, userId);
  if (!user) throw AppError.unauthenticated();
  if (isOnboarded(user)) throw alreadyComplete();
  // The request schema cannot know the year of the request; the admission year is checked here too.
  // The roll may carry next year's batch ahead: a year the institute holds is the student's as it is.
  if (user.batchYear === null && input.admissionYear > now.getFullYear()) {
    throw AppError.badRequest('Some fields need attention.', {
      admissionYear: AUTH_MESSAGES.admissionYearInvalid,
    });
  }
  if (await takenFromAccount(db, input.idNumber, userId)) throw idNumberTakenFromYou();
  refuseOtherFacts(user, input);
  const holder = await studentIdHolder(db, input.idNumber, userId);
  if (holder?.proven || holder?.unclaimedImport) throw idNumberProven();
  if (holder?.verified) throw idNumberClaimed();
  // An id the administrator or the roll gave this account stays theirs, proven.
  const keepsSource = user.studentId === input.idNumber && user.studentIdSource !== null;

  const profile = {
    phone: input.mobile,
    batchYear: input.admissionYear,
    program: input.program,
    branch: input.discipline,
  };
  // Only the facts not held yet are the form's: a concurrent roll import or correction wins.
  const missingOnly = {
    phone: input.mobile,
    batchYear: sql`coalesce(${studentProfiles.batchYear}, excluded.batch_year)`,
    program: sql`coalesce(${studentProfiles.program}, excluded.program)`,
    branch: sql`coalesce(${studentProfiles.branch}, excluded.branch)`,
  };
  try {
    await db.transaction(async (tx) => {
      // A proven student's id wins over the claim of an account nobody proved.
      await releaseUnprovenStudentId(tx, input.idNumber);
      const updated = await tx
        .update(users)
        .set({
          studentId: input.idNumber,
          studentIdSource: keepsSource ? user.studentIdSource : 'self',
          officialName: sql`coalesce(${users.officialName}, ${users.name})`,
          onboardingComplete: true,
        })
        .where(
          and(
            eq(users.id, userId),
            fixed(users.role, 'STUDENT'),
            fixed(users.onboardingComplete, false),
          ),
        )
        .returning({ id: users.id });
      if (updated.length === 0) throw alreadyComplete();
      if (input.privacy) await saveChoices(tx, userId, input.privacy, 'onboarding');
      await tx
        .insert(studentProfiles)
        .values({ userId, ...profile })
        .onConflictDoUpdate({ target: studentProfiles.userId, set: missingOnly });
    });
  } catch (error) {
    // Another account claimed it at the same moment: as unproven as this one.
    if (uniqueViolationOf(error) === 'users_student_id_key') throw idNumberClaimed();
    throw error;
  }
  return (await loadSessionUser(db, userId))!;
}
