import { eq } from 'drizzle-orm';
import {
  IDENTITY_MESSAGES,
  INSTITUTE_FACT_LABELS,
  normalizeRole,
  PROFILE_MESSAGES,
  type InstituteFact,
  type InstituteFacts,
  type Profile,
  type ProfileUpdate,
  type StudentIdSource,
  yearOfStudyOf,
} from '@cosa/contracts';
import { auditIdentityChange } from '../../db/audit';
import type { Database } from '../../db/client';
import { studentProfiles, userPhotos, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { membershipRecordOf } from '../club-membership/membership-record.service';
import { attendedEvents } from '../events/attendance-record.service';
import { readFacts } from '../identity/facts.service';

/** The address the web app loads a user's picture from. */
export const photoUrlOf = (photoId: string | null | undefined): string | null =>
  photoId ? `/api/photos/${photoId}` : null;

/** Academic information is a student's; officials' profiles leave it out. */
const hasAcademic = (role: string) => normalizeRole(role) === 'STUDENT';

/** The signed-in user's own profile; a user without a saved profile gets the empty one, never none. */
export async function getOwnProfile(db: Database, userId: string): Promise<Profile> {
  const [[row], attendance, clubMemberships] = await Promise.all([
    db
      .select({ user: users, profile: studentProfiles, photoId: userPhotos.id })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    attendedEvents(db, userId),
    membershipRecordOf(db, userId),
  ]);
  if (!row) throw AppError.unauthenticated();
  const { user, profile: p, photoId } = row;
  return {
    user: {
      id: user.id,
      username: user.username,
      studentId: user.studentId,
      role: normalizeRole(user.role),
    },
    personal: {
      name: user.name,
      email: user.email,
      phone: p?.phone ?? null,
      gender: p?.gender ?? null,
      dateOfBirth: p?.dateOfBirth ?? null,
      photoUrl: photoUrlOf(photoId),
    },
    academic: hasAcademic(user.role)
      ? {
          batchYear: p?.batchYear ?? null,
          program: p?.program ?? null,
          branch: p?.branch ?? null,
          currentYear: p?.currentYear ?? null,
          cgpa: p?.cgpa ?? null,
        }
      : null,
    contact: { hostel: p?.hostel ?? null, roomNumber: p?.roomNumber ?? null },
    socialLinks: { github: p?.githubUrl ?? null, linkedin: p?.linkedinUrl ?? null },
    institute: hasAcademic(user.role)
      ? {
          officialName: user.officialName ?? user.name,
          studentId: user.studentId,
          studentIdSource:
            user.studentId === null ? null : ((user.studentIdSource ?? 'self') as StudentIdSource),
          program: p?.program ?? null,
          discipline: p?.branch ?? null,
          admissionYear: p?.batchYear ?? null,
          cgpa: p?.instituteCgpa ?? null,
          yearOfStudy: yearOfStudyOf(p?.batchYear ?? null),
        }
      : null,
    attendance,
    clubMemberships,
  };
}

/**
 * 400 when the form carries a program, discipline or admission year other than the institute's:
 * a student asks for a correction instead (decision 0015). The same values (the form sends them
 * back as it showed them) or none are accepted and left as they are.
 */
function refuseFactChanges(facts: InstituteFacts, input: ProfileUpdate): void {
  const sent = input.academic;
  if (!sent) return;
  const fields: Record<string, string> = {};
  const check = (key: 'batchYear' | 'program' | 'branch', field: InstituteFact, kept: unknown) => {
    const value = sent[key];
    if (value !== null && value !== undefined && value !== kept)
      fields[`academic.${key}`] = IDENTITY_MESSAGES.factLocked(INSTITUTE_FACT_LABELS[field]);
  };
  check('batchYear', 'admissionYear', facts.admissionYear);
  check('program', 'program', facts.program);
  check('branch', 'discipline', facts.discipline);
  const first = Object.values(fields)[0];
  if (first) throw AppError.badRequest(first, fields);
}

/**
 * Saves the signed-in user's profile (the whole form: a missing or blank field is cleared; a
 * missing or null academic block is left as it is) and the name on the account, in one transaction.
 * Officials may not send academic information.
 */
export async function updateOwnProfile(
  db: Database,
  userId: string,
  role: string,
  input: ProfileUpdate,
): Promise<Profile> {
  const academicGiven =
    input.academic &&
    Object.values(input.academic).some((value) => value !== null && value !== undefined);
  if (academicGiven && !hasAcademic(role))
    throw AppError.badRequest(PROFILE_MESSAGES.academicForStudents, {
      academic: PROFILE_MESSAGES.academicForStudents,
    });
  const facts = await readFacts(db, userId);
  if (!facts) throw AppError.unauthenticated();
  refuseFactChanges(facts, input);
  // Program, discipline, admission year and the institute's CGPA are the institute's (decision
  // 0015): never written here. The current year and CGPA saved here are the student's statement,
  // shown on the profile and never read by eligibility.
  const academic =
    hasAcademic(role) && input.academic
      ? {
          currentYear: input.academic?.currentYear ?? null,
          cgpa: input.academic?.cgpa ?? null,
        }
      : {};
  const values = {
    phone: input.personal.phone ?? null,
    gender: input.personal.gender ?? null,
    dateOfBirth: input.personal.dateOfBirth ?? null,
    ...academic,
    hostel: input.contact.hostel ?? null,
    roomNumber: input.contact.roomNumber ?? null,
    githubUrl: input.socialLinks.github ?? null,
    linkedinUrl: input.socialLinks.linkedin ?? null,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    // Only the display name: the official name is the institute's, for every role (decision 0015).
    await tx.update(users).set({ name: input.personal.name }).where(eq(users.id, userId));
    if (before && before.name !== input.personal.name)
      await auditIdentityChange(tx, {
        actorId: userId,
        userId,
        label: input.personal.name,
        summary: 'Display name changed',
        before: { name: before.name },
        after: { name: input.personal.name },
      });
    await tx
      .insert(studentProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: studentProfiles.userId, set: values });
  });
  return getOwnProfile(db, userId);
}
