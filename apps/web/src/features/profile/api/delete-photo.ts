import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PhotoResponseSchema, type PhotoResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { refreshDashboard, updateCachedProfile } from './get-profile';

/** DELETE /api/me/photo: removes the picture; the default avatar shows again. */
function deletePhoto(): Promise<PhotoResponse> {
  return api.delete(apiPaths.photo, { schema: PhotoResponseSchema });
}

export function useDeletePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: ({ photoUrl }) => {
      updateCachedProfile(client, (profile) => ({
        ...profile,
        personal: { ...profile.personal, photoUrl },
      }));
      void refreshDashboard(client);
    },
  });
}
