import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationTokens } from '../../db/schema/index';
import { smtpMailer } from '../../lib/mailer';
import { hashToken } from '../../lib/tokens';
import { browserOf, cookieOf, freshIp, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer, type TestSmtpServer } from '../../../test/mail-helpers';

const DOMAIN = 'iitbhilai.ac.in';
const LINK = /http:\/\/localhost:3000\/verify-email\/([A-Za-z0-9_-]{43})/;
const ONBOARDING = {
  idNumber: '12340001',
  mobile: '9876543210',
  admissionYear: 2023,
  program: 'B.Tech',
  discipline: 'Physics',
};

describe('e-mail verification', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());

  const ctx = useTestApp(
    { INSTITUTE_SHORT_NAME: 'IIT Bhilai', PEOPLE_PER_ADDRESS: '10' },
    { mailer: () => smtpMailer(smtp.url, 'COSA Portal <no-reply@iitbhilai.ac.in>') },
  );
  const { post, sessionOf } = browserOf(ctx);

  let seq = 0;
  async function register(): Promise<{ email: string; cookie: string; token: string; userId: string }> {
    seq += 1;
    const email = `tanvi.rao${seq}@${DOMAIN}`;
    const before = smtp.messages.length;
    const response = await post('/api/auth/register', {
      name: 'Tanvi Rao',
      studentId: String(12_700_000 + seq),
      email,
      password: 'Lotus#2024x',
    });
    expect(response.statusCode).toBe(201);
    const mail = decodeQuotedPrintable(await smtp.waitForMessage(before + 1));
    expect(mail).toMatch(new RegExp(`^To: ${email}`, 'm'));
    return {
      email,
      cookie: cookieOf(response)!,
      token: mail.match(LINK)![1]!,
      userId: response.json().user.id,
    };
  }

  it('e-mails a link at registration; until it is opened the account can do nothing but verify, resend, check its session and sign out', async () => {
    const before = smtp.messages.length;
    const { cookie, token, userId } = await register();
    const mail = decodeQuotedPrintable(smtp.messages[before]!);
    expect(mail).toMatch(/^Subject: Verify your e-mail for the IIT Bhilai COSA Portal/m);
    expect(mail).toContain('within 24 hours');
    expect(mail).toContain('Hello,');
    expect(mail).not.toContain('Tanvi Rao');

    const blocked = await post('/api/onboarding', ONBOARDING, { cookie });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toEqual({
      code: 'EMAIL_VERIFICATION_REQUIRED',
      message: 'Please verify your e-mail address first: open the link we sent you.',
    });
    expect(await sessionOf(cookie)).toMatchObject({ id: userId, emailVerified: false });

    const verified = await post('/api/auth/verify-email', { token }, { cookie });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: 'Your e-mail address is verified.',
      user: { id: userId, emailVerified: true },
    });
    expect(await sessionOf(cookie)).toMatchObject({ id: userId, emailVerified: true });

    const onboarded = await post('/api/onboarding', ONBOARDING, { cookie });
    expect(onboarded.statusCode).toBe(200);
    expect(onboarded.json().redirectTo).toBe('/');
  });

  it('stores only the digest of the token', async () => {
    const { token, userId } = await register();
    const rows = await ctx.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('asks a browser not signed in to the account for its password, and uses nothing up until it is right', async () => {
    const { email, token, userId } = await register();
    const bare = await post('/api/auth/verify-email', { token });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Enter the password of this account to finish verifying its e-mail address.',
      fields: { password: 'Enter the password of this account to finish verifying its e-mail address.' },
    });
    const wrong = await post('/api/auth/verify-email', { token, password: 'Not#ThePassword1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      password:
        'This is not the password of this account. Try again, or choose a new one with Forgot Password.',
    });

    const right = await post('/api/auth/verify-email', { token, password: 'Lotus#2024x' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({
      message: 'Your e-mail address is verified.',
      user: { id: userId, email, emailVerified: true },
    });
    expect(await sessionOf(cookieOf(right))).toMatchObject({ id: userId, emailVerified: true });
  });

  it('a careless click by the owner of the mailbox proves nothing for whoever registered the address', async () => {
    const { cookie: squatter, token, userId } = await register();
    // The owner of the mailbox opens the link, signed out, and does not know the registrant's password.
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
    expect(await sessionOf(squatter)).toMatchObject({ id: userId, emailVerified: false });
    expect((await post('/api/onboarding', ONBOARDING, { cookie: squatter })).json().error.code).toBe(
      'EMAIL_VERIFICATION_REQUIRED',
    );
  });

  it('signs a browser signed in to another account in to the verified one, only with its password', async () => {
    const { token, userId } = await register();
    const someoneElse = await signInAs(ctx, await createUser(ctx.db));
    expect(
      (await post('/api/auth/verify-email', { token }, { cookie: someoneElse })).json().error.fields
        .password,
    ).toBeDefined();
    const response = await post(
      '/api/auth/verify-email',
      { token, password: 'Lotus#2024x' },
      { cookie: someoneElse },
    );
    expect(response.statusCode).toBe(200);
    expect(await sessionOf(cookieOf(response))).toMatchObject({ id: userId });
    expect(await sessionOf(someoneElse)).toBeNull();
  });

  it('counts wrong passwords on the sign-in limits: 5 per account and address', async () => {
    const { token } = await register();
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await post('/api/auth/verify-email', { token, password: `Wrong#${attempt}xyz` }, { ip }))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await post('/api/auth/verify-email', { token, password: 'Lotus#2024x' }, { ip })).statusCode,
    ).toBe(429);
  });

  it('answers a used, unknown or expired link with its reason, before asking for any password', async () => {
    const { token, cookie } = await register();
    expect((await post('/api/auth/verify-email', { token }, { cookie })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This verification link has already been used.');

    const unknown = await post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.json().error.message).toBe(
      'This verification link is invalid. Sign in and ask for a new one.',
    );

    const late = await register();
    await ctx.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.tokenHash, hashToken(late.token)));
    const expired = await post('/api/auth/verify-email', { token: late.token }, { cookie: late.cookie });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(
      'This verification link has expired. Sign in and ask for a new one.',
    );
    expect(await sessionOf(late.cookie)).toMatchObject({ emailVerified: false });
  });

  it('lets only one of two simultaneous uses of one link succeed', async () => {
    const { token, cookie } = await register();
    const answers = await Promise.all([
      post('/api/auth/verify-email', { token }, { cookie }),
      post('/api/auth/verify-email', { token }, { cookie }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('sends a new link on request, at most once a minute, and none to a proven address', async () => {
    const { cookie, token: first } = await register();
    const before = smtp.messages.length;
    const resent = await post('/api/auth/verify-email/resend', {}, { cookie });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: 'We sent a new verification link. Check your inbox.' });
    const second = decodeQuotedPrintable(await smtp.waitForMessage(before + 1)).match(LINK)![1]!;
    expect(second).not.toBe(first);

    const soon = await post('/api/auth/verify-email/resend', {}, { cookie });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds?|minute) and try again\.$/,
    );

    expect((await post('/api/auth/verify-email', { token: second }, { cookie })).statusCode).toBe(200);
    // Opening one link spends the others.
    expect(
      (await post('/api/auth/verify-email', { token: first }, { cookie })).json().error.message,
    ).toBe('This verification link has already been used.');

    const proven = await signInAs(ctx, await createUser(ctx.db));
    const refused = await post('/api/auth/verify-email/resend', {}, { cookie: proven });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Your e-mail address is already verified.');
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });

  it('allows 20 link checks an hour per address when it stands for 10 people, then answers 429', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect(
        (await post('/api/auth/verify-email', { token: `guess-${attempt}` }, { ip })).statusCode,
      ).toBe(400);
    }
    expect((await post('/api/auth/verify-email', { token: 'guess-20' }, { ip })).statusCode).toBe(429);
  });

  it('a password reset link proves the address too, and drops the name and student id a registrant typed', async () => {
    const user = await createUser(ctx.db, {
      emailVerifiedAt: null,
      onboardingComplete: false,
      studentId: '12799999',
      email: 'priya.owner@iitbhilai.ac.in',
      name: 'Registrar Office (official)',
    });
    const before = smtp.messages.length;
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const link = decodeQuotedPrintable(await smtp.waitForMessage(before + 1)).match(
      /\/reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/,
    )!;
    const reset = await post(`/api/auth/reset-password/${link[1]}/${link[2]}`, {
      password: 'Fresh#Pass2025',
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/api/auth/login', { email: user.email, password: 'Fresh#Pass2025' });
    expect(login.json()).toMatchObject({
      redirectTo: '/onboarding',
      user: { emailVerified: true, studentId: null, name: 'priya.owner' },
    });
  });
});
