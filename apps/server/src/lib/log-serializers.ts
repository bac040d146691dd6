import type { FastifyServerOptions } from 'fastify';
import { redactUrl } from './redact';

type LoggedRequest = { method: string; url: string; ip: string; hostname?: string; id: string };

/** What a log line says of a request: never the tokens its URL may carry (reset and verification links, the Google callback). */
const requestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.hostname,
  remoteAddress: request.ip,
});

/** A failed query's message and stack end with its parameters (a password hash, an e-mail): they stay out of the log. */
function withoutQueryParameters(text: unknown): string {
  return typeof text === 'string'
    ? text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]')
    : '';
}

type LoggedError = Error & { code?: unknown; statusCode?: unknown; cause?: unknown };

/** What a log line says of an error: its kind, message, stack and codes, never the values of a failed query. */
export function errorSerializer(
  error: LoggedError,
  depth = 0,
): { [key: string]: unknown; type: string; message: string; stack: string } {
  const cause =
    error.cause instanceof Error && depth < 3
      ? errorSerializer(error.cause as LoggedError, depth + 1)
      : undefined;
  return {
    type: error.constructor?.name ?? 'Error',
    message: withoutQueryParameters(error.message),
    stack: withoutQueryParameters(error.stack),
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
    ...(cause ? { cause } : {}),
  };
}

/** The logger options with the serializers above: what reaches a log is safe to keep. */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: requestSerializer,
      err: (error: LoggedError) => errorSerializer(error),
    },
  };
}
