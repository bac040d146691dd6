import { eq } from 'drizzle-orm';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app';
import { sessions, users } from '../../db/schema/index';
import { browserOf, cookieOf, signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, testConfig, useTestApp } from '../../../test/build-test-app';
import { FACTORY_PASSWORD, createUser } from '../../../test/factories';

const DOMAIN = 'iitbhilai.ac.in';
const CLIENT_ID = 'cosa-portal-test';
const FLOW_COOKIE = 'cosa_google_flow';

type Identity = {
  sub: string;
  email: string;
  email_verified: boolean | string;
  hd?: string;
  name?: string;
};

describe('Google sign-in', () => {
  const provider = new OAuth2Server();
  let identity: Identity;
  let counter = 0;
  const nextIdentity = (overrides: Partial<Identity> = {}): Identity => {
    counter += 1;
    identity = {
      sub: `google-sub-${counter}`,
      email: `ishaan.g${counter}@${DOMAIN}`,
      email_verified: true,
      hd: DOMAIN,
      name: 'Ishaan Gupta',
      ...overrides,
    };
    return identity;
  };

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
    // The ID token (and the access token, where the claims are harmless) carries the identity of the test.
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
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-secret',
        GOOGLE_ISSUER_URL: provider.issuer.url!,
      }),
    },
  );

  const start = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/google', headers: cookie ? { cookie } : {} });

  /** Follows the whole round trip: our redirect, the provider's sign-in, and our callback. */
  async function signInWithGoogle(
    options: {
      cookie?: string;
      tamper?: (url: URL) => void;
      tamperFlow?: (cookie: string) => string;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const started = await start(options.cookie);
    expect(started.statusCode).toBe(302);
    const issued = cookieOf(started, FLOW_COOKIE);
    const flow = issued && options.tamperFlow ? options.tamperFlow(issued) : issued;
    expect(flow).toBeDefined();
    const answer = await fetch(started.headers.location as string, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    options.tamper?.(back);
    const cookie = [flow, options.cookie].filter(Boolean).join('; ');
    return ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  }

  const { sessionOf } = browserOf(ctx);

  it('redirects to the provider with state, nonce and a PKCE challenge kept in a short-lived cookie', async () => {
    const response = await start();
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe(provider.issuer.url);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: `${TEST_ORIGIN}/api/auth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      hd: DOMAIN,
    });
    expect(query.state).toMatch(/^[\w-]{20,}$/);
    expect(query.nonce).toMatch(/^[\w-]{20,}$/);
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
    const cookie = response.cookies.find((candidate) => candidate.name === FLOW_COOKIE)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: 600,
    });
    expect(Buffer.from(cookie.value, 'base64url').toString()).not.toContain(query.code_challenge!);
  });

  it('creates a student account for a new institute address and sends it to onboarding', async () => {
    const who = nextIdentity({ email: `Ishaan.New@${DOMAIN.toUpperCase()}`, name: 'Ishaan New' });
    const response = await signInWithGoogle();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/onboarding');
    const flowCleared = response.cookies.find((candidate) => candidate.name === FLOW_COOKIE);
    expect(flowCleared?.value).toBe('');
    const user = await sessionOf(cookieOf(response));
    expect(user).toMatchObject({
      email: `ishaan.new@${DOMAIN}`,
      username: 'ishaan.new',
      name: 'Ishaan New',
      role: 'STUDENT',
      onboardingComplete: false,
      emailVerified: true,
      studentId: null,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.googleSubject, who.sub));
    expect(row).toMatchObject({ passwordHash: null, email: `ishaan.new@${DOMAIN}` });

    const again = await signInWithGoogle();
    expect(again.headers.location).toBe('/onboarding');
    expect((await sessionOf(cookieOf(again)))?.id).toBe(row!.id);
    expect(await ctx.db.select().from(users).where(eq(users.googleSubject, who.sub))).toHaveLength(1);
  });

  it('links an existing account whose address was proven, and keeps its password', async () => {
    const existing = await createUser(ctx.db, {
      role: 'PRESIDENT',
      onboardingComplete: true,
      email: `president.g@${DOMAIN}`,
    });
    const who = nextIdentity({ email: `President.G@${DOMAIN}` });
    const response = await signInWithGoogle();
    expect(response.headers.location).toBe('/president-dashboard');
    expect((await sessionOf(cookieOf(response)))?.id).toBe(existing.id);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.googleSubject).toBe(who.sub);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.email, password: FACTORY_PASSWORD },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '10.9.9.9',
    });
    expect(login.statusCode).toBe(200);
  });

  it("gives a squatted account to the owner of the address: the squatter's password and session stop working", async () => {
    const { post } = browserOf(ctx);
    const victim = `meera.victim@${DOMAIN}`;
    const squatter = {
      name: 'Not Meera',
      studentId: '19990001',
      email: victim,
      password: 'Squatter#2024',
    };
    const registered = await post('/api/auth/register', squatter);
    expect(registered.statusCode).toBe(201);
    const squatterSession = cookieOf(registered)!;
    expect(await sessionOf(squatterSession)).toMatchObject({ email: victim, emailVerified: false });

    const who = nextIdentity({ email: victim, name: 'Meera Iyer' });
    const response = await signInWithGoogle();
    expect(response.headers.location).toBe('/onboarding');
    const owner = await sessionOf(cookieOf(response));
    expect(owner).toMatchObject({
      id: registered.json().user.id,
      email: victim,
      name: 'Meera Iyer',
      emailVerified: true,
      studentId: null,
    });

    expect(await sessionOf(squatterSession)).toBeNull();
    const squatterLogin = await post('/api/auth/login', { email: victim, password: squatter.password });
    expect(squatterLogin.statusCode).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, victim));
    expect(row).toMatchObject({ passwordHash: null, googleSubject: who.sub, studentId: null });
    expect(await post('/api/auth/forgot-password', { email: victim })).toMatchObject({
      statusCode: 400,
    });
  });

  it('signs an onboarded student in to /home and ends the session of the presented cookie', async () => {
    const student = await createUser(ctx.db, {
      onboardingComplete: true,
      googleSubject: 'google-sub-onboarded',
    });
    nextIdentity({ sub: 'google-sub-onboarded', email: student.email });
    const previous = await signInAs(ctx, student);
    const response = await signInWithGoogle({ cookie: previous });
    expect(response.headers.location).toBe('/home');
    const cookie = cookieOf(response);
    expect(cookie).not.toBe(previous);
    expect(await sessionOf(previous)).toBeNull();
    expect((await sessionOf(cookie))?.id).toBe(student.id);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, student.id))).toHaveLength(1);
  });

  it('refuses an address outside the institute domain', async () => {
    const who = nextIdentity({ email: 'ishaan@gmail.com' });
    const response = await signInWithGoogle();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=google_domain');
    expect(cookieOf(response)).toBeUndefined();
    expect(await ctx.db.select().from(users).where(eq(users.googleSubject, who.sub))).toHaveLength(0);
    nextIdentity({ email: `ishaan@${DOMAIN}.attacker.com` });
    expect((await signInWithGoogle()).headers.location).toBe('/login?error=google_domain');
  });

  it('refuses an institute address Google is not authoritative for: no hd claim, or another domain in it', async () => {
    const personal = nextIdentity({ hd: undefined });
    delete personal.hd;
    const response = await signInWithGoogle();
    expect(response.headers.location).toBe('/login?error=google_domain');
    expect(cookieOf(response)).toBeUndefined();
    expect(await ctx.db.select().from(users).where(eq(users.googleSubject, personal.sub))).toHaveLength(
      0,
    );
    nextIdentity({ hd: 'other-institute.ac.in' });
    expect((await signInWithGoogle()).headers.location).toBe('/login?error=google_domain');
  });

  it('refuses a flow cookie the server did not sign, even one carrying the right state', async () => {
    const who = nextIdentity();
    // The signed value is '<flow>.<signature>': the flow alone is what a forger can write.
    const response = await signInWithGoogle({ tamperFlow: (cookie) => cookie.replace(/\.[^.]*$/, '') });
    expect(response.headers.location).toBe('/login?error=google_failed');
    expect(cookieOf(response)).toBeUndefined();
    expect(await ctx.db.select().from(users).where(eq(users.googleSubject, who.sub))).toHaveLength(0);
  });

  it('refuses an unverified address', async () => {
    const who = nextIdentity({ email_verified: false });
    const response = await signInWithGoogle();
    expect(response.headers.location).toBe('/login?error=google_unverified');
    expect(cookieOf(response)).toBeUndefined();
    expect(await ctx.db.select().from(users).where(eq(users.googleSubject, who.sub))).toHaveLength(0);
  });

  it('refuses an answer whose state does not match, a callback without its cookie, and a provider error', async () => {
    nextIdentity();
    const tampered = await signInWithGoogle({
      tamper: (url) => url.searchParams.set('state', 'forged-state-value'),
    });
    expect(tampered.headers.location).toBe('/login?error=google_failed');
    expect(cookieOf(tampered)).toBeUndefined();

    const noCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=def',
    });
    expect(noCookie.headers.location).toBe('/login?error=google_failed');

    const started = await start();
    const state = new URL(started.headers.location as string).searchParams.get('state');
    const denied = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?error=access_denied&state=${state}`,
      headers: { cookie: cookieOf(started, FLOW_COOKIE)! },
    });
    expect(denied.headers.location).toBe('/login?error=google_failed');
  });

  it('refuses an address whose account is linked to another Google identity', async () => {
    const linked = await createUser(ctx.db, { googleSubject: 'the-original-subject' });
    nextIdentity({ sub: 'a-different-subject', email: linked.email });
    const response = await signInWithGoogle();
    expect(response.headers.location).toBe('/login?error=google_failed');
  });
});

describe('Google sign-in when it is not configured', () => {
  const ctx = useTestApp();

  it('sends both routes to the unavailable page', async () => {
    for (const url of ['/api/auth/google', '/api/auth/google/callback?code=abc&state=def']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/google-unavailable');
    }
  });

  it('sends a visitor back to the sign-in page when the provider cannot be reached', async () => {
    const config = testConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
    });
    const app = await buildApp({ config, database: ctx.database, webDistDir: null });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login?error=google_failed');
    } finally {
      await app.close();
    }
  });
});
