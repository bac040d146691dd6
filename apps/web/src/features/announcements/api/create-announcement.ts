import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PostedAnnouncementSchema,
  type CreateAnnouncementRequest,
  type PostedAnnouncement,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { postedAnnouncementsKey } from './get-posted-announcements';

/** POST /api/announcements: the author is whoever is signed in; the answer says how many it reached. */
function createAnnouncement(body: CreateAnnouncementRequest): Promise<PostedAnnouncement> {
  return api.post(apiPaths.announcements, body, { schema: PostedAnnouncementSchema });
}

export function useCreateAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => client.invalidateQueries({ queryKey: postedAnnouncementsKey }),
  });
}
