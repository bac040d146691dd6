import type { FastifyReply } from 'fastify';

/** The cookie that carries a session's token (the database keeps only the token's hash). */
export const SESSION_COOKIE = 'cosa_session';

/** The session cookie's attributes: every path, out of scripts' reach, SameSite=Lax, Secure when the portal is on https. */
export function sessionCookieOptions(publicUrl: string, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.startsWith('https:'),
    ...(expires ? { expires } : {}),
  };
}

/** Sets the session cookie to live as long as its session. */
export function setSessionCookie(
  reply: FastifyReply,
  publicUrl: string,
  token: string,
  expires: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(publicUrl, expires));
}

/** Clears the session cookie (signing out). */
export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(publicUrl));
}
