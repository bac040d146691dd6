import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  RollImportResultSchema,
  RollPreviewSchema,
  type RollImportResult,
  type RollPreview,
} from '@cosa/contracts';
import { apiPaths } from '../../../../lib/api-paths';
import { errorFrom, ApiError, NETWORK_ERROR_CODE } from '../../../../lib/api-client';
import { uploadForm } from '../../../../lib/upload';

/** Where an upload is: the share of the file sent (0 to 100), then 'processing' while the server checks or writes. */
export type UploadStage = { stage: 'uploading'; percent: number } | { stage: 'processing' };

/** POSTs the roll as multipart field 'file' (after the preview's digest, so the server has it before the file's bytes). */
function uploadRoll<T>(
  url: string,
  schema: z.ZodType<T>,
  file: File,
  digest: string | null,
  onStage?: (stage: UploadStage) => void,
): Promise<T> {
  const form = new FormData();
  if (digest) form.append('digest', digest);
  form.append('file', file);
  onStage?.({ stage: 'uploading', percent: 0 });
  return uploadForm('POST', url, form, schema, {
    onProgress: (percent) =>
      onStage?.(percent >= 100 ? { stage: 'processing' } : { stage: 'uploading', percent }),
    // Sent in full: the server now reads and checks every row (or writes them).
    onSent: () => onStage?.({ stage: 'processing' }),
  });
}

type Upload = { file: File; onStage?: (stage: UploadStage) => void };

/** POST /api/admin/imports/preview: what importing the file would do; nothing is written. */
export function usePreviewRoll() {
  return useMutation({
    mutationFn: ({ file, onStage }: Upload): Promise<RollPreview> =>
      uploadRoll(apiPaths.importPreview, RollPreviewSchema, file, null, onStage),
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

/** The name the server gives a download, or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/**
 * POST /api/admin/imports/refused: every refused row of the file with its reasons, as CSV, saved
 * by the browser. The file is sent again: the preview keeps nothing on the server.
 */
async function downloadRefusedRows(file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(apiPaths.importRefused, { method: 'POST', body: form });
  } catch {
    throw new ApiError(
      0,
      NETWORK_ERROR_CODE,
      'Could not reach the server. Check your connection and try again.',
    );
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw errorFrom(response.status, body);
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response, 'refused-rows.csv');
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the address is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Downloads the refused rows of a previewed file as CSV. */
export function useDownloadRefused() {
  return useMutation({ mutationFn: (file: File) => downloadRefusedRows(file) });
}
