import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { admittedYearsAgo, createStudent, createUser } from '../../../test/factories';
import { profileClientOf } from '../../../test/profile-client';

const ONBOARDING_REQUIRED = 'ONBOARDING_REQUIRED';

describe('profile API', () => {
  const ctx = useTestApp();

  const { getProfile } = profileClientOf(ctx);

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

    it("returns the student's whole profile: the CGPA they state apart from the institute's, and the year of study the admission year gives", async () => {
      // Admitted last academic year: a 2nd year by the institute's clock.
      const admitted = admittedYearsAgo(1);
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
          batchYear: admitted,
          program: 'M.Tech',
          branch: 'Electrical Engineering',
          currentYear: '2nd',
          cgpa: 8.75,
          instituteCgpa: 7.9,
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
            batchYear: admitted,
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
          institute: {
            officialName: 'Kabir Mehta',
            studentId: '12240042',
            studentIdSource: 'self',
            program: 'M.Tech',
            discipline: 'Electrical Engineering',
            admissionYear: admitted,
            cgpa: 7.9,
            yearOfStudy: 2,
          },
          attendance: [],
          clubMemberships: [],
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
          institute: {
            officialName: 'Meera Pillai',
            studentId: '12240077',
            studentIdSource: 'self',
            program: null,
            discipline: null,
            admissionYear: null,
            cgpa: null,
            yearOfStudy: null,
          },
          attendance: [],
          clubMemberships: [],
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
          institute: null,
          attendance: [],
          clubMemberships: [],
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
});
