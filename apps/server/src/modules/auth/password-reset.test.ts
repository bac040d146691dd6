import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, users } from '../../db/schema/index';
import { smtpMailer, type Mailer } from '../../lib/mailer';
import { hashToken } from '../../lib/tokens';
import { browserOf, cookieOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { FACTORY_PASSWORD, createPasswordResetToken, createUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer, type TestSmtpServer } from '../../../test/mail-helpers';

const NEW_PASSWORD = 'Monsoon#2025';
const LINK = /http:\/\/localhost:3000\/reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/;

describe('password reset', () => {
  let smtp: TestSmtpServer;
  let mailFails = false;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());

  // Sends through the loopback SMTP server, or fails as an unreachable server does.
  const mailer = (): Mailer => {
    const real = smtpMailer(smtp.url, 'COSA Portal <no-reply@iitbhilai.ac.in>');
    return {
      send: async (message) => {
        if (mailFails) throw new Error('SMTP server unreachable');
        await real.send(message);
      },
      close: () => real.close(),
    };
  };
  const ctx = useTestApp(
    { INSTITUTE_NAME: 'Indian Institute of Technology Bhilai', INSTITUTE_SHORT_NAME: 'IIT Bhilai' },
    { mailer },
  );

  const { post, get, sessionOf } = browserOf(ctx);
  const login = (email: string, password: string) => post('/api/auth/login', { email, password });

  it('e-mails a single-use link that sets a new password and ends every session', async () => {
    const user = await createUser(ctx.db, { onboardingComplete: true, name: 'Kavya Menon' });
    const phone = await signInAs(ctx, user);
    const laptop = await signInAs(ctx, user);
    const before = smtp.messages.length;

    const asked = await post('/api/auth/forgot-password', { email: `  ${user.email.toUpperCase()} ` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: 'Reset link sent successfully!' });

    const raw = await smtp.waitForMessage(before + 1);
    const mail = decodeQuotedPrintable(raw);
    expect(mail).toMatch(new RegExp(`^To: ${user.email}`, 'm'));
    expect(mail).toMatch(/^Subject: Reset your IIT Bhilai COSA Portal password/m);
    expect(mail).toContain('Indian Institute of Technology Bhilai');
    expect(mail).toContain('Hello,');
    // The name was typed by whoever registered; the mail names nobody.
    expect(mail).not.toContain('Kavya Menon');
    expect(mail).toContain('text/html');
    const [link, id, token] = mail.match(LINK)!;
    expect(id).toBe(user.id);
    const path = new URL(link).pathname.replace('/reset-password/', '/api/auth/reset-password/');

    const [stored] = await ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(hashToken(token!));
    expect(stored!.tokenHash).not.toContain(token!);
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const checked = await get(path);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ message: 'Token is valid. Please enter a new password.' });

    const reset = await post(path, { password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful! Navigating to login page...' });

    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(laptop)).toBeNull();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    const signedIn = await login(user.email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect((await sessionOf(cookieOf(signedIn)!))?.id).toBe(user.id);

    for (const again of [await get(path), await post(path, { password: 'Another#2026' })]) {
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toEqual({
        code: 'BAD_REQUEST',
        message: 'This reset link has already been used. Please request a new one.',
      });
    }
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const before = smtp.messages.length;
    const response = await post('/api/auth/forgot-password', { email: 'nobody.at.all@iitbhilai.ac.in' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Reset link sent successfully!' });
    const other = await post('/api/auth/forgot-password', { email: 'someone@gmail.com' });
    expect(other.json()).toEqual({ message: 'Reset link sent successfully!' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses an account that signs in only with Google', async () => {
    const googleOnly = await createUser(ctx.db, { googleSubject: 'google-subject-reset' });
    const response = await post('/api/auth/forgot-password', { email: googleOnly.email });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'This email is linked with Google. Please sign in with Google.',
    });
    const linked = await createUser(ctx.db);
    await ctx.db
      .update(users)
      .set({ googleSubject: 'google-subject-with-password' })
      .where(eq(users.id, linked.id));
    const withPassword = await post('/api/auth/forgot-password', { email: linked.email });
    expect(withPassword.statusCode).toBe(200);
    expect(withPassword.json()).toEqual({ message: 'Reset link sent successfully!' });
  });

  it('still answers 200 when the mail cannot be sent', async () => {
    const user = await createUser(ctx.db);
    mailFails = true;
    try {
      const response = await post('/api/auth/forgot-password', { email: user.email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Reset link sent successfully!' });
    } finally {
      mailFails = false;
    }
  });

  it('answers bad e-mail input with the field messages', async () => {
    const empty = await post('/api/auth/forgot-password', { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ email: 'Email is required.' });
    const invalid = await post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(invalid.json().error.fields).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('answers an expired, unknown or foreign link with its reason', async () => {
    const user = await createUser(ctx.db);
    const expired = await createPasswordResetToken(ctx.db, {
      userId: user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const valid = await createPasswordResetToken(ctx.db, { userId: user.id });
    const other = await createUser(ctx.db);
    const cases: Array<[string, string]> = [
      [
        `/api/auth/reset-password/${user.id}/${expired.token}`,
        'This reset link has expired. Please request a new one.',
      ],
      [
        `/api/auth/reset-password/${user.id}/made-up-token`,
        'This reset link is invalid. Please request a new one.',
      ],
      [
        `/api/auth/reset-password/${other.id}/${valid.token}`,
        'This reset link is invalid. Please request a new one.',
      ],
      [
        `/api/auth/reset-password/not-a-uuid/${valid.token}`,
        'This reset link is invalid. Please request a new one.',
      ],
    ];
    for (const [path, message] of cases) {
      for (const response of [await get(path), await post(path, { password: NEW_PASSWORD })]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toEqual({ code: 'BAD_REQUEST', message });
      }
    }
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a bad new password with the field messages and keeps the link usable', async () => {
    const user = await createUser(ctx.db);
    const { token } = await createPasswordResetToken(ctx.db, { userId: user.id });
    const path = `/api/auth/reset-password/${user.id}/${token}`;
    expect((await post(path, { password: '' })).json().error.fields).toEqual({
      password: 'Password is required.',
    });
    expect((await post(path, { password: 'short' })).json().error.fields).toEqual({
      password: 'Password must be at least 8 characters.',
    });
    expect((await get(path)).statusCode).toBe(200);
  });

  it('a used link makes the older links of the user stop working too', async () => {
    const user = await createUser(ctx.db);
    const older = await createPasswordResetToken(ctx.db, { userId: user.id });
    const newer = await createPasswordResetToken(ctx.db, { userId: user.id });
    expect(
      (await post(`/api/auth/reset-password/${user.id}/${newer.token}`, { password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const stale = await get(`/api/auth/reset-password/${user.id}/${older.token}`);
    expect(stale.json().error.message).toBe(
      'This reset link has already been used. Please request a new one.',
    );
  });

  it('lets only one of two simultaneous resets with one link succeed', async () => {
    const user = await createUser(ctx.db);
    const { token } = await createPasswordResetToken(ctx.db, { userId: user.id });
    const path = `/api/auth/reset-password/${user.id}/${token}`;
    const answers = await Promise.all([
      post(path, { password: 'First#Choice1' }),
      post(path, { password: 'Second#Choice2' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const loser = answers[1 - winner]!;
    expect(loser.json().error.message).toBe(
      'This reset link has already been used. Please request a new one.',
    );
    const password = winner === 0 ? 'First#Choice1' : 'Second#Choice2';
    expect((await login(user.email, password)).statusCode).toBe(200);
  });

  it('is for signed-out visitors only', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signInAs(ctx, user);
    const { token } = await createPasswordResetToken(ctx.db, { userId: user.id });
    const path = `/api/auth/reset-password/${user.id}/${token}`;
    for (const response of [
      await post('/api/auth/forgot-password', { email: user.email }, { cookie }),
      await get(path, { cookie }),
      await post(path, { password: NEW_PASSWORD }, { cookie }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ALREADY_SIGNED_IN');
    }
  });
});
