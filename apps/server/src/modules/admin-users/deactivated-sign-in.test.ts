import { eq } from 'drizzle-orm';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { emailVerificationTokens, passwordResetTokens, sessions, users } from '../../db/schema/index';
import { hashToken, newToken } from '../../lib/tokens';
import { browserOf, cookieOf, signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { memoryMailer } from '../../../test/mail-helpers';
import {
  FACTORY_PASSWORD,
  createPasswordResetToken,
  createSession,
  createStudent,
  createUser,
} from '../../../test/factories';

// Typed by hand from issue 13.
const DEACTIVATED = 'This account has been deactivated. Contact the student affairs office.';
const INVALID = 'Invalid email or password.';
const RESET_SENT = 'Reset link sent successfully!';
const DOMAIN = 'iitbhilai.ac.in';
const RESET_LINK_INVALID = 'This reset link is invalid. Please request a new one.';
const VERIFICATION_LINK_INVALID = 'This verification link is invalid. Sign in and ask for a new one.';

/** A deactivated account cannot be used in any way: its cookie, its password, a reset link, Google. */
describe('a deactivated account', () => {
  const provider = new OAuth2Server();
  let identity: Record<string, unknown> = {};
  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
    provider.service.on('beforeTokenSigning', (token: MutableToken) =>
      Object.assign(token.payload, identity),
    );
  });
  afterAll(async () => {
    if (provider.listening) await provider.stop();
  });

  const mailer = memoryMailer();
  const ctx = useTestApp(
    {},
    {
      mailer: () => mailer,
      env: () => ({
        GOOGLE_CLIENT_ID: 'cosa-portal-test',
        GOOGLE_CLIENT_SECRET: 'test-secret',
        GOOGLE_ISSUER_URL: provider.issuer.url!,
      }),
    },
  );
  const browser = browserOf(ctx);
  const login = (email: string, password: string) =>
    browser.post('/api/auth/login', { email, password });

  /** The Google round trip: our redirect, the provider's sign-in, our callback. */
  async function signInWithGoogle(): Promise<LightMyRequestResponse> {
    const started = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
    const flow = cookieOf(started, 'cosa_google_flow')!;
    const answer = await fetch(started.headers.location as string, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location')!);
    return ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: flow },
    });
  }

  it('loses a session it still has: the cookie no longer signs anyone in', async () => {
    const { user } = await createStudent(ctx.db);
    const session = await createSession(ctx.db, { userId: user.id });
    const cookie = `cosa_session=${session.token}`;
    expect((await browser.sessionOf(cookie))?.id).toBe(user.id);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    expect(await browser.sessionOf(cookie)).toBeNull();
    expect((await browser.get('/api/me/dashboard', { cookie })).statusCode).toBe(401);
  });

  it('says it is deactivated at sign-in only to someone who gives the right password', async () => {
    const user = await createUser(ctx.db, { deactivatedAt: new Date() });
    const wrong = await login(user.email, 'Not-the-password1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(INVALID);
    const right = await login(user.email, FACTORY_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({ code: 'ACCOUNT_DEACTIVATED', message: DEACTIVATED });
    expect(cookieOf(right)).toBeUndefined();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('signs in again once reactivated', async () => {
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const user = await createUser(ctx.db, { deactivatedAt: new Date() });
    const reactivated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/reactivation`,
      headers: { origin: TEST_ORIGIN, cookie: admin },
    });
    expect(reactivated.statusCode).toBe(200);
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('gets no password reset link, with the answer an unknown address gets', async () => {
    const user = await createUser(ctx.db, { deactivatedAt: new Date() });
    const before = mailer.sent.length;
    const asked = await browser.post('/api/auth/forgot-password', { email: user.email });
    const unknown = await browser.post('/api/auth/forgot-password', { email: `nobody.here@${DOMAIN}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: RESET_SENT });
    expect(asked.json()).toEqual(unknown.json());
    expect(mailer.sent.length).toBe(before);
    expect(
      await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    ).toEqual([]);

    const active = await createUser(ctx.db);
    await browser.post('/api/auth/forgot-password', { email: active.email });
    expect(mailer.sent.length).toBe(before + 1);
  });

  /** A verification link of the account, as the registration e-mail carries it. */
  async function verificationLink(userId: string): Promise<string> {
    const token = newToken();
    await ctx.db
      .insert(emailVerificationTokens)
      .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 60 * 60 * 1000) });
    return token;
  }

  it('cannot verify its e-mail through a link it still has: 403 as at sign-in, no session, nothing used up', async () => {
    const user = await createUser(ctx.db, { emailVerifiedAt: null, deactivatedAt: new Date() });
    const token = await verificationLink(user.id);
    const refused = await browser.post('/api/auth/verify-email', { token, password: FACTORY_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'ACCOUNT_DEACTIVATED', message: DEACTIVATED });
    expect(cookieOf(refused)).toBeUndefined();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [row] = await ctx.db
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
    const [link] = await ctx.db
      .select({ usedAt: emailVerificationTokens.usedAt })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(link!.usedAt).toBeNull();
    // Only a valid link is told: an unknown one gets the answer any unknown link gets.
    const unknown = await browser.post('/api/auth/verify-email', {
      token: newToken(),
      password: FACTORY_PASSWORD,
    });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([400, VERIFICATION_LINK_INVALID]);
  });

  it('loses its reset and verification links when deactivated: a link sent before no longer works, even once reactivated', async () => {
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const user = await createUser(ctx.db, { emailVerifiedAt: null });
    const reset = await createPasswordResetToken(ctx.db, { userId: user.id });
    const verification = await verificationLink(user.id);
    const other = await createUser(ctx.db);
    const otherReset = await createPasswordResetToken(ctx.db, { userId: other.id });
    const resetUrl = `/api/auth/reset-password/${user.id}/${reset.token}`;
    expect((await browser.get(resetUrl)).statusCode).toBe(200);

    const deactivated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/deactivation`,
      headers: { origin: TEST_ORIGIN, cookie: admin },
    });
    expect(deactivated.statusCode).toBe(200);
    expect(
      await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    ).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.userId, user.id)),
    ).toEqual([]);
    // Another account's link is untouched.
    expect(
      await ctx.db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.id, otherReset.id)),
    ).toHaveLength(1);

    const reactivated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/reactivation`,
      headers: { origin: TEST_ORIGIN, cookie: admin },
    });
    expect(reactivated.statusCode).toBe(200);
    const checked = await browser.get(resetUrl);
    expect([checked.statusCode, checked.json().error.message]).toEqual([400, RESET_LINK_INVALID]);
    const used = await browser.post(resetUrl, { password: 'Fresh#Password2024' });
    expect([used.statusCode, used.json().error.message]).toEqual([400, RESET_LINK_INVALID]);
    expect((await login(user.email, 'Fresh#Password2024')).statusCode).toBe(401);
    const verified = await browser.post('/api/auth/verify-email', {
      token: verification,
      password: FACTORY_PASSWORD,
    });
    expect([verified.statusCode, verified.json().error.message]).toEqual([
      400,
      VERIFICATION_LINK_INVALID,
    ]);
    const [row] = await ctx.db
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('is refused by Google sign-in, whether linked already or found by its e-mail, and stays unlinked', async () => {
    const linked = await createUser(ctx.db, {
      googleSubject: 'google-deactivated-1',
      deactivatedAt: new Date(),
    });
    identity = {
      sub: 'google-deactivated-1',
      email: linked.email,
      email_verified: true,
      hd: DOMAIN,
      name: 'Linked',
    };
    const first = await signInWithGoogle();
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/login?error=account_deactivated');
    expect(cookieOf(first)).toBeUndefined();

    const byEmail = await createUser(ctx.db, { deactivatedAt: new Date() });
    identity = {
      sub: 'google-deactivated-2',
      email: byEmail.email,
      email_verified: true,
      hd: DOMAIN,
      name: 'By Email',
    };
    const second = await signInWithGoogle();
    expect(second.headers.location).toBe('/login?error=account_deactivated');
    const [row] = await ctx.db
      .select({ googleSubject: users.googleSubject })
      .from(users)
      .where(eq(users.id, byEmail.id));
    expect(row!.googleSubject).toBeNull();
  });
});
