import { eq } from 'drizzle-orm';
import { studentProfiles, users } from '../src/db/schema/index';
import { TEST_ORIGIN, type TestContext } from './build-test-app';

/**
 * The whole edit form of a student, every field the student edits filled: program, discipline
 * and admission year are the institute's (decision 0015), shown but not sent.
 */
export const FULL_FORM = {
  personal: {
    name: 'Ananya Krishnan',
    phone: '9123456780',
    gender: 'Female',
    dateOfBirth: '2004-05-17',
  },
  academic: {
    currentYear: '3rd',
    cgpa: 9.12,
  },
  contact: { hostel: 'Indravati', roomNumber: 'B-214' },
  socialLinks: {
    github: 'https://github.com/ananya-k',
    linkedin: 'https://www.linkedin.com/in/ananya-k',
  },
};

/** The form with some sections replaced (a shallow merge per section). */
export function formWith(
  changes: { personal?: object; academic?: object | null; contact?: object; socialLinks?: object } = {},
) {
  return {
    personal: { ...FULL_FORM.personal, ...changes.personal },
    academic: changes.academic === null ? null : { ...FULL_FORM.academic, ...changes.academic },
    contact: { ...FULL_FORM.contact, ...changes.contact },
    socialLinks: { ...FULL_FORM.socialLinks, ...changes.socialLinks },
  };
}

/** Requests as the profile page sends them, and the stored rows behind a profile. */
export function profileClientOf(ctx: TestContext) {
  const getProfile = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/me/profile', headers: cookie ? { cookie } : {} });
  const putProfile = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  /** The stored rows of a user, to prove a refused request changed nothing. */
  async function storedRows(userId: string) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    const [profile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, userId));
    return { user, profile };
  }
  return { getProfile, putProfile, storedRows };
}
