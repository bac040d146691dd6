import type { z } from 'zod';
import { ApiError, errorFrom, NETWORK_ERROR_CODE } from './api-client';

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type UploadOptions = {
  /** The share of the body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** The body is sent in full: the server is at work on it. */
  onSent?: () => void;
};

/**
 * Sends a multipart form and reads the answer through its schema. XMLHttpRequest, not fetch: only
 * it reports upload progress. Same origin, so the session cookie goes with it; failures are
 * ApiErrors in the one error shape, as from lib/api-client.
 */
export function uploadForm<T>(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  schema: z.ZodType<T>,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    if (options.onSent) xhr.upload.onload = options.onSent;
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFrom(xhr.status, body));
        return;
      }
      const checked = schema.safeParse(body);
      if (checked.success) resolve(checked.data);
      else
        reject(
          new ApiError(
            xhr.status,
            'INVALID_RESPONSE',
            'The server sent an unexpected answer. Please try again.',
          ),
        );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          NETWORK_ERROR_CODE,
          'Could not reach the server. Check your connection and try again.',
        ),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.send(form);
  });
}
