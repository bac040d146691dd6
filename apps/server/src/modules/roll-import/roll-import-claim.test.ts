import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentProfiles, users } from '../../db/schema/index';
import { smtpMailer } from '../../lib/mailer';
import { browserOf, cookieOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp, type TestContext } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer, type TestSmtpServer } from '../../../test/mail-helpers';
import { rollClient, rollCsv } from '../../../test/roll-files';

// Typed by hand from issue 13; Google is named only where Google sign-in is configured.
const NOT_CLAIMED =
  'This account was created from the student roll and has not been claimed yet. Use "Forgot Password?" to get a link at this e-mail address.';
const ON_ROLL =
  'This student is already on the student roll. Claim the account with "Forgot Password?" on the sign-in page.';
const NOT_CLAIMED_GOOGLE =
  'This account was created from the student roll and has not been claimed yet. Use "Forgot Password?" to get a link at this e-mail address, or sign in with Google.';
const ON_ROLL_GOOGLE =
  'This student is already on the student roll. Claim the account with "Forgot Password?" on the sign-in page, or sign in with Google.';
const INVALID = 'Invalid email or password.';
const RESET_SENT = 'Reset link sent successfully!';
const D = 'iitbhilai.ac.in';
const LINK = /http:\/\/localhost:3000\/reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/;

/** Imports one student through the API as an administrator and returns their account. */
async function importStudent(
  ctx: TestContext,
  line: { studentId: string; name: string; email: string },
) {
  const cookie = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
  const answer = await rollClient(ctx).commit(
    rollCsv([{ ...line, program: 'B.Tech', discipline: 'Physics', year: 2024 }]),
    cookie,
  );
  expect(answer.json()).toMatchObject({ created: 1 });
  const [user] = await ctx.db.select().from(users).where(eq(users.studentId, line.studentId));
  return user!;
}

describe('claiming an imported account: links, registration and sign-in', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());
  const ctx = useTestApp(
    {},
    { mailer: () => smtpMailer(smtp.url, 'COSA Portal <no-reply@iitbhilai.ac.in>') },
  );
  const { post, get, sessionOf } = browserOf(ctx);
  const login = (email: string, password: string) => post('/api/auth/login', { email, password });

  it('claims the account through "Forgot password": the link sets the password, proves the address and the student lands on /home', async () => {
    const imported = await importStudent(ctx, {
      studentId: '27100001',
      name: 'Lakshmi Pillai',
      email: `lakshmi.pillai@${D}`,
    });
    const before = smtp.messages.length;
    const asked = await post('/api/auth/forgot-password', { email: `Lakshmi.Pillai@${D}` });
    expect(asked.json()).toEqual({ message: RESET_SENT });
    const mail = decodeQuotedPrintable(await smtp.waitForMessage(before + 1));
    expect(mail).toMatch(new RegExp(`^To: lakshmi.pillai@${D}`, 'm'));
    const [link, id] = mail.match(LINK)!;
    expect(id).toBe(imported.id);
    const path = new URL(link).pathname.replace('/reset-password/', '/api/auth/reset-password/');
    expect((await get(path)).statusCode).toBe(200);
    expect((await post(path, { password: 'Claimed#2025' })).statusCode).toBe(200);

    const signedIn = await login(`lakshmi.pillai@${D}`, 'Claimed#2025');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().redirectTo).toBe('/home');
    expect(await sessionOf(cookieOf(signedIn))).toMatchObject({
      name: 'Lakshmi Pillai',
      studentId: '27100001',
      emailVerified: true,
      onboardingComplete: true,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, imported.id));
    // The roll's name and student id stay: the owner of the mailbox claimed what the institute wrote.
    expect(row).toMatchObject({
      name: 'Lakshmi Pillai',
      studentId: '27100001',
      onboardingComplete: true,
    });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    const [profile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, imported.id));
    expect(profile).toMatchObject({ program: 'B.Tech', branch: 'Physics', batchYear: 2024 });
  });

  it('tells a registrant with the e-mail or the student id of an unclaimed account to claim it, creating nothing', async () => {
    const imported = await importStudent(ctx, {
      studentId: '27100002',
      name: 'Farhan Ali',
      email: `farhan.ali@${D}`,
    });
    const count = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    const before = await count();
    const byEmail = await post('/api/auth/register', {
      name: 'Farhan Ali',
      studentId: '27100002',
      email: `farhan.ali@${D}`,
      password: 'Register#2025',
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error).toMatchObject({ message: ON_ROLL, fields: { email: ON_ROLL } });
    const byId = await post('/api/auth/register', {
      name: 'Someone Else',
      studentId: '27100002',
      email: `someone.else@${D}`,
      password: 'Register#2025',
    });
    expect(byId.statusCode).toBe(409);
    expect(byId.json().error).toMatchObject({ message: ON_ROLL, fields: { studentId: ON_ROLL } });
    expect(await count()).toBe(before);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, imported.id));
    expect(row).toMatchObject({ studentId: '27100002', passwordHash: null });
  });

  it('says an unclaimed account is not claimed yet only where registration would say it exists', async () => {
    await importStudent(ctx, { studentId: '27100003', name: 'Gauri Joshi', email: `gauri.joshi@${D}` });
    const unclaimed = await login(`gauri.joshi@${D}`, 'Anything#2025');
    expect(unclaimed.statusCode).toBe(401);
    expect(unclaimed.json().error.message).toBe(NOT_CLAIMED);
    expect(cookieOf(unclaimed)).toBeUndefined();
    // An unknown address, a Google-only account and a wrong password all get the one message.
    expect((await login(`nobody.here@${D}`, 'Anything#2025')).json().error.message).toBe(INVALID);
    const google = await createUser(ctx.db, {
      email: `google.only@${D}`,
      googleSubject: 'google-only-sub',
      importedAt: new Date(),
    });
    expect((await login(google.email, 'Anything#2025')).json().error.message).toBe(INVALID);
    const claimed = await createUser(ctx.db, { email: `claimed.one@${D}`, importedAt: new Date() });
    expect((await login(claimed.email, 'Wrong#2025')).json().error.message).toBe(INVALID);
  });
});

