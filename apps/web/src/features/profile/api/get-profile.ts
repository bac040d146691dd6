import { ownRecordKey } from '../../../lib/own-record';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ProfileResponseSchema, type Profile } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

const profileQueryKey = ownRecordKey('profile');

/** GET /api/me/profile: the signed-in user's own profile (the server always has one). */
async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const { profile } = await api.get(apiPaths.profile, { schema: ProfileResponseSchema, signal });
  return profile;
}

const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}

/** Puts a changed profile in the cache, e.g. the answer to a save or a new photo. */
export function updateCachedProfile(client: QueryClient, change: (profile: Profile) => Profile): void {
  client.setQueryData(profileQueryOptions.queryKey, (profile) => (profile ? change(profile) : profile));
}

/** The home dashboard shows the name, the academic line and the photo (the profile itself is already up to date). */
export function refreshDashboard(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ownRecordKey('dashboard') });
}
