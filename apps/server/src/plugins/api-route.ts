import type { FastifyRequest } from 'fastify';

/**
 * True when the request was routed to an API route. The router decodes the path ('/%61pi/…' is
 * '/api/…'), so hooks decide by the matched route, never by the raw URL; a request no route
 * matched is an API request when its decoded path is.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route === '/api' || route.startsWith('/api/');
  const pathname = request.url.split('?')[0] ?? '';
  try {
    return /^\/+api(\/|$)/i.test(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}
