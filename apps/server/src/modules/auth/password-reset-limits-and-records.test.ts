import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { browserOf, freshIp } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createPasswordResetToken,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { memoryMailer } from '../../../test/mail-helpers';
import { resetMail } from './password-reset.service';

const NEW_PASSWORD = 'Monsoon#2025';

describe('password reset', () => {
  const ctx = useTestApp(
    {
      INSTITUTE_NAME: 'Indian Institute of Technology Bhilai',
      INSTITUTE_SHORT_NAME: 'IIT Bhilai',
      PEOPLE_PER_ADDRESS: '20',
    },
    { mailer: memoryMailer },
  );

  const { post, get } = browserOf(ctx);

  it('allows 3 requests per e-mail and address in an hour, 10 per e-mail from anywhere, and 5 per address in an hour when it stands for 20 people', async () => {
    const user = await createUser(ctx.db);
    const home = freshIp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await post('/api/auth/forgot-password', { email: user.email }, { ip: home })).statusCode,
      ).toBe(200);
    }
    const perEmailAndIp = await post(
      '/api/auth/forgot-password',
      { email: user.email.toUpperCase() },
      { ip: home },
    );
    expect(perEmailAndIp.statusCode).toBe(429);
    expect(perEmailAndIp.json().error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts\. Please wait/),
    });
    // Someone hammering the address from one place does not keep its owner from resetting elsewhere…
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    // …but the address gets at most 10 mails an hour, whoever asks.
    for (let attempt = 0; attempt < 6; attempt += 1)
      expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(429);

    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await post('/api/auth/forgot-password', { email: `someone${attempt}@iitbhilai.ac.in` }, { ip }))
          .statusCode,
      ).toBe(200);
    }
    expect(
      (await post('/api/auth/forgot-password', { email: 'someone.else@iitbhilai.ac.in' }, { ip }))
        .statusCode,
    ).toBe(429);
  });

  it('allows 10 link checks and resets per address in an hour when it stands for 20 people, then answers 429', async () => {
    const ip = freshIp();
    const user = await createUser(ctx.db);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await get(`/api/auth/reset-password/${user.id}/guess-${attempt}`, { ip })).statusCode,
      ).toBe(400);
    }
    const limited = await post(
      `/api/auth/reset-password/${user.id}/guess-10`,
      { password: NEW_PASSWORD },
      { ip },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
  });

  it('drops the name and student id only of a never-proven registration, never of an account of the roll or with a profile or records', async () => {
    const unproven = { emailVerifiedAt: null, onboardingComplete: false };
    // Whoever registered typed these, proved nothing, and did nothing else with the account.
    const registration = await createUser(ctx.db, {
      ...unproven,
      studentId: '12810001',
      name: 'Typed By Someone',
      email: 'typed.owner@iitbhilai.ac.in',
    });
    // The institute's roll wrote these; the account waits to be claimed.
    const imported = await createUser(ctx.db, {
      ...unproven,
      passwordHash: null,
      importedAt: new Date(),
      onboardingComplete: true,
      studentId: '12810002',
      name: 'Roll Name',
    });
    // An account that was proven and onboarded once, whose address an old import made unproven.
    const onboarded = (
      await createStudent(ctx.db, {
        emailVerifiedAt: null,
        studentId: '12810003',
        name: 'Onboarded Student',
      })
    ).user;
    // Not onboarded, but with a student profile, or with a record (an achievement, a position held).
    const withProfile = (
      await createStudent(ctx.db, { ...unproven, studentId: '12810004', name: 'Profile Student' })
    ).user;
    const withAchievement = await createUser(ctx.db, {
      ...unproven,
      studentId: '12810005',
      name: 'Achiever Student',
    });
    await createAchievement(ctx.db, { userId: withAchievement.id });
    const withPosition = await createUser(ctx.db, {
      ...unproven,
      studentId: '12810006',
      name: 'Holder Student',
    });
    await createPositionHolder(ctx.db, { userId: withPosition.id });

    for (const user of [registration, imported, onboarded, withProfile, withAchievement, withPosition]) {
      const { token } = await createPasswordResetToken(ctx.db, { userId: user.id });
      expect(
        (await post(`/api/auth/reset-password/${user.id}/${token}`, { password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
    }
    const after = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
    expect(await after(registration.id)).toMatchObject({ name: 'typed.owner', studentId: null });
    expect(await after(imported.id)).toMatchObject({ name: 'Roll Name', studentId: '12810002' });
    expect(await after(onboarded.id)).toMatchObject({
      name: 'Onboarded Student',
      studentId: '12810003',
    });
    expect(await after(withProfile.id)).toMatchObject({
      name: 'Profile Student',
      studentId: '12810004',
    });
    expect(await after(withAchievement.id)).toMatchObject({
      name: 'Achiever Student',
      studentId: '12810005',
    });
    expect(await after(withPosition.id)).toMatchObject({
      name: 'Holder Student',
      studentId: '12810006',
    });
    // Each link proved its address.
    for (const user of [registration, imported, onboarded, withProfile, withAchievement, withPosition]) {
      expect((await after(user.id)).emailVerifiedAt).toBeInstanceOf(Date);
    }
  });

  it('writes the mail as plain text and HTML, escaping what it quotes', () => {
    const mail = resetMail(
      {
        publicUrl: 'https://cosa.example.ac.in',
        instituteName: 'Example <b>Institute</b>',
        instituteShortName: 'EI',
      },
      { email: 'a@example.ac.in' },
      'https://cosa.example.ac.in/reset-password/x/y',
    );
    expect(mail.subject).toBe('Reset your EI COSA Portal password');
    expect(mail.text).toContain('https://cosa.example.ac.in/reset-password/x/y');
    expect(mail.text).toContain('Example <b>Institute</b>');
    expect(mail.text).toContain('15 minutes');
    expect(mail.html).toContain('href="https://cosa.example.ac.in/reset-password/x/y"');
    expect(mail.html).not.toContain('<b>Institute</b>');
    expect(mail.html).toContain('Example &#60;b&#62;Institute&#60;/b&#62;');
  });
});
