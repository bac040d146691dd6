import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PhotoResponseSchema, type PhotoResponse } from '@cosa/contracts';
import { ApiError, errorFrom, NETWORK_ERROR_CODE } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { refreshDashboard, updateCachedProfile } from './get-profile';

/** The share of the upload sent so far, 0 to 100. */
type UploadProgress = (percent: number) => void;

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * PUT /api/me/photo as multipart field `image`. XMLHttpRequest, not fetch: only it reports
 * upload progress. Same origin, so the session cookie goes with it; failures are ApiErrors in
 * the one error shape, as from lib/api-client.
 */
function uploadPhoto(file: File, onProgress?: UploadProgress): Promise<PhotoResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', apiPaths.photo);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFrom(xhr.status, body));
        return;
      }
      const checked = PhotoResponseSchema.safeParse(body);
      if (checked.success) resolve(checked.data);
      else reject(new ApiError(xhr.status, 'INVALID_RESPONSE', 'The server sent an unexpected answer. Please try again.'));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_CODE, 'Could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}

export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) => uploadPhoto(file, onProgress),
    onSuccess: ({ photoUrl }) => {
      updateCachedProfile(client, (profile) => ({ ...profile, personal: { ...profile.personal, photoUrl } }));
      void refreshDashboard(client);
    },
  });
}
