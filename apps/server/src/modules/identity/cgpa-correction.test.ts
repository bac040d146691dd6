import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, studentProfiles } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { admittedYearsAgo, createPosition, createStudent, createUser } from '../../../test/factories';
import { positionHolderClientOf } from '../../../test/position-clients';

// Typed by hand from decision 0015.
const CGPA_INVALID = 'Enter the CGPA as a number from 0 to 10 with at most two decimals, such as 8.25.';
const SAME = 'This is already the value the institute keeps.';
const NO_CGPA =
  "No CGPA on the institute's record (minimum 7.5); the student can ask for a correction on their profile";

/**
 * A student with no CGPA on the institute's record asks for one; the administrator's approval
 * sets it (audited), the profile shows it, and position requirements read it from then on.
 */
describe("a correction of the institute's CGPA", () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const { send, as, appoint } = positionHolderClientOf(ctx);

  it('refuses a bad CGPA, files 8.5 as 8.50, and the approval sets it, audited, for eligibility to read', async () => {
    const { user } = await createStudent(
      ctx.db,
      { name: 'Nisha Menon' },
      // The student typed 9.4; the institute has none on record.
      { cgpa: 9.4, instituteCgpa: null, batchYear: admittedYearsAgo(2) },
    );
    const cookie = await signInAs(ctx, user);
    const position = await createPosition(ctx.db, { minCgpa: 7.5, minYear: 1, skillsRequired: [] });
    const president = (await as('PRESIDENT')).cookie;
    const before = await send('POST', '/api/position-holders', president, appoint(user.id, position.id));
    expect(before.statusCode).toBe(409);
    expect(before.json().error.fields).toEqual({ cgpa: NO_CGPA });
    expect((await browser.get('/api/me/profile', { cookie })).json().profile.institute).toMatchObject({
      cgpa: null,
      yearOfStudy: 3,
    });

    const file = (value: string) =>
      browser.post(
        '/api/me/corrections',
        { field: 'cgpa', value, reason: 'My grade card of the last semester says so.' },
        { cookie },
      );
    for (const value of ['10.5', '8.123', 'eight', '-1', '8,5']) {
      const bad = await file(value);
      expect(bad.statusCode, value).toBe(400);
      expect(bad.json().error.fields).toEqual({ value: CGPA_INVALID });
    }
    const filed = await file('8.5');
    expect(filed.statusCode).toBe(201);
    expect(filed.json().correction).toMatchObject({
      field: 'cgpa',
      currentValue: null,
      requestedValue: '8.50',
      status: 'open',
    });

    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN', name: 'Registrar' }));
    const open = (await browser.get('/api/admin/corrections', { cookie: admin })).json();
    expect(open.items.map((item: { field: string }) => item.field)).toEqual(['cgpa']);
    const approved = await browser.post(
      `/api/admin/corrections/${filed.json().correction.id}/decision`,
      { decision: 'approve' },
      { cookie: admin },
    );
    expect(approved.statusCode).toBe(200);
    const [row] = await ctx.db
      .select({ cgpa: studentProfiles.instituteCgpa, typed: studentProfiles.cgpa })
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, user.id));
    expect(row).toEqual({ cgpa: 8.5, typed: 9.4 });
    const [line] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, user.id), eq(auditLog.summary, 'CGPA changed')));
    expect(line).toMatchObject({ before: { cgpa: null }, after: { cgpa: '8.50' } });
    const shown = (await browser.get(`/api/admin/audit?subjectId=${user.id}`, { cookie: admin })).json();
    expect(
      shown.items.find((item: { summary: string }) => item.summary === 'CGPA changed').changes,
    ).toEqual([{ field: 'cgpa', label: 'CGPA', before: 'none', after: '8.50' }]);
    expect((await browser.get('/api/me/profile', { cookie })).json().profile.institute.cgpa).toBe(8.5);
    const [told] = (await browser.get('/api/notifications', { cookie })).json().items;
    expect(told.subject).toBe('Your correction of CGPA');

    // The same value again is no correction; the position now takes the student.
    expect((await file('8.50')).json().error.fields).toEqual({ value: SAME });
    const after = await send('POST', '/api/position-holders', president, appoint(user.id, position.id));
    expect(after.statusCode).toBe(201);
  });
});
