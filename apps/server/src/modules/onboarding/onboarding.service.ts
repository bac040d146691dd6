import { and, eq, ne } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { AUTH_MESSAGES, isOnboarded, type OnboardingRequest, type SessionUser } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { studentProfiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { releaseUnprovenStudentId } from '../auth/auth.service';
import { loadSessionUser } from '../auth/session.service';

const alreadyComplete = () => AppError.conflict(AUTH_MESSAGES.onboardingDone);
const idNumberTaken = () =>
  AppError.conflict(AUTH_MESSAGES.studentIdTaken, { idNumber: AUTH_MESSAGES.studentIdTaken });

/**
 * Completes a student's registration in one transaction: the student id on the account, the
 * onboarding flag, and the profile's phone (the mobile number), admission year, program and discipline.
 * 409 when already complete (or not a student) or when another account has the student id.
 */
export async function completeOnboarding(
  db: Database,
  userId: string,
  input: OnboardingRequest,
  now = new Date(),
): Promise<SessionUser> {
  // The request schema cannot know the year of the request; the admission year is checked here too.
  if (input.admissionYear > now.getFullYear()) {
    throw AppError.badRequest('Some fields need attention.', {
      admissionYear: AUTH_MESSAGES.admissionYearInvalid,
    });
  }
  const [user] = await db
    .select({ role: users.role, onboardingComplete: users.onboardingComplete })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw AppError.unauthenticated();
  if (isOnboarded(user)) throw alreadyComplete();
  const [holder] = await db
    .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.studentId, input.idNumber), ne(users.id, userId)))
    .limit(1);
  if (holder?.verifiedAt) throw idNumberTaken();

  const profile = {
    phone: input.mobile,
    batchYear: input.admissionYear,
    program: input.program,
    branch: input.discipline,
  };
  try {
    await db.transaction(async (tx) => {
      // A proven student's id wins over the claim of an account nobody proved.
      await releaseUnprovenStudentId(tx, input.idNumber);
      const updated = await tx
        .update(users)
        .set({ studentId: input.idNumber, onboardingComplete: true })
        .where(
          and(
            eq(users.id, userId),
            fixed(users.role, 'STUDENT'),
            fixed(users.onboardingComplete, false),
          ),
        )
        .returning({ id: users.id });
      if (updated.length === 0) throw alreadyComplete();
      await tx
        .insert(studentProfiles)
        .values({ userId, ...profile })
        .onConflictDoUpdate({ target: studentProfiles.userId, set: profile });
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'users_student_id_key') throw idNumberTaken();
    throw error;
  }
  return (await loadSessionUser(db, userId))!;
}
