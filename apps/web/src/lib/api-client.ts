import { CAME_FROM_HEADER, ERROR_CODES, type ErrorBody } from '@cosa/contracts';
import { cameFrom } from './came-from';
import { OFFLINE_AS_OF_HEADER } from './offline/offline-copy';
import type { z } from 'zod';

/** An API failure in the one error shape of the server; status 0 means the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }

  get isEmailVerificationRequired(): boolean {
    return this.status === 403 && this.code === ERROR_CODES.emailVerificationRequired;
  }

  get isOnboardingRequired(): boolean {
    return this.status === 403 && this.code === ERROR_CODES.onboardingRequired;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** Told on the window when an answer shown on the page is a copy the service worker kept. */
export const OFFLINE_COPY_EVENT = 'cosa-offline-copy';

/**
 * The answers shown since the page opened that were copies (the API path, and when the copy was
 * saved), kept here so that none is missed before the page's offline notice
 * (app/layouts/offline-notice.tsx) loads; it empties the list for each new page (decision 0043).
 */
export const copiesShown: [path: string, asOf: string][] = [];

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Please sign in to continue.',
  403: 'You do not have permission to do this.',
  404: 'We could not find what you asked for.',
  413: 'The upload is too large.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** When given, the answer is checked against it. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The error of a body in the API's error shape (ErrorBodySchema), or null. Checked by hand: this
 * runs on every page, which should not load the schema library for it.
 */
function errorOf(body: unknown): ErrorBody['error'] | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
  if (!Object.values(fields).every((value) => typeof value === 'string')) return null;
  return { code, message, fields: fields as Record<string, string> };
}

export function errorFrom(status: number, body: unknown): ApiError {
  const error = errorOf(body);
  if (error) return new ApiError(status, error.code, error.message, error.fields);
  const message = FALLBACK_MESSAGES[status] ?? 'Something went wrong. Please try again.';
  return new ApiError(status, status >= 500 ? ERROR_CODES.internal : `HTTP_${status}`, message);
}

/** Calls the API on the same origin with the session cookie; throws ApiError on any failure. */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // The page the viewer came from: the reason the access log gives for an opened record.
  const from = cameFrom();
  if (from) headers[CAME_FROM_HEADER] = from;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      0,
      NETWORK_ERROR_CODE,
      // Offline, the request never left: a form says so rather than failing unexplained (decision 0043).
      navigator.onLine === false
        ? 'You are offline: nothing was sent. Check your connection and try again.'
        : 'Could not reach the server. Check your connection and try again.',
    );
  }
  // A copy the service worker kept, shown while offline: the page says how old it is.
  const asOf = response.headers.get(OFFLINE_AS_OF_HEADER);
  if (asOf) {
    copiesShown.push([path, asOf]);
    window.dispatchEvent(new Event(OFFLINE_COPY_EVENT));
  }

  const data = await readBody(response);
  if (!response.ok) throw errorFrom(response.status, data);
  if (!schema) return data as T;
  const checked = schema.safeParse(data);
  if (!checked.success)
    throw new ApiError(
      response.status,
      'INVALID_RESPONSE',
      'The server sent an unexpected answer. Please try again.',
    );
  return checked.data;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
