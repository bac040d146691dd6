import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileResponseSchema, type Profile, type ProfileUpdate } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useSessionStore } from '../../../lib/session';
import { refreshDashboard, updateCachedProfile } from './get-profile';

/** PUT /api/me/profile: saves every editable field and answers with the saved profile. */
async function updateProfile(body: ProfileUpdate): Promise<Profile> {
  const { profile } = await api.put(apiPaths.profile, body, { schema: ProfileResponseSchema });
  return profile;
}

export function useUpdateProfile() {
  const client = useQueryClient();
  const session = useSessionStore();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      updateCachedProfile(client, () => profile);
      // The session carries the name and academic line that headers show; the answer has them already.
      const user = session.get().data;
      if (user)
        session.set({
          ...user,
          name: profile.personal.name,
          ...(profile.academic && {
            branch: profile.academic.branch,
            batchYear: profile.academic.batchYear,
            program: profile.academic.program,
          }),
        });
      void refreshDashboard(client);
    },
  });
}
