import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthResponseSchema } from '@cosa/contracts';
import { studentProfiles, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent, createStudentProfile, createUser } from '../../../test/factories';

const ALREADY_COMPLETE = 'Registration is already complete.';

describe('POST /api/onboarding', () => {
  const ctx = useTestApp();

  let seq = 0;
  const form = (overrides: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      idNumber: String(12_340_000 + seq),
      mobile: '9876543210',
      admissionYear: 2023,
      program: 'B.Tech',
      discipline: 'Computer Science & Engineering',
      ...overrides,
    };
  };
  const submit = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const newStudent = () => createUser(ctx.db, { onboardingComplete: false, studentId: null });

  it('takes the ID number from an account whose e-mail was never proven', async () => {
    const squatter = await createUser(ctx.db, {
      emailVerifiedAt: null,
      onboardingComplete: false,
      studentId: '12350001',
    });
    const student = await newStudent();
    const response = await submit(form({ idNumber: '12350001' }), await signInAs(ctx, student));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.studentId).toBe('12350001');
    const [row] = await ctx.db
      .select({ studentId: users.studentId })
      .from(users)
      .where(eq(users.id, squatter.id));
    expect(row!.studentId).toBeNull();
  });

  it('asks a signed-out visitor to sign in', async () => {
    const response = await submit(form());
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('completes the registration, saves the profile and sends the student to the landing page', async () => {
    const user = await newStudent();
    const cookie = await signInAs(ctx, user);
    const input = form({
      admissionYear: '2022',
      program: 'M.Tech',
      discipline: 'Physics',
      name: 'ignored',
      email: 'ignored@example.com',
    });
    const response = await submit(input, cookie);
    expect(response.statusCode).toBe(200);
    const body = AuthResponseSchema.parse(response.json());
    expect(body).toEqual({
      redirectTo: '/',
      user: expect.objectContaining({
        id: user.id,
        studentId: input.idNumber,
        onboardingComplete: true,
        branch: 'Physics',
        batchYear: 2022,
        program: 'M.Tech',
        email: user.email,
        name: user.name,
      }),
    });
    const [profile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, user.id));
    expect(profile).toMatchObject({
      phone: '9876543210',
      batchYear: 2022,
      program: 'M.Tech',
      branch: 'Physics',
    });
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user).toMatchObject({ onboardingComplete: true, studentId: input.idNumber });
  });

  it('updates a profile that already exists and keeps its other fields', async () => {
    const user = await newStudent();
    // No program, discipline or admission year held yet: the form gives them (a held one is kept).
    await createStudentProfile(ctx.db, {
      userId: user.id,
      hostel: 'Gopad',
      phone: '9000000000',
      batchYear: null,
      program: null,
      branch: null,
    });
    const response = await submit(
      form({ mobile: '9123456789', admissionYear: 2024 }),
      await signInAs(ctx, user),
    );
    expect(response.statusCode).toBe(200);
    const [profile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, user.id));
    expect(profile).toMatchObject({ phone: '9123456789', batchYear: 2024, hostel: 'Gopad' });
  });

  it('answers each field with the spec message', async () => {
    const cookie = await signInAs(ctx, await newStudent());
    const empty = await submit(
      { idNumber: '', mobile: '', admissionYear: '', program: '', discipline: '' },
      cookie,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        idNumber: 'ID Number is required',
        mobile: 'Mobile number must be 10 digits',
        admissionYear: 'Invalid admission year',
        program: 'Program is required',
        discipline: 'Discipline is required',
      },
    });
    const wrong = await submit(
      form({
        idNumber: '12AB',
        mobile: '98765',
        admissionYear: 2015,
        program: 'MBA',
        discipline: 'Astrology',
      }),
      cookie,
    );
    expect(wrong.json().error.fields).toEqual({
      idNumber: 'ID Number must contain digits only',
      mobile: 'Mobile number must be 10 digits',
      admissionYear: 'Invalid admission year',
      program: 'Program is required',
      discipline: 'Discipline is required',
    });
    const nextYear = await submit(form({ admissionYear: new Date().getFullYear() + 1 }), cookie);
    expect(nextYear.statusCode).toBe(400);
    expect(nextYear.json().error.fields).toEqual({ admissionYear: 'Invalid admission year' });
    const thisYear = await submit(form({ admissionYear: new Date().getFullYear() }), cookie);
    expect(thisYear.statusCode).toBe(200);
  });

  it("refuses a student id that another account has, and accepts the student's own", async () => {
    // Another proven address typed it: the student is told how to ask the administrator for it.
    const other = await createUser(ctx.db);
    const user = await createUser(ctx.db, { onboardingComplete: false });
    const cookie = await signInAs(ctx, user);
    const taken = await submit(form({ idNumber: other.studentId }), cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'STUDENT_ID_CLAIMED',
      message: CLAIMED,
      fields: { idNumber: CLAIMED },
    });
    // The roll's id: only the administrator can correct it.
    const rolls = await createUser(ctx.db, { studentIdSource: 'roll' });
    const proven = await submit(form({ idNumber: rolls.studentId }), cookie);
    expect(proven.statusCode).toBe(409);
    expect(proven.json().error).toEqual({
      code: 'CONFLICT',
      message:
        'An account with this Student ID already exists on the institute’s student roll. If it is yours, ask the administrator to correct it.',
      fields: {
        idNumber:
          'An account with this Student ID already exists on the institute’s student roll. If it is yours, ask the administrator to correct it.',
      },
    });
    const own = await submit(form({ idNumber: user.studentId }), cookie);
    expect(own.statusCode).toBe(200);
  });

  it('refuses a student who has finished and an official', async () => {
    const { user } = await createStudent(ctx.db);
    const done = await submit(form(), await signInAs(ctx, user));
    expect(done.statusCode).toBe(409);
    expect(done.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_COMPLETE });
    const president = await createUser(ctx.db, { role: 'PRESIDENT', onboardingComplete: false });
    const official = await submit(form(), await signInAs(ctx, president));
    expect(official.statusCode).toBe(409);
    expect(official.json().error.message).toBe(ALREADY_COMPLETE);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, president.id));
    expect(row!.onboardingComplete).toBe(false);
  });

  it('lets only one of two simultaneous submissions succeed', async () => {
    const user = await newStudent();
    const cookie = await signInAs(ctx, user);
    const answers = await Promise.all([submit(form(), cookie), submit(form(), cookie)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('gives two students submitting one student id at once one success and one conflict', async () => {
    const [first, second] = [await newStudent(), await newStudent()];
    const input = form();
    const answers = await Promise.all([
      submit(input, await signInAs(ctx, first)),
      submit(input, await signInAs(ctx, second)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error.fields).toEqual({ idNumber: CLAIMED });
  });
});

// Typed by hand from decision 0015.
const CLAIMED =
  'Another account has claimed this Student ID. If it is yours, ask the administrator to give it to you: they check it against the student roll.';
