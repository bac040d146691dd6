import { useQuery } from '@tanstack/react-query';
import { normalizeRole, type SessionUser } from '@cosa/contracts';
import { api } from '../../lib/api-client';
import { apiPaths } from '../../lib/api-paths';
import { ownRecordKey } from '../../lib/own-record';

/**
 * The signed-in user's photo address, or null: read from their profile under the profile page's
 * own query key, so a new or removed photo shows in the header at once. The profile's schema
 * loads after the page has shown (the header shows initials meanwhile): every signed-in page has
 * the header, and the schema weighs as much as a small page. The administrator has no profile
 * (deviation 60) and shows initials.
 */
export function useOwnPhoto(user: Pick<SessionUser, 'role'>): string | null {
  const hasProfile = normalizeRole(user.role) !== 'ADMIN';
  const profile = useQuery({
    queryKey: ownRecordKey('profile'),
    queryFn: async ({ signal }) => {
      const { ProfileResponseSchema } = await import('./profile-schema');
      return (await api.get(apiPaths.profile, { schema: ProfileResponseSchema, signal })).profile;
    },
    enabled: hasProfile,
  });
  return hasProfile ? (profile.data?.personal.photoUrl ?? null) : null;
}
