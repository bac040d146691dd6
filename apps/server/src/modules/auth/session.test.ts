import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SessionUserSchema } from '@cosa/contracts';
import { buildApp } from '../../app';
import {
  emailVerificationTokens,
  passwordResetTokens,
  rateLimitCounters,
  sessions,
  users,
} from '../../db/schema/index';
import { sweepExpired } from './session.service';
import { browserOf, cookieOf, signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  FACTORY_PASSWORD,
  createPasswordResetToken,
  createSession,
  createStudent,
  createUser,
} from '../../../test/factories';
import { hashToken, newToken } from '../../lib/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('sessions', () => {
  const ctx = useTestApp();

  const { post, sessionOf } = browserOf(ctx);

  describe('GET /api/auth/session', () => {
    it('is null when signed out and refuses caching', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('returns the signed-in user and nothing secret', async () => {
      const { user, profile } = await createStudent(ctx.db);
      const cookie = await signInAs(ctx, user);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
      });
      const body = response.json() as { user: Record<string, unknown> };
      expect(Object.keys(body.user).sort()).toEqual(Object.keys(SessionUserSchema.shape).sort());
      expect(body.user).toMatchObject({
        id: user.id,
        email: user.email,
        role: 'STUDENT',
        onboardingComplete: true,
        branch: profile.branch,
        batchYear: 2022,
      });
      const text = response.body;
      expect(text).not.toMatch(/hash|password|token|argon/i);
      expect(text).not.toContain(cookie.split('=')[1]);
    });

    it('is null for an unknown or expired session cookie', async () => {
      const expired = await createSession(ctx.db, { expiresAt: new Date(Date.now() - 1000) });
      expect(await sessionOf(`cosa_session=${expired.token}`)).toBeNull();
      expect(await sessionOf('cosa_session=not-a-real-token')).toBeNull();
    });

    it('slides the idle expiry of a session in use and renews its cookie', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const old = new Date(Date.now() - 2 * 60_000);
      const session = await createSession(ctx.db, {
        userId: user.id,
        lastSeenAt: old,
        expiresAt: new Date(Date.now() + DAY_MS),
      });
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: `cosa_session=${session.token}` },
      });
      expect(response.json().user.id).toBe(user.id);
      const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, session.id));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
      const renewed = response.cookies.find((cookie) => cookie.name === 'cosa_session');
      expect(renewed?.value).toBe(session.token);
      expect(renewed?.expires?.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
    });
  });

  describe('absolute lifetime (SESSION_MAX_DAYS, 30 by default)', () => {
    it('ends a session 30 days after sign-in however much it is used', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const old = await createSession(ctx.db, {
        userId: user.id,
        createdAt: new Date(Date.now() - 30 * DAY_MS - 60_000),
        lastSeenAt: new Date(Date.now() - 5 * 60_000),
        expiresAt: new Date(Date.now() + 6 * DAY_MS),
      });
      expect(await sessionOf(`cosa_session=${old.token}`)).toBeNull();
    });

    it('never slides the idle expiry past the absolute end', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const createdAt = new Date(Date.now() - 28 * DAY_MS);
      const session = await createSession(ctx.db, {
        userId: user.id,
        createdAt,
        lastSeenAt: new Date(Date.now() - 5 * 60_000),
        expiresAt: new Date(Date.now() + DAY_MS),
      });
      expect((await sessionOf(`cosa_session=${session.token}`))?.id).toBe(user.id);
      const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, session.id));
      expect(row!.expiresAt.getTime()).toBe(createdAt.getTime() + 30 * DAY_MS);
    });
  });

  describe('the sweep', () => {
    it('removes expired and over-age sessions, long-spent links and ended rate-limit windows, and keeps the rest', async () => {
      const user = await createUser(ctx.db);
      const live = await createSession(ctx.db, { userId: user.id });
      const idle = await createSession(ctx.db, {
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
      });
      const overAge = await createSession(ctx.db, {
        userId: user.id,
        createdAt: new Date(Date.now() - 31 * DAY_MS),
      });
      const freshReset = await createPasswordResetToken(ctx.db, { userId: user.id });
      const spentReset = await createPasswordResetToken(ctx.db, {
        userId: user.id,
        usedAt: new Date(Date.now() - 8 * DAY_MS),
      });
      const [oldVerification] = await ctx.db
        .insert(emailVerificationTokens)
        .values({
          userId: user.id,
          tokenHash: hashToken(newToken()),
          expiresAt: new Date(Date.now() - 8 * DAY_MS),
        })
        .returning();
      await ctx.db.insert(rateLimitCounters).values([
        { key: 'sweep-test:ended', hits: 3, resetAt: new Date(Date.now() - 1000) },
        { key: 'sweep-test:open', hits: 3, resetAt: new Date(Date.now() + 60_000) },
      ]);

      await sweepExpired(ctx.db, { idleMs: 7 * DAY_MS, maxMs: 30 * DAY_MS });

      const sessionIds = (
        await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))
      ).map((row) => row.id);
      expect(sessionIds).toEqual([live.id]);
      expect(sessionIds).not.toContain(idle.id);
      expect(sessionIds).not.toContain(overAge.id);
      const resetIds = (
        await ctx.db
          .select({ id: passwordResetTokens.id })
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, user.id))
      ).map((row) => row.id);
      expect(resetIds).toEqual([freshReset.id]);
      expect(resetIds).not.toContain(spentReset.id);
      expect(
        await ctx.db
          .select()
          .from(emailVerificationTokens)
          .where(eq(emailVerificationTokens.id, oldVerification!.id)),
      ).toHaveLength(0);
      const keys = (await ctx.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
        (row) => row.key,
      );
      expect(keys).toContain('sweep-test:open');
      expect(keys).not.toContain('sweep-test:ended');
    });

    it('removes a registration nobody proved within a week, even one that asked for new links, and keeps every other account', async () => {
      const linkAt = async (userId: string, expiresAt: Date) =>
        ctx.db
          .insert(emailVerificationTokens)
          .values({ userId, tokenHash: hashToken(newToken()), expiresAt });
      const weekAgo = new Date(Date.now() - 7 * DAY_MS - 60_000);
      const abandoned = await createUser(ctx.db, {
        emailVerifiedAt: null,
        onboardingComplete: false,
        createdAt: weekAgo,
      });
      await linkAt(abandoned.id, new Date(Date.now() - 6 * DAY_MS));
      const resent = await createUser(ctx.db, {
        emailVerifiedAt: null,
        onboardingComplete: false,
        createdAt: weekAgo,
      });
      await linkAt(resent.id, new Date(Date.now() - 6 * DAY_MS));
      await linkAt(resent.id, new Date(Date.now() + DAY_MS));
      const recent = await createUser(ctx.db, {
        emailVerifiedAt: null,
        onboardingComplete: false,
        createdAt: new Date(Date.now() - 6 * DAY_MS),
      });
      await linkAt(recent.id, new Date(Date.now() - 5 * DAY_MS));
      // Accounts from before verification links existed have none: they are real users who prove their address at sign-in.
      const older = await createUser(ctx.db, {
        emailVerifiedAt: null,
        onboardingComplete: false,
        createdAt: new Date(Date.now() - 90 * DAY_MS),
      });
      const proven = await createUser(ctx.db, { createdAt: weekAgo });
      await linkAt(proven.id, new Date(Date.now() - 9 * DAY_MS));

      await sweepExpired(ctx.db, { idleMs: 7 * DAY_MS, maxMs: 30 * DAY_MS });

      const left = (await ctx.db.select({ id: users.id }).from(users)).map((row) => row.id);
      expect(left).not.toContain(abandoned.id);
      expect(left).not.toContain(resent.id);
      expect(left).toEqual(expect.arrayContaining([recent.id, older.id, proven.id]));
    });
  });

  describe('sign-in', () => {
    it('rotates the session: the cookie presented at sign-in stops working', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const first = cookieOf(
        await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD }),
      )!;
      const second = cookieOf(
        await post(
          '/api/auth/login',
          { email: user.email, password: FACTORY_PASSWORD },
          { cookie: first },
        ),
      )!;
      expect(second).not.toBe(first);
      expect(await sessionOf(first)).toBeNull();
      expect((await sessionOf(second))?.id).toBe(user.id);
      const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
    });

    it('keeps a session valid in another server process on the same database', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const cookie = cookieOf(
        await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD }),
      )!;
      const other = await buildApp({ config: ctx.config, database: ctx.database, webDistDir: null });
      try {
        const response = await other.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { cookie },
        });
        expect(response.json().user.id).toBe(user.id);
      } finally {
        await other.close();
      }
    });

    it('clears the expired sessions of the user who signs in', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const expired = await createSession(ctx.db, {
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
      });
      const other = await createSession(ctx.db, { expiresAt: new Date(Date.now() - 1000) });
      expect(
        (await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD })).statusCode,
      ).toBe(200);
      expect(await ctx.db.select().from(sessions).where(eq(sessions.id, expired.id))).toHaveLength(0);
      expect(await ctx.db.select().from(sessions).where(eq(sessions.id, other.id))).toHaveLength(1);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session, clears the cookie and answers 204', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const cookie = await signInAs(ctx, user);
      const response = await post('/api/auth/logout', {}, { cookie });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const cleared = response.cookies.find((candidate) => candidate.name === 'cosa_session');
      expect(cleared?.value).toBe('');
      expect(cleared?.expires!.getTime()).toBeLessThan(Date.now());
      expect(await sessionOf(cookie)).toBeNull();
      const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(0);
    });

    it('answers 204 without a session, with no body at all', async () => {
      expect((await post('/api/auth/logout', {})).statusCode).toBe(204);
      const bare = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: TEST_ORIGIN },
      });
      expect(bare.statusCode).toBe(204);
    });

    it('refuses a sign-out sent by another site', async () => {
      const cookie = await signInAs(ctx, await createUser(ctx.db));
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('CROSS_ORIGIN_REFUSED');
      expect(await sessionOf(cookie)).not.toBeNull();
    });
  });
});
