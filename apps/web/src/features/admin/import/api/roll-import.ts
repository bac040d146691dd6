import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { RollImportResultSchema, RollPreviewSchema, type RollImportResult, type RollPreview } from '@cosa/contracts';
import { ApiError, errorFrom, NETWORK_ERROR_CODE } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/paths';

/** Where an upload is: the share of the file sent (0 to 100), then 'processing' while the server checks or writes. */
export type UploadStage = { stage: 'uploading'; percent: number } | { stage: 'processing' };

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs the roll as multipart field 'file' (and the preview's digest). XMLHttpRequest, not fetch:
 * only it reports upload progress. Same origin, so the session cookie goes with it; failures are
 * ApiErrors in the one error shape, as from lib/api-client.
 */
function uploadRoll<T>(url: string, schema: z.ZodType<T>, file: File, digest: string | null, onStage?: (stage: UploadStage) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total <= 0) return;
      const percent = Math.min(100, Math.round((event.loaded / event.total) * 100));
      onStage?.(percent >= 100 ? { stage: 'processing' } : { stage: 'uploading', percent });
    };
    // Sent in full: the server now reads and checks every row (or writes them).
    xhr.upload.onload = () => onStage?.({ stage: 'processing' });
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFrom(xhr.status, body));
        return;
      }
      const checked = schema.safeParse(body);
      if (checked.success) resolve(checked.data);
      else reject(new ApiError(xhr.status, 'INVALID_RESPONSE', 'The server sent an unexpected answer. Please try again.'));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_CODE, 'Could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const form = new FormData();
    // The digest first, so that the server has it before the file's bytes.
    if (digest) form.append('digest', digest);
    form.append('file', file);
    onStage?.({ stage: 'uploading', percent: 0 });
    xhr.send(form);
  });
}

type Upload = { file: File; onStage?: (stage: UploadStage) => void };

/** POST /api/admin/imports/preview: what importing the file would do; nothing is written. */
export function usePreviewRoll() {
  return useMutation({
    mutationFn: ({ file, onStage }: Upload): Promise<RollPreview> => uploadRoll(apiPaths.importPreview, RollPreviewSchema, file, null, onStage),
  });
}

/** POST /api/admin/imports: imports the previewed file; every list of users is stale afterwards. */
export function useImportRoll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, digest, onStage }: Upload & { digest: string }): Promise<RollImportResult> =>
      uploadRoll(apiPaths.imports, RollImportResultSchema, file, digest, onStage),
    onSuccess: () => client.invalidateQueries(),
  });
}
