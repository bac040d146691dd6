import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  PostedAnnouncementListSchema,
  type PostedAnnouncementList,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** Every page of my posted announcements starts with this key, so a new one refreshes them all. */
export const postedAnnouncementsKey = ['announcements', 'posted'] as const;

/** GET /api/announcements: the announcements I posted, newest first, with how many received and read each. */
function getPostedAnnouncements(page: number, signal: AbortSignal): Promise<PostedAnnouncementList> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  return api.get(`${apiPaths.announcements}?${params.toString()}`, {
    schema: PostedAnnouncementListSchema,
    signal,
  });
}

const postedAnnouncementsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...postedAnnouncementsKey, page],
    queryFn: ({ signal }) => getPostedAnnouncements(page, signal),
    placeholderData: keepPreviousData,
  });

export const usePostedAnnouncements = (page: number) => useQuery(postedAnnouncementsQueryOptions(page));
