import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthResponseSchema, ErrorBodySchema } from '@cosa/contracts';
import { sessions, users } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';
import { sessionCookieOptions } from '../../lib/session-cookie';
import { browserOf, cookieOf, freshIp, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { FACTORY_PASSWORD, createUser } from '../../../test/factories';

const DOMAIN = 'iitbhilai.ac.in';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('auth routes', () => {
  const ctx = useTestApp();

  const { post, sessionOf } = browserOf(ctx);

  let seq = 0;
  const registration = (overrides: Record<string, string> = {}) => {
    seq += 1;
    return {
      name: 'Neha Kulkarni',
      studentId: String(12_500_000 + seq),
      email: `neha.kulkarni${seq}@${DOMAIN}`,
      password: 'Orchid#2024',
      ...overrides,
    };
  };

  describe('POST /api/auth/register', () => {
    it('creates a student account with an unproven address, signs it in and sends it to verify its e-mail', async () => {
      const input = registration({
        name: '  Neha Kulkarni ',
        email: `Neha.Register@${DOMAIN.toUpperCase()}`,
      });
      const response = await post('/api/auth/register', input);
      expect(response.statusCode).toBe(201);
      const body = AuthResponseSchema.parse(response.json());
      expect(body.redirectTo).toBe('/verify-email');
      expect(body.user).toMatchObject({
        name: 'Neha Kulkarni',
        email: `neha.register@${DOMAIN}`,
        username: 'neha.register',
        role: 'STUDENT',
        studentId: input.studentId,
        onboardingComplete: false,
        emailVerified: false,
      });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, body.user.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(response.body).not.toContain(row!.passwordHash!);

      const cookie = response.cookies.find((candidate) => candidate.name === 'cosa_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect((await sessionOf(cookieOf(response)))?.id).toBe(body.user.id);
    });

    it('gives a username taken by another account a numeric suffix', async () => {
      await createUser(ctx.db, { username: 'arjun.rao', email: `arjun.elsewhere@${DOMAIN}` });
      await createUser(ctx.db, { username: 'arjun.rao2', email: `arjun.other@${DOMAIN}` });
      const response = await post('/api/auth/register', registration({ email: `Arjun.Rao@${DOMAIN}` }));
      expect(response.statusCode).toBe(201);
      expect(response.json().user.username).toBe('arjun.rao3');
    });

    it('answers each field with the spec message', async () => {
      const empty = await post('/api/auth/register', {
        name: '',
        studentId: '',
        email: '',
        password: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: {
          name: 'Name is required.',
          studentId: 'Student ID is required.',
          email: 'Email is required.',
          password: 'Password is required.',
        },
      });
      const wrong = await post(
        '/api/auth/register',
        registration({ studentId: '12A4', email: 'neha@gmail.com', password: 'short' }),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({
        studentId: 'Student ID must contain digits only.',
        email: 'Please use an @iitbhilai.ac.in email address.',
        password: 'Password must be at least 8 characters.',
      });
      const lookalike = await post(
        '/api/auth/register',
        registration({ email: `neha@${DOMAIN}.evil.com` }),
      );
      expect(lookalike.json().error.fields).toEqual({
        email: 'Please use an @iitbhilai.ac.in email address.',
      });
    });

    it('refuses an e-mail or a student id that already has an account', async () => {
      // The student id is the roll's: the institute's word (decision 0015).
      const existing = await createUser(ctx.db, { studentIdSource: 'roll' });
      const emailTaken = await post(
        '/api/auth/register',
        registration({ email: existing.email.toUpperCase() }),
      );
      expect(emailTaken.statusCode).toBe(409);
      expect(emailTaken.json().error).toEqual({
        code: 'CONFLICT',
        message: 'An account with this email already exists.',
        fields: { email: 'An account with this email already exists.' },
      });
      const idTaken = await post('/api/auth/register', registration({ studentId: existing.studentId! }));
      expect(idTaken.statusCode).toBe(409);
      expect(idTaken.json().error.fields).toEqual({
        studentId:
          'An account with this Student ID already exists on the institute’s student roll. If it is yours, ask the administrator to correct it.',
      });
      const both = await post(
        '/api/auth/register',
        registration({ email: existing.email, studentId: existing.studentId! }),
      );
      expect(both.json().error.fields).toEqual({
        email: 'An account with this email already exists.',
        studentId:
          'An account with this Student ID already exists on the institute’s student roll. If it is yours, ask the administrator to correct it.',
      });
    });

    it('refuses a name with line breaks or control characters, which would reach e-mails and pages', async () => {
      const response = await post(
        '/api/auth/register',
        registration({ name: 'Mallory\n\nURGENT: re-verify at https://evil.example' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        name: 'Name must not contain line breaks or control characters.',
      });
      for (const name of ['Admin\u202Egnp.exe', 'Zero\u200Bwidth', 'Tab\tbed']) {
        expect((await post('/api/auth/register', registration({ name }))).statusCode).toBe(400);
      }
      // Joiners that Indic scripts need are names' own.
      expect((await post('/api/auth/register', registration({ name: 'क्\u200Dष Rao' }))).statusCode).toBe(
        201,
      );
    });

    it('takes a student id from an account whose e-mail was never proven, but not from a proven one', async () => {
      const squatter = await createUser(ctx.db, {
        emailVerifiedAt: null,
        onboardingComplete: false,
        studentId: '12600001',
      });
      const owner = await post('/api/auth/register', registration({ studentId: '12600001' }));
      expect(owner.statusCode).toBe(201);
      expect(owner.json().user.studentId).toBe('12600001');
      const [row] = await ctx.db
        .select({ studentId: users.studentId })
        .from(users)
        .where(eq(users.id, squatter.id));
      expect(row!.studentId).toBeNull();

      const proven = await createUser(ctx.db, { studentId: '12600002', studentIdSource: 'admin' });
      const refused = await post('/api/auth/register', registration({ studentId: proven.studentId! }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.fields).toEqual({
        studentId:
          'An account with this Student ID already exists on the institute’s student roll. If it is yours, ask the administrator to correct it.',
      });
    });

    it('lets only one of two simultaneous registrations of one address succeed', async () => {
      const first = registration({ email: `twin@${DOMAIN}` });
      const second = registration({ email: `TWIN@${DOMAIN}` });
      const answers = await Promise.all([
        post('/api/auth/register', first),
        post('/api/auth/register', second),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json().error.fields).toEqual({
        email: 'An account with this email already exists.',
      });
    });

    it('is for signed-out visitors only', async () => {
      const cookie = await signInAs(ctx, await createUser(ctx.db));
      const response = await post('/api/auth/register', registration(), { cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ALREADY_SIGNED_IN');
    });

    it('allows 5 registrations of one e-mail address an hour, then answers 429 with the wait', async () => {
      const ip = freshIp();
      const input = registration();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1)
        statuses.push((await post('/api/auth/register', input)).statusCode);
      expect(statuses).toEqual([201, 409, 409, 409, 409]);
      const limited = await post('/api/auth/register', input, { ip });
      expect(limited.statusCode).toBe(429);
      expect(ErrorBodySchema.parse(limited.json()).error).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
      });
      // The same address registers another student at once: the limit was the e-mail's.
      expect((await post('/api/auth/register', registration(), { ip })).statusCode).toBe(201);
    });
  });

  describe('POST /api/auth/login', () => {
    it.each([
      ['STUDENT', true, '/home'],
      ['STUDENT', false, '/onboarding'],
      ['PRESIDENT', false, '/president-dashboard'],
      ['GENSEC_SCITECH', true, '/gensec-tech'],
      ['GENSEC_ACADEMIC', true, '/gensec-acad'],
      ['GENSEC_CULTURAL', true, '/gensec-cult'],
      ['GENSEC_SPORTS', true, '/gensec-sport'],
      ['CLUB_COORDINATOR', true, '/club-dashboard'],
    ] as const)(
      'signs a %s (onboarded: %s) in and sends them to %s',
      async (role, onboardingComplete, landing) => {
        const user = await createUser(ctx.db, { role, onboardingComplete });
        const response = await post('/api/auth/login', {
          email: `  ${user.email.toUpperCase()} `,
          password: FACTORY_PASSWORD,
        });
        expect(response.statusCode).toBe(200);
        const body = AuthResponseSchema.parse(response.json());
        expect(body).toMatchObject({ redirectTo: landing, user: { id: user.id, role } });
        expect(response.headers['cache-control']).toBe('no-store');
        expect((await sessionOf(cookieOf(response)))?.id).toBe(user.id);
      },
    );

    it('sets an httpOnly, SameSite=Lax session cookie that lasts the idle period', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: true });
      const response = await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD });
      const cookie = response.cookies.find((candidate) => candidate.name === 'cosa_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
      const [row] = await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(cookie.value)));
      expect(row?.userId).toBe(user.id);
      expect(sessionCookieOptions('https://cosa.example.ac.in').secure).toBe(true);
      expect(sessionCookieOptions('http://localhost:3000').secure).toBe(false);
    });

    it('answers one message for a wrong password, an unknown e-mail and an account without a password', async () => {
      const user = await createUser(ctx.db);
      const googleOnly = await createUser(ctx.db, { googleSubject: 'google-only-subject' });
      for (const attempt of [
        { email: user.email, password: 'Wrong#Password1' },
        { email: `nobody.here@${DOMAIN}`, password: FACTORY_PASSWORD },
        { email: googleOnly.email, password: FACTORY_PASSWORD },
      ]) {
        const response = await post('/api/auth/login', attempt);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password.' },
        });
        expect(cookieOf(response)).toBeUndefined();
      }
    });

    it('signs an account with an unproven address in and sends it to verify its e-mail first', async () => {
      const user = await createUser(ctx.db, { emailVerifiedAt: null, onboardingComplete: false });
      const response = await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        redirectTo: '/verify-email',
        user: { id: user.id, emailVerified: false },
      });
    });

    it('keeps at most 20 sessions of a user: signing in once more ends the oldest', async () => {
      const user = await createUser(ctx.db);
      const cookies: string[] = [];
      for (let attempt = 0; attempt < 21; attempt += 1)
        cookies.push(
          cookieOf(await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD }))!,
        );
      expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(20);
      expect(await sessionOf(cookies[0])).toBeNull();
      expect((await sessionOf(cookies[20]))?.id).toBe(user.id);
    });

    it('answers missing fields with the field messages', async () => {
      const response = await post('/api/auth/login', { email: '', password: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        email: 'Email is required.',
        password: 'Password is required.',
      });
    });
  });
});
