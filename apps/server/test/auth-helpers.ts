import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE, createSession } from '../src/modules/auth/session.service';
import type { TestContext } from './build-test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Signs a user in without the login form (any user, with or without a password); returns the Cookie header. */
export async function signInAs(ctx: Pick<TestContext, 'db' | 'config'>, user: { id: string }): Promise<string> {
  const session = await createSession(ctx.db, user.id, ctx.config.SESSION_IDLE_DAYS * DAY_MS);
  return `${SESSION_COOKIE}=${session.token}`;
}

/** The Cookie header carrying a cookie the response set (the session cookie unless named); undefined when it set none. */
export function cookieOf(response: LightMyRequestResponse, name: string = SESSION_COOKIE): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  return cookie && cookie.value !== '' ? `${name}=${cookie.value}` : undefined;
}

let addressCount = 0;

/** A client address no other request of this test file used, so rate limits of one test do not touch another. */
export function freshIp(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}
