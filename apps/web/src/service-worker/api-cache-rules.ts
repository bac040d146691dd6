/** The session read: the one /api/auth answer kept, so that the app knows offline who is signed in. */
export const SESSION_PATH = '/api/auth/session';

/**
 * Answers that are never kept: downloads (exports, CSV, PDF, archives), calendar feeds, photos,
 * the live stream, the API's own documents, everything of /api/auth but the session read; the
 * administrator's reads (other people's records, kept off a phone that may be lost); searches
 * (each keystroke's answer would crowd out the tickets); and the public checks of transcripts and
 * credentials, whose answer must be the server's of the moment.
 */
const NEVER_KEPT = [
  /\/(export|pdf|manifesto-pdf|archive)$/,
  /^\/api\/calendar\//,
  /^\/api\/photos\//,
  /^\/api\/notifications\/stream$/,
  /^\/api\/(docs|openapi\.json)(\/|$)/,
  /^\/api\/admin(\/|$)/,
  /^\/api\/(search|lookup)(\/|$)/,
  /^\/api\/verify(\/|$)/,
];

/**
 * Whether the service worker keeps a copy of a GET of this API path for offline use: the app's own
 * JSON reads (it asks with `Accept: application/json`), not what the browser fetches by itself
 * (a download link, an image, an event stream).
 */
export function isKeptApiRead(pathname: string, accept: string | null, search = ''): boolean {
  if (!pathname.startsWith('/api/')) return false;
  // What is typed into a search box or a picker: never kept.
  if (new URLSearchParams(search).get('q')) return false;
  if (!accept || !accept.includes('application/json')) return false;
  if (pathname.startsWith('/api/auth/') && pathname !== SESSION_PATH) return false;
  return !NEVER_KEPT.some((pattern) => pattern.test(pathname));
}

/** Whether an answer may be kept: a 200 in JSON (an error, a redirect or a file never is). */
export function isKeptAnswer(status: number, contentType: string | null): boolean {
  return status === 200 && contentType !== null && /^application\/json\b/i.test(contentType);
}

/**
 * The account a session answer names: its id, null when it says nobody is signed in, undefined
 * when the body is no session answer at all (a captive portal's page, a proxy's error): that tells
 * nothing of who is signed in, and must not empty what is kept.
 */
export function accountOfSession(body: unknown): string | null | undefined {
  if (typeof body !== 'object' || body === null || !('user' in body)) return undefined;
  const { user } = body as { user: unknown };
  if (user === null) return null;
  if (typeof user !== 'object' || !('id' in user)) return undefined;
  const { id } = user as { id: unknown };
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Answers that say the server is not there (a proxy's 502, 503, 504): the kept copy is shown instead. */
export const isServerAway = (status: number): boolean =>
  status === 502 || status === 503 || status === 504;

/** Answers that say the thing is gone or not the person's (a cancelled ticket's 409): its kept copy goes. */
export const isGoneAnswer = (status: number): boolean => [403, 404, 409, 410].includes(status);

/** Whether an answer is the portal's own JSON (its 401 says who is signed in; a proxy's page does not). */
export const isPortalJson = (contentType: string | null): boolean =>
  contentType !== null && /^application\/json\b/i.test(contentType);
