import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const MAX_DEPTH = 64;

/** True when a string anywhere in the value holds a NUL character, which PostgreSQL text cannot store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * Refuses a request whose path parameters, query or body carry a NUL character, before any route
 * sees it: no column can store one, and a database error would answer 500 instead of 400.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw AppError.badRequest('The request contains a character that is not allowed (NUL).');
    }
  });
}
