import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CheckInResultSchema,
  RegistrationListSchema,
  type CheckInResult,
  type CheckInScan,
  type RegistrationList,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { eventsKey } from './get-events';

/** POST /api/events/{id}/check-ins: a batch of the door's scans, each answered by its id. */
export const postCheckIns = (id: string, scans: CheckInScan[]): Promise<CheckInResult> =>
  api.post(apiPaths.eventCheckIns(id), { scans }, { schema: CheckInResultSchema });

/** The door's search, under its own key: each check-in reads it again. */
export const checkInSearchKey = (id: string) => [...eventsKey, 'check-in-search', id] as const;

const SEARCH_PAGE_SIZE = 8;

const searchQuery = (id: string, q: string) =>
  queryOptions({
    queryKey: [...checkInSearchKey(id), q] as const,
    queryFn: ({ signal }): Promise<RegistrationList> => {
      const params = new URLSearchParams({ q, pageSize: String(SEARCH_PAGE_SIZE) });
      return api.get(`${apiPaths.eventRegistrants(id)}?${params.toString()}`, {
        schema: RegistrationListSchema,
        signal,
      });
    },
    enabled: q.length > 0,
  });

/** Registrants of the event found by name or student id (nothing until something is typed). */
export const useCheckInSearch = (id: string, q: string) => useQuery(searchQuery(id, q.trim()));
