import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentRecords } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';

describe('the privacy notice and a student’s choices', () => {
  const ctx = useTestApp({
    GRIEVANCE_OFFICER_NAME: 'Dr. Meera Iyer, Grievance Officer',
    GRIEVANCE_OFFICER_EMAIL: 'grievance@iitbhilai.ac.in',
    GRIEVANCE_OFFICER_PHONE: '0788 299 0000',
  });
  const put = (payload: unknown, cookie?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/me/privacy',
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('shows anyone, signed out too, the grievance officer and the retention periods from the settings', async () => {
    const response = await get('/api/privacy/notice');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      instituteName: 'Indian Institute of Technology Bhilai',
      instituteShortName: 'IIT Bhilai',
      contact: {
        name: 'Dr. Meera Iyer, Grievance Officer',
        email: 'grievance@iitbhilai.ac.in',
        phone: '0788 299 0000',
      },
      retention: {
        accessLogDays: 365,
        notificationDays: 180,
        unverifiedAccountDays: 30,
        dataExportHours: 24,
        erasureGraceDays: 30,
      },
    });
  });

  it('asks a signed-out visitor to sign in for choices, and keeps the administrator out (no record)', async () => {
    expect((await get('/api/me/privacy')).statusCode).toBe(401);
    expect((await put({ showProfile: true, listed: true, showPhone: false })).statusCode).toBe(401);
    const admin = await createUser(ctx.db, { role: 'ADMIN', onboardingComplete: true });
    const cookie = await signInAs(ctx, admin);
    expect((await get('/api/me/privacy', cookie)).statusCode).toBe(403);
    expect((await put({ showProfile: true, listed: true, showPhone: false }, cookie)).statusCode).toBe(
      403,
    );
    expect((await get('/api/me/record-access', cookie)).statusCode).toBe(403);
  });

  it('answers "not chosen" until the student chooses, then their choices, at once', async () => {
    const { user } = await createStudent(ctx.db);
    const cookie = await signInAs(ctx, user);
    expect((await get('/api/me/privacy', cookie)).json()).toEqual({
      showProfile: true,
      listed: true,
      showPhone: false,
      chosenAt: null,
    });
    const saved = await put({ showProfile: false, listed: true, showPhone: true }, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ showProfile: false, listed: true, showPhone: true });
    expect(typeof saved.json().chosenAt).toBe('string');
    expect((await get('/api/me/privacy', cookie)).json()).toMatchObject({
      showProfile: false,
      listed: true,
    });
  });

  it('keeps each consent given or withdrawn, and nothing for a choice that did not change', async () => {
    const { user } = await createStudent(ctx.db);
    const cookie = await signInAs(ctx, user);
    await put({ showProfile: true, listed: false, showPhone: false }, cookie);
    await put({ showProfile: true, listed: true, showPhone: false }, cookie);
    await put({ showProfile: true, listed: true, showPhone: false }, cookie);
    const history = await ctx.db
      .select({
        choice: consentRecords.choice,
        granted: consentRecords.granted,
        source: consentRecords.source,
      })
      .from(consentRecords)
      .where(eq(consentRecords.userId, user.id))
      .orderBy(asc(consentRecords.createdAt), asc(consentRecords.choice));
    expect(history).toEqual([
      { choice: 'listed', granted: false, source: 'settings' },
      { choice: 'showPhone', granted: false, source: 'settings' },
      { choice: 'showProfile', granted: true, source: 'settings' },
      { choice: 'listed', granted: true, source: 'settings' },
    ]);
  });

  it('refuses a choice that is missing, not a yes or no, or unknown, and changes nothing', async () => {
    const { user } = await createStudent(ctx.db);
    const cookie = await signInAs(ctx, user);
    for (const payload of [
      { showProfile: true, listed: true },
      { showProfile: 'yes', listed: true, showPhone: false },
      { showProfile: true, listed: true, showPhone: false, showHostel: true },
      [],
    ]) {
      const response = await put(payload, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/api/me/privacy', cookie)).json().chosenAt).toBeNull();
  });

  it('keeps the choices made at onboarding as consents from onboarding', async () => {
    const student = await createUser(ctx.db, { onboardingComplete: false, studentId: null });
    const cookie = await signInAs(ctx, student);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: {
        idNumber: '12399001',
        mobile: '9876543210',
        admissionYear: 2023,
        program: 'B.Tech',
        discipline: 'Computer Science & Engineering',
        privacy: { showProfile: false, listed: true, showPhone: false },
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await get('/api/me/privacy', cookie)).json()).toMatchObject({
      showProfile: false,
      listed: true,
    });
    const history = await ctx.db
      .select({
        choice: consentRecords.choice,
        granted: consentRecords.granted,
        source: consentRecords.source,
      })
      .from(consentRecords)
      .where(eq(consentRecords.userId, student.id))
      .orderBy(asc(consentRecords.choice));
    expect(history).toEqual([
      { choice: 'listed', granted: true, source: 'onboarding' },
      { choice: 'showPhone', granted: false, source: 'onboarding' },
      { choice: 'showProfile', granted: false, source: 'onboarding' },
    ]);
  });
});
