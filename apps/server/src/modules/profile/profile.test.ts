import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentProfiles, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';

const ONBOARDING_REQUIRED = 'ONBOARDING_REQUIRED';

/** The whole edit form of a student, every field filled. */
const FULL_FORM = {
  personal: {
    name: 'Ananya Krishnan',
    phone: '9123456780',
    gender: 'Female',
    dateOfBirth: '2004-05-17',
  },
  academic: {
    batchYear: 2023,
    program: 'B.Tech',
    branch: 'Mathematics',
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
function formWith(
  changes: { personal?: object; academic?: object | null; contact?: object; socialLinks?: object } = {},
) {
  return {
    personal: { ...FULL_FORM.personal, ...changes.personal },
    academic: changes.academic === null ? null : { ...FULL_FORM.academic, ...changes.academic },
    contact: { ...FULL_FORM.contact, ...changes.contact },
    socialLinks: { ...FULL_FORM.socialLinks, ...changes.socialLinks },
  };
}

describe('profile API', () => {
  const ctx = useTestApp();

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

  describe('GET /api/me/profile', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const response = await getProfile();
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('sends a student who has not onboarded to finish registration', async () => {
      const student = await createUser(ctx.db, { onboardingComplete: false });
      const response = await getProfile(await signInAs(ctx, student));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe(ONBOARDING_REQUIRED);
    });

    it("returns the student's whole profile", async () => {
      const { user } = await createStudent(
        ctx.db,
        {
          name: 'Kabir Mehta',
          email: 'kabir.mehta@iitbhilai.ac.in',
          username: 'kabir.mehta',
          studentId: '12240042',
        },
        {
          phone: '9812345678',
          gender: 'Male',
          dateOfBirth: '2003-11-02',
          batchYear: 2022,
          program: 'M.Tech',
          branch: 'Electrical Engineering',
          currentYear: '2nd',
          cgpa: 8.75,
          hostel: 'Kanhar',
          roomNumber: 'K-101',
          githubUrl: 'https://github.com/kabir',
          linkedinUrl: 'https://in.linkedin.com/in/kabir',
        },
      );
      const response = await getProfile(await signInAs(ctx, user));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        profile: {
          user: { id: user.id, username: 'kabir.mehta', studentId: '12240042', role: 'STUDENT' },
          personal: {
            name: 'Kabir Mehta',
            email: 'kabir.mehta@iitbhilai.ac.in',
            phone: '9812345678',
            gender: 'Male',
            dateOfBirth: '2003-11-02',
            photoUrl: null,
          },
          academic: {
            batchYear: 2022,
            program: 'M.Tech',
            branch: 'Electrical Engineering',
            currentYear: '2nd',
            cgpa: 8.75,
          },
          contact: { hostel: 'Kanhar', roomNumber: 'K-101' },
          socialLinks: {
            github: 'https://github.com/kabir',
            linkedin: 'https://in.linkedin.com/in/kabir',
          },
        },
      });
    });

    it('gives a student whose profile row does not exist yet an empty profile, never none', async () => {
      const user = await createUser(ctx.db, {
        onboardingComplete: true,
        name: 'Meera Pillai',
        email: 'meera.pillai@iitbhilai.ac.in',
        username: 'meera.pillai',
        studentId: '12240077',
      });
      const response = await getProfile(await signInAs(ctx, user));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        profile: {
          user: { id: user.id, username: 'meera.pillai', studentId: '12240077', role: 'STUDENT' },
          personal: {
            name: 'Meera Pillai',
            email: 'meera.pillai@iitbhilai.ac.in',
            phone: null,
            gender: null,
            dateOfBirth: null,
            photoUrl: null,
          },
          academic: { batchYear: null, program: null, branch: null, currentYear: null, cgpa: null },
          contact: { hostel: null, roomNumber: null },
          socialLinks: { github: null, linkedin: null },
        },
      });
      expect(response.body).not.toContain('No profile found');
    });

    it('gives an official a profile without academic information', async () => {
      const official = await createUser(ctx.db, {
        role: 'GENSEC_SCITECH',
        name: 'Rohan Das',
        email: 'gensec.scitech@iitbhilai.ac.in',
        username: 'gensec.scitech',
      });
      const response = await getProfile(await signInAs(ctx, official));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        profile: {
          user: { id: official.id, username: 'gensec.scitech', studentId: null, role: 'GENSEC_SCITECH' },
          personal: {
            name: 'Rohan Das',
            email: 'gensec.scitech@iitbhilai.ac.in',
            phone: null,
            gender: null,
            dateOfBirth: null,
            photoUrl: null,
          },
          academic: null,
          contact: { hostel: null, roomNumber: null },
          socialLinks: { github: null, linkedin: null },
        },
      });
    });

    it('shows the mobile number given at onboarding as the phone', async () => {
      const student = await createUser(ctx.db, { onboardingComplete: false, studentId: null });
      const cookie = await signInAs(ctx, student);
      const onboarding = await ctx.app.inject({
        method: 'POST',
        url: '/api/onboarding',
        payload: {
          idNumber: '12259901',
          mobile: '9988776655',
          admissionYear: 2024,
          program: 'B.Tech',
          discipline: 'Civil Engineering',
        },
        headers: { origin: TEST_ORIGIN, cookie },
      });
      expect(onboarding.statusCode).toBe(200);
      const response = await getProfile(cookie);
      expect(response.statusCode).toBe(200);
      const { profile } = response.json();
      expect(profile.personal.phone).toBe('9988776655');
      expect(profile.user.studentId).toBe('12259901');
      expect(profile.academic).toEqual({
        batchYear: 2024,
        program: 'B.Tech',
        branch: 'Civil Engineering',
        currentYear: null,
        cgpa: null,
      });
    });
  });

  describe('PUT /api/me/profile', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const response = await putProfile(FULL_FORM);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('sends a student who has not onboarded to finish registration, and saves nothing', async () => {
      const student = await createUser(ctx.db, { onboardingComplete: false });
      const before = await storedRows(student.id);
      const response = await putProfile(FULL_FORM, await signInAs(ctx, student));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe(ONBOARDING_REQUIRED);
      expect(await storedRows(student.id)).toEqual(before);
      expect(before.profile).toBeUndefined();
    });

    it('saves every field, answers with the saved profile, and GET returns the same', async () => {
      const { user } = await createStudent(ctx.db, {
        username: 'ananya.k',
        studentId: '12230005',
        email: 'ananya.k@iitbhilai.ac.in',
      });
      const cookie = await signInAs(ctx, user);
      const expected = {
        profile: {
          user: { id: user.id, username: 'ananya.k', studentId: '12230005', role: 'STUDENT' },
          personal: {
            name: 'Ananya Krishnan',
            email: 'ananya.k@iitbhilai.ac.in',
            phone: '9123456780',
            gender: 'Female',
            dateOfBirth: '2004-05-17',
            photoUrl: null,
          },
          academic: {
            batchYear: 2023,
            program: 'B.Tech',
            branch: 'Mathematics',
            currentYear: '3rd',
            cgpa: 9.12,
          },
          contact: { hostel: 'Indravati', roomNumber: 'B-214' },
          socialLinks: {
            github: 'https://github.com/ananya-k',
            linkedin: 'https://www.linkedin.com/in/ananya-k',
          },
        },
      };
      const response = await putProfile(FULL_FORM, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
      expect((await getProfile(cookie)).json()).toEqual(expected);
    });

    it('creates the profile row of a student who has none', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const response = await putProfile(FULL_FORM, await signInAs(ctx, user));
      expect(response.statusCode).toBe(200);
      const [row] = await ctx.db
        .select()
        .from(studentProfiles)
        .where(eq(studentProfiles.userId, user.id));
      expect(row).toMatchObject({
        phone: '9123456780',
        batchYear: 2023,
        hostel: 'Indravati',
        githubUrl: 'https://github.com/ananya-k',
      });
    });

    it('clears the fields sent blank', async () => {
      const { user } = await createStudent(
        ctx.db,
        {},
        {
          roomNumber: 'G-12',
          dateOfBirth: '2002-01-01',
          githubUrl: 'https://github.com/old',
          linkedinUrl: 'https://linkedin.com/in/old',
        },
      );
      const cookie = await signInAs(ctx, user);
      const response = await putProfile(
        {
          personal: { name: 'Diya Sharma', phone: '', gender: '', dateOfBirth: '' },
          academic: { batchYear: '', program: '', branch: '', currentYear: '', cgpa: '' },
          contact: { hostel: '', roomNumber: '   ' },
          socialLinks: { github: '', linkedin: '' },
        },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      const { profile } = (await getProfile(cookie)).json();
      expect(profile.personal).toEqual({
        name: 'Diya Sharma',
        email: user.email,
        phone: null,
        gender: null,
        dateOfBirth: null,
        photoUrl: null,
      });
      expect(profile.academic).toEqual({
        batchYear: null,
        program: null,
        branch: null,
        currentYear: null,
        cgpa: null,
      });
      expect(profile.contact).toEqual({ hostel: null, roomNumber: null });
      expect(profile.socialLinks).toEqual({ github: null, linkedin: null });
    });

    it('refuses a phone that is not 10 digits', async () => {
      const { user } = await createStudent(ctx.db);
      const cookie = await signInAs(ctx, user);
      const before = await storedRows(user.id);
      for (const phone of ['98765', '98765432101', '98765abcde']) {
        const response = await putProfile(formWith({ personal: { phone } }), cookie);
        expect(response.statusCode, phone).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
        expect(response.json().error.fields).toEqual({
          'personal.phone': 'Mobile number must be 10 digits',
        });
      }
      expect(await storedRows(user.id)).toEqual(before);
    });

    it('refuses a GitHub link that is not a web address', async () => {
      const { user } = await createStudent(ctx.db);
      const cookie = await signInAs(ctx, user);
      const before = await storedRows(user.id);
      for (const github of ['github.com/someone', 'not a url', 'javascript:alert(1)']) {
        const response = await putProfile(formWith({ socialLinks: { github } }), cookie);
        expect(response.statusCode, github).toBe(400);
        expect(response.json().error.fields).toEqual({ 'socialLinks.github': 'Invalid GitHub URL' });
      }
      expect(await storedRows(user.id)).toEqual(before);
    });

    it('refuses a LinkedIn link off the professional-network host', async () => {
      const { user } = await createStudent(ctx.db);
      const cookie = await signInAs(ctx, user);
      const before = await storedRows(user.id);
      for (const linkedin of [
        'http://evil.com/linkedin.com',
        'javascript:alert(document.cookie)',
        'javascript://www.linkedin.com/%0Aalert(1)',
        'https://linkedin.com.evil.com/in/someone',
        'https://notlinkedin.com/in/someone',
        'ftp://www.linkedin.com/in/someone',
      ]) {
        const response = await putProfile(formWith({ socialLinks: { linkedin } }), cookie);
        expect(response.statusCode, linkedin).toBe(400);
        expect(response.json().error.fields, linkedin).toEqual({
          'socialLinks.linkedin': 'Invalid LinkedIn URL',
        });
      }
      expect(await storedRows(user.id)).toEqual(before);
    });

    it('accepts LinkedIn links on the host and its subdomains', async () => {
      const { user } = await createStudent(ctx.db);
      const cookie = await signInAs(ctx, user);
      for (const linkedin of [
        'https://linkedin.com/in/someone',
        'http://in.linkedin.com/in/someone',
        'https://WWW.LINKEDIN.COM/in/someone',
      ]) {
        const response = await putProfile(formWith({ socialLinks: { linkedin } }), cookie);
        expect(response.statusCode, linkedin).toBe(200);
        expect(response.json().profile.socialLinks.linkedin).toBe(linkedin);
      }
    });

    const thisYear = new Date().getFullYear();
    it.each([
      ['before 2016', 2015],
      ['after the current year', thisYear + 1],
      ['that is not a whole year', 2020.5],
    ])(
      'refuses an admission year %s, naming the current year, and saves nothing',
      async (_case, batchYear) => {
        const { user } = await createStudent(ctx.db);
        const cookie = await signInAs(ctx, user);
        const before = await storedRows(user.id);
        const response = await putProfile(formWith({ academic: { batchYear } }), cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({
          'academic.batchYear': `Admission year must be between 2016 and ${thisYear}`,
        });
        expect(await storedRows(user.id)).toEqual(before);
      },
    );

    it('accepts the admission years 2016 and the current year', async () => {
      const { user } = await createStudent(ctx.db);
      const cookie = await signInAs(ctx, user);
      for (const batchYear of [2016, thisYear]) {
        const response = await putProfile(formWith({ academic: { batchYear } }), cookie);
        expect(response.statusCode, String(batchYear)).toBe(200);
        expect(response.json().profile.academic.batchYear).toBe(batchYear);
      }
    });

    it('refuses a CGPA outside 0 to 10', async () => {
      const { user } = await createStudent(ctx.db, {}, { cgpa: 7.5 });
      const cookie = await signInAs(ctx, user);
      const before = await storedRows(user.id);
      for (const cgpa of [10.5, -0.5]) {
        const response = await putProfile(formWith({ academic: { cgpa } }), cookie);
        expect(response.statusCode, String(cgpa)).toBe(400);
        expect(response.json().error.fields).toEqual({
          'academic.cgpa': 'CGPA must be between 0 and 10',
        });
      }
      expect(await storedRows(user.id)).toEqual(before);
      const ten = await putProfile(formWith({ academic: { cgpa: 10 } }), cookie);
      expect(ten.statusCode).toBe(200);
      expect(ten.json().profile.academic.cgpa).toBe(10);
    });

    it('answers every invalid field at once and saves none of the valid ones', async () => {
      const { user } = await createStudent(ctx.db);
      const cookie = await signInAs(ctx, user);
      const before = await storedRows(user.id);
      const response = await putProfile(
        formWith({
          personal: { name: 'A New Name', phone: '12345' },
          academic: { batchYear: thisYear + 1, cgpa: 11 },
          contact: { hostel: 'Gopad' },
          socialLinks: { github: 'nope', linkedin: 'https://example.com/in/x' },
        }),
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        'personal.phone': 'Mobile number must be 10 digits',
        'academic.batchYear': `Admission year must be between 2016 and ${thisYear}`,
        'academic.cgpa': 'CGPA must be between 0 and 10',
        'socialLinks.github': 'Invalid GitHub URL',
        'socialLinks.linkedin': 'Invalid LinkedIn URL',
      });
      expect(await storedRows(user.id)).toEqual(before);
    });

    it("changes only the signed-in user's profile, whatever ids the body names", async () => {
      const { user: me } = await createStudent(ctx.db);
      const { user: other } = await createStudent(
        ctx.db,
        {},
        { phone: '9000000001', hostel: 'Gopad', githubUrl: 'https://github.com/other' },
      );
      const otherBefore = await storedRows(other.id);
      const cookie = await signInAs(ctx, me);
      const response = await putProfile(
        {
          ...formWith({ personal: { name: 'Taken Over' } }),
          id: other.id,
          userId: other.id,
          user_id: other.id,
          user: { id: other.id, studentId: other.studentId, role: 'PRESIDENT' },
        },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().profile.user).toEqual({
        id: me.id,
        username: me.username,
        studentId: me.studentId,
        role: 'STUDENT',
      });
      expect(response.json().profile.personal.name).toBe('Taken Over');
      expect(await storedRows(other.id)).toEqual(otherBefore);
      const [mine] = await ctx.db
        .select()
        .from(studentProfiles)
        .where(eq(studentProfiles.userId, me.id));
      expect(mine).toMatchObject({ phone: '9123456780', hostel: 'Indravati' });
      const [meNow] = await ctx.db
        .select({ name: users.name, role: users.role })
        .from(users)
        .where(eq(users.id, me.id));
      expect(meNow).toEqual({ name: 'Taken Over', role: 'STUDENT' });
    });

    it('refuses academic fields from an official and saves nothing', async () => {
      const official = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
      const cookie = await signInAs(ctx, official);
      const before = await storedRows(official.id);
      const response = await putProfile(formWith({ personal: { name: 'Changed Name' } }), cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        academic: 'Academic information applies to students only.',
      });
      expect(await storedRows(official.id)).toEqual(before);
      const partial = await putProfile(
        formWith({ academic: { batchYear: '', program: '', branch: '', currentYear: '', cgpa: 8 } }),
        cookie,
      );
      expect(partial.statusCode).toBe(400);
      expect(await storedRows(official.id)).toEqual(before);
    });

    it('saves an official profile sent without academic information', async () => {
      const official = await createUser(ctx.db, { role: 'PRESIDENT' });
      const response = await putProfile(formWith({ academic: null }), await signInAs(ctx, official));
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({
        user: { id: official.id, role: 'PRESIDENT' },
        personal: {
          name: 'Ananya Krishnan',
          phone: '9123456780',
          gender: 'Female',
          dateOfBirth: '2004-05-17',
        },
        academic: null,
        contact: { hostel: 'Indravati', roomNumber: 'B-214' },
      });
      const { academic, ...withoutAcademic } = FULL_FORM;
      expect(academic).toBeDefined();
      const omitted = await putProfile(withoutAcademic, await signInAs(ctx, official));
      expect(omitted.statusCode).toBe(200);
      expect(omitted.json().profile.academic).toBeNull();
    });

    it('never changes the e-mail or the student id', async () => {
      const { user } = await createStudent(ctx.db, {
        email: 'ishaan.rao@iitbhilai.ac.in',
        username: 'ishaan.rao',
        studentId: '12230911',
      });
      const cookie = await signInAs(ctx, user);
      const response = await putProfile(
        {
          ...formWith({ personal: { email: 'someone.else@iitbhilai.ac.in', studentId: '99999999' } }),
          email: 'someone.else@iitbhilai.ac.in',
          studentId: '99999999',
          user: { studentId: '99999999', username: 'someone.else' },
        },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().profile.personal.email).toBe('ishaan.rao@iitbhilai.ac.in');
      expect(response.json().profile.user).toMatchObject({
        username: 'ishaan.rao',
        studentId: '12230911',
      });
      const [row] = await ctx.db
        .select({ email: users.email, studentId: users.studentId, username: users.username })
        .from(users)
        .where(eq(users.id, user.id));
      expect(row).toEqual({
        email: 'ishaan.rao@iitbhilai.ac.in',
        studentId: '12230911',
        username: 'ishaan.rao',
      });
    });

    it("changes the name, and the session's name follows", async () => {
      const { user } = await createStudent(ctx.db, { name: 'Arjun Old' });
      const cookie = await signInAs(ctx, user);
      const response = await putProfile(formWith({ personal: { name: '  Arjun Nair  ' } }), cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().profile.personal.name).toBe('Arjun Nair');
      const session = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
      });
      expect(session.json().user.name).toBe('Arjun Nair');
      const blank = await putProfile(formWith({ personal: { name: '   ' } }), cookie);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toEqual({ 'personal.name': 'Name is required.' });
    });
  });
});
