import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentProfiles, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { admittedYearsAgo, createStudent, createUser } from '../../../test/factories';
import { FULL_FORM, formWith, profileClientOf } from '../../../test/profile-client';

const ONBOARDING_REQUIRED = 'ONBOARDING_REQUIRED';

describe('profile API', () => {
  const ctx = useTestApp();

  const { getProfile, putProfile, storedRows } = profileClientOf(ctx);

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

    it("saves every field, answers with the saved profile, and GET returns the same: the CGPA saved is the student's, the institute's stays", async () => {
      // Admitted two academic years ago: a 3rd year by the institute's clock.
      const admitted = admittedYearsAgo(2);
      const { user } = await createStudent(
        ctx.db,
        {
          username: 'ananya.k',
          studentId: '12230005',
          email: 'ananya.k@iitbhilai.ac.in',
          name: 'Ananya K',
          officialName: 'Ananya Krishnan Iyer',
        },
        { batchYear: admitted, program: 'B.Tech', branch: 'Mathematics', instituteCgpa: 6.4 },
      );
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
            batchYear: admitted,
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
          institute: {
            officialName: 'Ananya Krishnan Iyer',
            studentId: '12230005',
            studentIdSource: 'self',
            program: 'B.Tech',
            discipline: 'Mathematics',
            admissionYear: admitted,
            cgpa: 6.4,
            yearOfStudy: 3,
          },
          attendance: [],
          clubMemberships: [],
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
        batchYear: null,
        hostel: 'Indravati',
        githubUrl: 'https://github.com/ananya-k',
      });
    });

    it('clears the fields sent blank', async () => {
      const { user } = await createStudent(
        ctx.db,
        {},
        {
          batchYear: 2022,
          program: 'B.Tech',
          branch: 'Civil Engineering',
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
      // Blanks leave the institute's facts as they are (decision 0015).
      expect(profile.academic).toEqual({
        batchYear: 2022,
        program: 'B.Tech',
        branch: 'Civil Engineering',
        currentYear: null,
        cgpa: null,
      });
      expect(profile.contact).toEqual({ hostel: null, roomNumber: null });
      expect(profile.socialLinks).toEqual({ github: null, linkedin: null });
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
