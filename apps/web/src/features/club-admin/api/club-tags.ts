import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClubTagListSchema, ClubTagResponseSchema, type ClubTagInput } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { clubAdminPaths } from './club-admin-paths';
import { clubsKey } from './clubs-key';

const tagsKey = [...clubsKey, 'tags'] as const;

/** GET /api/club-tags: the administrator's list, with how many clubs carry each tag. */
export function useClubTags() {
  return useQuery({
    queryKey: tagsKey,
    queryFn: async ({ signal }) =>
      (await api.get(clubAdminPaths.tags, { schema: ClubTagListSchema, signal })).tags,
  });
}

/** A change to the list shows on every club carrying the tag: every club view is read again. */
function useTagMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: clubsKey }),
  });
}

/** POST /api/admin/club-tags. */
export const useAddClubTag = () =>
  useTagMutation(
    async (body: ClubTagInput) =>
      (await api.post(clubAdminPaths.adminTags, body, { schema: ClubTagResponseSchema })).tag,
  );

/** PATCH /api/admin/club-tags/{id}. */
export const useRenameClubTag = (id: string) =>
  useTagMutation(
    async (body: ClubTagInput) =>
      (await api.patch(clubAdminPaths.adminTag(id), body, { schema: ClubTagResponseSchema })).tag,
  );

/** DELETE /api/admin/club-tags/{id}: the tag leaves the list and every club. */
export const useRemoveClubTag = (id: string) =>
  useTagMutation(() => api.delete(clubAdminPaths.adminTag(id)));
