import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, studentProfiles, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudentProfile, createUser } from '../../../test/factories';

// Typed by hand: what a student is told when the form differs from the institute's record.
const kept = (label: string, value: string) =>
  `The institute’s record gives your ${label} as ${value}. Complete your registration with it; if it is wrong, ask for a correction on your profile afterwards.`;

/**
 * The fresh-eyes attack: onboarding upserted program, discipline and admission year, so an account
 * the roll matched, or one sent back to onboarding by a Student ID release, set PhD/2016 over the
 * roll's B.Tech/2024 (or an approved correction), without an audit line.
 */
describe('onboarding keeps the facts the institute holds', () => {
  const ctx = useTestApp();
  const submit = (payload: object, cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      payload,
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const stored = async (userId: string) => {
    const [profile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, userId));
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    return { profile: profile!, user: user! };
  };
  /** An account of the roll that has not onboarded yet: B.Tech, CSE, 2024. */
  const rollAccount = async (studentId: string, facts: object = {}) => {
    const user = await createUser(ctx.db, {
      onboardingComplete: false,
      studentId,
      studentIdSource: 'roll',
      name: 'Asha Verma',
      officialName: 'Asha Verma',
    });
    await createStudentProfile(ctx.db, {
      userId: user.id,
      phone: null,
      program: 'B.Tech',
      branch: 'Computer Science & Engineering',
      batchYear: 2024,
      ...facts,
    });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const form = (idNumber: string, overrides: object = {}) => ({
    idNumber,
    mobile: '9876543210',
    admissionYear: 2024,
    program: 'B.Tech',
    discipline: 'Computer Science & Engineering',
    ...overrides,
  });

  it('refuses other values than the roll’s, naming the kept value, and changes nothing', async () => {
    const { user, cookie } = await rollAccount('24120001');
    const lines = (await ctx.db.select().from(auditLog)).length;
    const response = await submit(
      form('24120001', { program: 'PhD', admissionYear: 2016, discipline: 'Physics' }),
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      program: kept('program', 'B.Tech'),
      admissionYear: kept('admission year', '2024'),
      discipline: kept('discipline', 'Computer Science & Engineering'),
    });
    const after = await stored(user.id);
    expect(after.profile).toMatchObject({
      program: 'B.Tech',
      branch: 'Computer Science & Engineering',
      batchYear: 2024,
      phone: null,
    });
    expect(after.user.onboardingComplete).toBe(false);
    expect((await ctx.db.select().from(auditLog)).length).toBe(lines);
  });

  it('refuses another Student ID than the one the roll or the administrator gave the account', async () => {
    const { user, cookie } = await rollAccount('24120002');
    const response = await submit(form('24120999'), cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ idNumber: kept('Student ID', '24120002') });
    expect((await stored(user.id)).user).toMatchObject({
      studentId: '24120002',
      studentIdSource: 'roll',
    });
  });

  it('accepts the institute’s values sent back and writes only the facts still missing', async () => {
    const { user, cookie } = await rollAccount('24120003', { program: null, batchYear: null });
    const response = await submit(form('24120003', { program: 'M.Tech', admissionYear: 2023 }), cookie);
    expect(response.statusCode).toBe(200);
    expect((await stored(user.id)).profile).toMatchObject({
      program: 'M.Tech',
      branch: 'Computer Science & Engineering',
      batchYear: 2023,
      phone: '9876543210',
    });
    expect((await stored(user.id)).user).toMatchObject({
      onboardingComplete: true,
      studentIdSource: 'roll',
      officialName: 'Asha Verma',
    });
  });

  it('tells the form which facts the institute holds, and nothing it does not', async () => {
    const { cookie } = await rollAccount('24120004', { batchYear: null });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      officialName: 'Asha Verma',
      studentId: '24120004',
      program: 'B.Tech',
      discipline: 'Computer Science & Engineering',
      admissionYear: null,
    });

    // A Student ID the student only typed at registration is theirs to change, not the institute's.
    const typed = await createUser(ctx.db, {
      onboardingComplete: false,
      studentId: '24120005',
      studentIdSource: 'self',
      officialName: null,
    });
    const typedAnswer = await ctx.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { cookie: await signInAs(ctx, typed) },
    });
    expect(typedAnswer.json()).toEqual({
      officialName: null,
      studentId: null,
      program: null,
      discipline: null,
      admissionYear: null,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(401);
  });

  it('completes the registration with next year’s batch when the roll gives it', async () => {
    const next = new Date().getFullYear() + 1;
    const { user, cookie } = await rollAccount('24120006', { batchYear: next });
    const response = await submit(form('24120006', { admissionYear: next }), cookie);
    expect(response.statusCode).toBe(200);
    expect((await stored(user.id)).profile.batchYear).toBe(next);
    // A year the institute does not hold may not be in the future.
    const other = await rollAccount('24120007', { batchYear: null });
    const refused = await submit(form('24120007', { admissionYear: next }), other.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ admissionYear: 'Invalid admission year' });
  });
});
