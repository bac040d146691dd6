import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PhotoResponseSchema, type PhotoResponse } from '@cosa/contracts';
import { apiPaths } from '../../../lib/api-paths';
import { uploadForm } from '../../../lib/upload';
import { refreshDashboard, updateCachedProfile } from './get-profile';

/** The share of the upload sent so far, 0 to 100. */
type UploadProgress = (percent: number) => void;

/** PUT /api/me/photo as multipart field `image`. */
function uploadPhoto(file: File, onProgress?: UploadProgress): Promise<PhotoResponse> {
  const form = new FormData();
  form.append('image', file);
  return uploadForm('PUT', apiPaths.photo, form, PhotoResponseSchema, onProgress ? { onProgress } : {});
}

export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) =>
      uploadPhoto(file, onProgress),
    onSuccess: ({ photoUrl }) => {
      updateCachedProfile(client, (profile) => ({
        ...profile,
        personal: { ...profile.personal, photoUrl },
      }));
      void refreshDashboard(client);
    },
  });
}
