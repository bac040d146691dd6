import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent } from '../../../test/factories';
import { formWith, profileClientOf } from '../../../test/profile-client';

describe('profile API', () => {
  const ctx = useTestApp();

  const { putProfile, storedRows } = profileClientOf(ctx);

  describe('PUT /api/me/profile', () => {
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

    it('accepts the admission year the institute keeps sent back as it is', async () => {
      const { user } = await createStudent(ctx.db, {}, { batchYear: 2016 });
      const cookie = await signInAs(ctx, user);
      const response = await putProfile(formWith({ academic: { batchYear: 2016 } }), cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().profile.academic.batchYear).toBe(2016);
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
  });
});