describe('claiming an imported account with Google', () => {
  const provider = new OAuth2Server();
  let identity: Record<string, unknown>;
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
  const ctx = useTestApp(
    {},
    {
      env: () => ({
        GOOGLE_CLIENT_ID: 'cosa-portal-test',
        GOOGLE_CLIENT_SECRET: 'test-secret',
        GOOGLE_ISSUER_URL: provider.issuer.url!,
      }),
    },
  );
  const { post, sessionOf } = browserOf(ctx);

  it('names Google in the claim advice of sign-in and registration when Google sign-in is configured', async () => {
    await importStudent(ctx, { studentId: '27200003', name: 'Vani Rao', email: `vani.rao@${D}` });
    const unclaimed = await post('/api/auth/login', {
      email: `vani.rao@${D}`,
      password: 'Anything#2025',
    });
    expect(unclaimed.json().error.message).toBe(NOT_CLAIMED_GOOGLE);
    const registered = await post('/api/auth/register', {
      name: 'Vani Rao',
      studentId: '27200003',
      email: `vani.rao@${D}`,
      password: 'Register#2025',
    });
    expect(registered.json().error).toMatchObject({
      message: ON_ROLL_GOOGLE,
      fields: { email: ON_ROLL_GOOGLE, studentId: ON_ROLL_GOOGLE },
    });
  });

  /** Our redirect, the provider's sign-in and our callback, as in google.test.ts. */
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

  it("links the Google identity to the imported account, proves its address and keeps the roll's name and student id", async () => {
    const imported = await importStudent(ctx, {
      studentId: '27200001',
      name: 'Tara Bose',
      email: `tara.bose@${D}`,
    });
    identity = {
      sub: 'google-tara',
      email: `Tara.Bose@${D}`,
      email_verified: true,
      hd: D,
      name: 'Tara B (Google)',
    };
    const response = await signInWithGoogle();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/home');
    expect(await sessionOf(cookieOf(response))).toMatchObject({
      id: imported.id,
      name: 'Tara Bose',
      studentId: '27200001',
      emailVerified: true,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, imported.id));
    expect(row).toMatchObject({
      googleSubject: 'google-tara',
      name: 'Tara Bose',
      studentId: '27200001',
      passwordHash: null,
    });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `tara.bose@${D}`)),
    ).toHaveLength(1);
  });

  it('does not link an imported account to a Google identity the institute domain does not vouch for', async () => {
    const imported = await importStudent(ctx, {
      studentId: '27200002',
      name: 'Uday Kumar',
      email: `uday.kumar@${D}`,
    });
    identity = { sub: 'google-uday', email: `uday.kumar@${D}`, email_verified: true, name: 'Uday' };
    const response = await signInWithGoogle();
    expect(response.headers.location).toBe('/login?error=google_domain');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, imported.id));
    expect(row).toMatchObject({ googleSubject: null, emailVerifiedAt: null });
  });
});
