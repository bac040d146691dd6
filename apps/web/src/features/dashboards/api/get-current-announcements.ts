import { queryOptions, useQuery } from '@tanstack/react-query';
import { CurrentAnnouncementsSchema, type CurrentAnnouncements } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { currentAnnouncementsKey } from '../../../lib/notifications/keys';
import { apiPaths } from '../../../lib/api-paths';

/** GET /api/announcements/current: the announcements addressed to me that have not expired, newest first. */
function getCurrentAnnouncements(signal: AbortSignal): Promise<CurrentAnnouncements> {
  return api.get(apiPaths.currentAnnouncements, { schema: CurrentAnnouncementsSchema, signal });
}

const currentAnnouncementsQueryOptions = queryOptions({
  queryKey: currentAnnouncementsKey,
  queryFn: ({ signal }) => getCurrentAnnouncements(signal),
});

/** Refreshed by the live stream when a new one arrives (lib/notifications/live-unread.ts). */
export const useCurrentAnnouncements = () => useQuery(currentAnnouncementsQueryOptions);
