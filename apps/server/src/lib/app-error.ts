import { ERROR_CODES, type ErrorCode } from '@cosa/contracts';

/** An error a service raises to answer the client with a status, a code and a message it can show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** For a 429: how long until the client may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, fields?: Record<string, string>): AppError {
    return new AppError(400, fields ? ERROR_CODES.validation : ERROR_CODES.badRequest, message, fields);
  }
  static unauthenticated(message = 'Please sign in to continue.'): AppError {
    return new AppError(401, ERROR_CODES.unauthenticated, message);
  }
  static forbidden(message = 'You do not have permission to do this.'): AppError {
    return new AppError(403, ERROR_CODES.forbidden, message);
  }
  static notFound(message = 'Not found.'): AppError {
    return new AppError(404, ERROR_CODES.notFound, message);
  }
  static conflict(message: string, fields?: Record<string, string>): AppError {
    return new AppError(409, ERROR_CODES.conflict, message, fields);
  }
}
