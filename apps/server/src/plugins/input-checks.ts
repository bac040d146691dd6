import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/** No form of the portal nests deeper; a deeper value is refused rather than searched. */
const MAX_DEPTH = 32;

type Problem = 'nul' | 'deep' | null;

/** What is wrong with a request value: a NUL character in a string or key, or nesting past MAX_DEPTH. */
function problemOf(value: unknown, depth = 0): Problem {
  if (typeof value === 'string') return value.includes('\u0000') ? 'nul' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return 'deep';
  const entries = Array.isArray(value)
    ? value.map((item) => ['', item] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    if (key.includes('\u0000')) return 'nul';
    const problem = problemOf(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Refuses a request whose path parameters, query or body carry a NUL character (no column can
 * store one, and a database error would answer 500 instead of 400) or nest deeper than any form.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = problemOf(request.params) ?? problemOf(request.query) ?? problemOf(request.body);
    if (problem === 'nul')
      throw AppError.badRequest('The request contains a character that is not allowed (NUL).');
    if (problem === 'deep') throw AppError.badRequest('The request is nested too deeply.');
  });
}
