import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@cosa/contracts';
import { AppError } from '../lib/app-error';
import { isApiRoute } from './api-route';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Names of this machine itself: localhost, 127.0.0.0/8 and ::1. */
function isLoopbackHost(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(name)
  );
}

/**
 * The origin of the address the request was sent to, when that address names this machine itself
 * (http://127.0.0.1:3000 for a portal configured as http://localhost:3000); otherwise null.
 */
function ownLoopbackOrigin(host: string | undefined): string | null {
  if (!host) return null;
  const origin = originOf(`http://${host}`);
  return origin && isLoopbackHost(new URL(origin).hostname) ? origin : null;
}

/**
 * Refuses state-changing API requests sent by another site (design section 6). A browser names
 * the page's origin in Origin (or, failing that, Referer) and Sec-Fetch-Site; the origin must be
 * PUBLIC_URL's. The request's own Host is never the reference: a client chooses it freely.
 * A request naming no origin at all is refused too: every browser names it on these methods, and
 * a program calling the API names it in one header.
 */
export function registerSameOriginCheck(
  app: FastifyInstance,
  publicUrl: string,
  options: { acceptLoopback: boolean },
): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    // The matched route, not the raw URL: '/%61pi/…' reaches the same route as '/api/…'.
    if (
      SAFE_METHODS.has(request.method) ||
      !isApiRoute(request) ||
      request.routeOptions.config.crossSite === true
    )
      return;
    const { origin, referer } = request.headers;
    const fetchSite = request.headers['sec-fetch-site'];
    const claimed =
      origin !== undefined ? originOf(origin) : referer !== undefined ? originOf(referer) : undefined;
    // Without a configured PUBLIC_URL, outside production, a page opened on this machine at
    // another of its names (127.0.0.1 for localhost) sends its forms to the address it came from.
    const originOk =
      claimed === allowed ||
      (options.acceptLoopback &&
        claimed !== null &&
        claimed !== undefined &&
        claimed === ownLoopbackOrigin(request.headers.host));
    const siteOk = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (!originOk || !siteOk) {
      // A visitor who opened the portal at another address (127.0.0.1 for localhost) learns where to go.
      throw new AppError(
        403,
        ERROR_CODES.crossOrigin,
        `This request came from another site and was refused. Open the portal at ${allowed}.`,
      );
    }
  });
}
