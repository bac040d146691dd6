import type { FastifyInstance, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  apiAccessFor,
  decideAccess,
  normalizeRole,
  type Access,
} from '@cosa/contracts';
import { AppError } from '../lib/app-error';

export class UndeclaredRouteError extends Error {}

/** Every registered API route, with its declaration, in registration order. */
export type RegisteredRoute = { method: string; url: string; access: Access };

/** The declaration of a route for one method; undefined means undeclared. */
export type AccessLookup = (method: string, url: string) => Access | undefined;

// HEAD is answered by the GET handler, so it is allowed exactly when GET is.
const declaredMethod = (method: string) =>
  method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();

function refusal(access: Access, request: FastifyRequest): AppError | undefined {
  switch (decideAccess(access, request.user, normalizeRole)) {
    case 'allow':
      return undefined;
    case 'signIn':
      return AppError.unauthenticated();
    case 'verify':
      return new AppError(
        403,
        ERROR_CODES.emailVerificationRequired,
        AUTH_MESSAGES.verificationRequired,
      );
    case 'onboard':
      return new AppError(
        403,
        ERROR_CODES.onboardingRequired,
        'Please complete your registration first.',
      );
    case 'signedInAlready':
      return new AppError(403, ERROR_CODES.alreadySignedIn, 'You are already signed in.');
    case 'forbidden':
      return AppError.forbidden();
  }
}

/** Checks each request against the declaration of its own method: one route may serve GET and POST with different accesses. */
function enforce(accessByMethod: ReadonlyMap<string, Access>): preValidationHookHandler {
  return async function checkAccess(request: FastifyRequest) {
    const access = accessByMethod.get(declaredMethod(request.method));
    // Unreachable while onRoute refuses undeclared methods; refusing keeps a gap from becoming an open door.
    if (access === undefined) throw AppError.forbidden();
    const error = refusal(access, request);
    if (error) throw error;
  };
}

function methodsOf(route: RouteOptions): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return [...new Set(methods.map(declaredMethod))];
}

/**
 * Gives every /api route the access its declaration in packages/contracts states, checked before
 * the request body is validated; a route without a declaration stops the app from starting.
 */
export function registerAccessControl(
  app: FastifyInstance,
  lookup: AccessLookup = apiAccessFor,
): RegisteredRoute[] {
  const registered: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const accessByMethod = new Map<string, Access>();
    for (const method of methodsOf(route)) {
      const access = lookup(method, route.url);
      if (access === undefined) {
        throw new UndeclaredRouteError(
          `Route "${method} ${route.url}" has no access declaration in packages/contracts/src/access.ts`,
        );
      }
      accessByMethod.set(method, access);
      if (!registered.some((entry) => entry.method === method && entry.url === route.url))
        registered.push({ method, url: route.url, access });
    }
    const existing = route.preValidation
      ? Array.isArray(route.preValidation)
        ? route.preValidation
        : [route.preValidation]
      : [];
    route.preValidation = [enforce(accessByMethod), ...existing];
  });
  return registered;
}
