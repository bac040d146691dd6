import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@cosa/contracts';
import { AppError } from '../lib/app-error';
import { hasMessage, sqlStateOf } from '../lib/db-errors';

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
) {
  const body: ErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** A refused request gets back at most this many field messages, each at most this long: a huge bad body never makes a huge answer. */
const MAX_FIELDS = 50;
const MAX_MESSAGE = 300;
const MAX_KEY = 200;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Turns zod issues into one message per field, keyed by the dotted field path. */
function fieldMessages(
  issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const issue of issues) {
    const params = (issue.params ?? {}) as { issue?: { path?: PropertyKey[]; message?: string } };
    const pathParts = params.issue?.path ?? (issue.instancePath ?? '').split('/').filter(Boolean);
    const key = clip(pathParts.map(String).join('.') || '_', MAX_KEY);
    if (key in fields) continue;
    if (count === MAX_FIELDS) break;
    fields[key] = clip(params.issue?.message ?? issue.message ?? 'Invalid value', MAX_MESSAGE);
    count += 1;
  }
  return fields;
}

const PG_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  '23505': { status: 409, code: ERROR_CODES.conflict, message: 'This record already exists.' },
  '23503': {
    status: 409,
    code: ERROR_CODES.conflict,
    message: 'This record refers to something that does not exist.',
  },
  '23P01': {
    status: 409,
    code: ERROR_CODES.conflict,
    message: 'This conflicts with an existing record.',
  },
  '23514': {
    status: 400,
    code: ERROR_CODES.badRequest,
    message: 'A value is out of the allowed range.',
  },
  // Characters no text column can hold (NUL) or the database cannot convert.
  '22021': {
    status: 400,
    code: ERROR_CODES.badRequest,
    message: 'The request contains a character that is not allowed.',
  },
  '22P05': {
    status: 400,
    code: ERROR_CODES.badRequest,
    message: 'The request contains a character that is not allowed.',
  },
  // A date, time or number the database cannot hold, wherever a route's own check missed it.
  '22008': { status: 400, code: ERROR_CODES.badRequest, message: 'A date or time is out of range.' },
  '22003': { status: 400, code: ERROR_CODES.badRequest, message: 'A number is out of range.' },
  // Two changes that met on the same rows: the database undid this one; sending it again settles it.
  '40P01': {
    status: 409,
    code: ERROR_CODES.conflict,
    message: 'Someone else changed the same record at the same moment. Please try again.',
  },
  '40001': {
    status: 409,
    code: ERROR_CODES.conflict,
    message: 'Someone else changed the same record at the same moment. Please try again.',
  },
  // The connection was ended by the database (restarted, or the query's backend stopped by an
  // administrator): nothing of the statement was kept, and sending it again settles it.
  '57P01': {
    status: 503,
    code: ERROR_CODES.unavailable,
    message: 'The database was busy. Please try again in a moment.',
  },
  // A record held by another change for longer than the statement waits (a lock_timeout).
  '55P03': {
    status: 503,
    code: ERROR_CODES.unavailable,
    message: 'This record is busy. Please try again in a moment.',
  },
};

/**
 * No database connection came in time (node-postgres' own messages): every connection of the pool
 * stayed busy past the wait, or a new one was not answered. Overloaded, not broken.
 */
const POOL_TIMEOUTS = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

const poolExhausted = (error: unknown) => hasMessage(error, POOL_TIMEOUTS);

/** The one error shape for every failure (design section 4); a 5xx never leaks internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.statusCode, error.code, error.message, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(
        reply,
        400,
        ERROR_CODES.validation,
        'Some fields need attention.',
        fieldMessages(error.validation),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(
        reply,
        500,
        ERROR_CODES.internal,
        `Something went wrong on our side. Please try again; reference ${request.id}.`,
      );
    }
    if (poolExhausted(error)) {
      request.log.warn('no database connection came in time');
      reply.header('retry-after', '1');
      return send(
        reply,
        503,
        ERROR_CODES.unavailable,
        'The portal is busy. Please try again in a moment.',
      );
    }
    const dbCode = sqlStateOf(error);
    const known = dbCode ? PG_ERRORS[dbCode] : undefined;
    if (known) return send(reply, known.status, known.code, known.message);
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, 413, ERROR_CODES.tooLarge, 'The upload is too large.');
    if (status === 429) return send(reply, 429, ERROR_CODES.tooManyRequests, error.message);
    if (status === 415)
      return send(reply, 415, ERROR_CODES.badRequest, 'This content type is not accepted.');
    if (status >= 400 && status < 500)
      return send(reply, status, ERROR_CODES.badRequest, 'The request could not be understood.');
    request.log.error({ err: error }, 'request failed');
    return send(
      reply,
      500,
      ERROR_CODES.internal,
      `Something went wrong on our side. Please try again; reference ${request.id}.`,
    );
  });
}

/**
 * The router's own refusals, before any route runs: a path that is not valid percent-encoding, or
 * a path segment longer than any id. In the error shape, never echoing the address.
 */
export function sendFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // No hook runs for these: the headers every JSON answer carries are set here.
  reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return send(reply, 414, ERROR_CODES.badRequest, 'The address is too long.');
  return send(reply, 400, ERROR_CODES.badRequest, 'The address is not valid.');
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return send(reply, 404, ERROR_CODES.notFound, 'Not found.');
}
