import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@cosa/contracts';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests sent by another site (design section 6): a browser
 * names the page's origin in Origin and Sec-Fetch-Site on every such request.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const hostOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    const originOk = origin === undefined || origin === allowed || origin === hostOrigin;
    const siteOk = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (!originOk || !siteOk) {
      throw new AppError(403, ERROR_CODES.crossOrigin, 'This request came from another site and was refused.');
    }
  });
}
