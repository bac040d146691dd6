import { eq } from 'drizzle-orm';
import { normalizeRole, PROFILE_MESSAGES, type Profile, type ProfileUpdate } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { studentProfiles, userPhotos, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** The address the web app loads a user's picture from. */
export const photoUrlOf = (photoId: string | null | undefined): string | null =>
  photoId ? `/api/photos/${photoId}` : null;

/** Academic information is a student's; officials' profiles leave it out. */
const hasAcademic = (role: string) => normalizeRole(role) === 'STUDENT';

/** The signed-in user's own profile; a user without a saved profile gets the empty one, never none. */
export async function getOwnProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db
    .select({ user: users, profile: studentProfiles, photoId: userPhotos.id })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
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
  };
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
  const academic =
    hasAcademic(role) && input.academic
      ? {
          batchYear: input.academic?.batchYear ?? null,
          program: input.academic?.program ?? null,
          branch: input.academic?.branch ?? null,
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
    await tx.update(users).set({ name: input.personal.name }).where(eq(users.id, userId));
    await tx
      .insert(studentProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: studentProfiles.userId, set: values });
  });
  return getOwnProfile(db, userId);
}
