import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ActivityListSchema, PresidentSummarySchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** GET /api/president/summary: the four tiles in one answer, so one failure cannot zero only some. */
export const usePresidentSummary = () =>
  useQuery({
    queryKey: ['president', 'summary'],
    queryFn: ({ signal }) =>
      api.get(apiPaths.presidentSummary, { schema: PresidentSummarySchema, signal }),
  });

/** GET /api/activities: one page of the recent activity, newest first. */
export const useRecentActivity = (page: number) =>
  useQuery({
    queryKey: ['president', 'activities', page],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.activities}?page=${page}`, { schema: ActivityListSchema, signal }),
    placeholderData: keepPreviousData,
  });
