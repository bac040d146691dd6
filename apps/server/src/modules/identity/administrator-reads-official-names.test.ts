import { describe, expect, it } from 'vitest';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudentProfile, createUser } from '../../../test/factories';

/**
 * The fresh-eyes attack: a student renamed themselves "Sundar Pichai" (their display name, theirs
 * to change) and the administrator's lists of correction requests and Student ID conflicts, and
 * their notice, named them so. The administrator reads the name the institute keeps. A student who
 * asks for a Student ID reads back their own request, never the holder's name and e-mail.
 */
describe('the administrator reads the names the institute keeps', () => {
  const ctx = useTestApp();
  const { get, post } = browserOf(ctx);

  it('names students by their official names in the lists and notices, and tells a claimant nothing of the holder', async () => {
    const admin = await createUser(ctx.db, { role: 'ADMIN', name: 'Registrar' });
    const adminCookie = await signInAs(ctx, admin);
    const student = await createUser(ctx.db, {
      name: 'Sundar Pichai',
      username: 'ira.deshpande',
      officialName: 'Ira Deshpande',
      studentId: '23110077',
      studentIdSource: 'roll',
      onboardingComplete: true,
    });
    await createStudentProfile(ctx.db, {
      userId: student.id,
      program: 'B.Tech',
      branch: 'Chemistry',
      batchYear: 2023,
    });
    const studentCookie = await signInAs(ctx, student);
    const filed = await post(
      '/api/me/corrections',
      { field: 'discipline', value: 'Physics', reason: 'I moved to Physics.' },
      { cookie: studentCookie },
    );
    expect(filed.statusCode).toBe(201);
    const corrections = (await get('/api/admin/corrections', { cookie: adminCookie })).json();
    expect(corrections.items.map((item: { student: unknown }) => item.student)).toEqual([
      expect.objectContaining({ name: 'Ira Deshpande', username: 'ira.deshpande' }),
    ]);
    const [notice] = (await get('/api/notifications', { cookie: adminCookie })).json().items;
    expect(notice.subject).toBe('Ira Deshpande (ira.deshpande): Discipline');

    // Another account asks for the id this student holds (proven by the roll).
    const claimant = await createUser(ctx.db, {
      name: 'Rohan Mehta',
      username: 'rohan.mehta',
      officialName: 'Rohan Mehta',
      studentId: null,
      onboardingComplete: false,
    });
    const claimantCookie = await signInAs(ctx, claimant);
    const asked = await post(
      '/api/me/student-id-claims',
      { studentId: '23110077' },
      { cookie: claimantCookie },
    );
    expect(asked.statusCode).toBe(201);
    expect(JSON.stringify(asked.json())).not.toMatch(/Ira|Sundar|ira\.deshpande|@/);
    const conflicts = (await get('/api/admin/student-id-conflicts', { cookie: adminCookie })).json();
    expect(conflicts.items).toEqual([
      expect.objectContaining({
        studentId: '23110077',
        claimant: expect.objectContaining({ name: 'Rohan Mehta' }),
        holder: expect.objectContaining({ name: 'Ira Deshpande', username: 'ira.deshpande' }),
      }),
    ]);
  });
});
