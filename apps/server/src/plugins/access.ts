import type { FastifyInstance, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';
import { ERROR_CODES, apiAccessFor, decideAccess, normalizeRole, type Access } from '@cosa/contracts';
import { AppError } from '../lib/app-error';

export class UndeclaredRouteError extends Error {}

/** Every registered API route, with its declaration, in registration order. */
export type RegisteredRoute = { method: string; url: string; access: Access };

function enforce(access: Access): preValidationHookHandler {
  return async function checkAccess(request: FastifyRequest) {
    const decision = decideAccess(access, request.user, normalizeRole);
    if (decision === 'allow') return;
    if (decision === 'signIn') throw AppError.unauthenticated();
    if (decision === 'onboard') throw new AppError(403, ERROR_CODES.onboardingRequired, 'Please complete your registration first.');
    if (decision === 'signedInAlready') throw new AppError(403, ERROR_CODES.alreadySignedIn, 'You are already signed in.');
    throw AppError.forbidden();
  };
}

function methodsOf(route: RouteOptions): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((method) => (method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()));
}

/**
 * Gives every /api route the access its declaration in packages/contracts states, checked before
 * the request body is validated; a route without a declaration stops the app from starting.
 */
export function registerAccessControl(app: FastifyInstance): RegisteredRoute[] {
  const registered: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const accesses = methodsOf(route).map((method) => ({ method, access: apiAccessFor(method, route.url) }));
    for (const { method, access } of accesses) {
      if (access === undefined) {
        throw new UndeclaredRouteError(`Route "${method} ${route.url}" has no access declaration in packages/contracts/src/access.ts`);
      }
      if (!registered.some((entry) => entry.method === method && entry.url === route.url)) registered.push({ method, url: route.url, access });
    }
    const access = accesses[0]?.access as Access;
    const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
    route.preValidation = [enforce(access), ...existing];
  });
  return registered;
}
