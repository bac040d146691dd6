import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../src/lib/session-cookie';
import { createSession } from '../src/modules/auth/session.service';
import type { SessionUser } from '@cosa/contracts';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createStudent, createUser, type UserOverrides } from './factories';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Signs a user in without the login form (any user, with or without a password); returns the Cookie header. */
export async function signInAs(
  ctx: Pick<TestContext, 'db' | 'config'>,
  user: { id: string },
): Promise<string> {
  const session = await createSession(ctx.db, user.id, {
    idleMs: ctx.config.SESSION_IDLE_DAYS * DAY_MS,
    maxMs: ctx.config.SESSION_MAX_DAYS * DAY_MS,
  });
  return `${SESSION_COOKIE}=${session.token}`;
}

/**
 * A new user of `role`, signed in: for STUDENT an onboarded student with a profile. `overrides`
 * (a name, say) go to the user either way.
 */
export async function signedInAs(
  ctx: Pick<TestContext, 'db' | 'config'>,
  role: NonNullable<UserOverrides['role']>,
  overrides: UserOverrides = {},
) {
  const user =
    role === 'STUDENT'
      ? (await createStudent(ctx.db, overrides)).user
      : await createUser(ctx.db, { role, ...overrides });
  return { user, cookie: await signInAs(ctx, user) };
}

/** The Cookie header carrying a cookie the response set (the session cookie unless named); undefined when it set none. */
export function cookieOf(
  response: LightMyRequestResponse,
  name: string = SESSION_COOKIE,
): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  return cookie && cookie.value !== '' ? `${name}=${cookie.value}` : undefined;
}

let addressCount = 0;

/** A client address no other request of this test file used, so rate limits of one test do not touch another. */
export function freshIp(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

export type RequestOptions = { cookie?: string; ip?: string };

/**
 * Requests as the portal's own pages send them (same origin), each from a fresh client address
 * unless one is given; ctx.app is read at call time, so this may be made before the app is built.
 */
export function browserOf(ctx: Pick<TestContext, 'app'>) {
  const headersOf = (options: RequestOptions) => (options.cookie ? { cookie: options.cookie } : {});
  const get = (url: string, options: RequestOptions = {}) =>
    ctx.app.inject({
      method: 'GET',
      url,
      remoteAddress: options.ip ?? freshIp(),
      headers: headersOf(options),
    });
  return {
    get,
    post: (url: string, payload: object, options: RequestOptions = {}) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: options.ip ?? freshIp(),
        headers: { origin: TEST_ORIGIN, ...headersOf(options) },
      }),
    /** The user the session check returns for a cookie. */
    sessionOf: async (cookie?: string) =>
      (await get('/api/auth/session', cookie ? { cookie } : {})).json().user as
        (SessionUser & Record<string, unknown>) | null,
  };
}
