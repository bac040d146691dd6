import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  PostedAnnouncementSchema,
  RegistrantSchema,
  RegistrationListSchema,
  type EventMessageInput,
  type RegistrationList,
  type RegistrationListQuery,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { eventsKey } from './get-events';

/** The organisers' list's filters, as the page keeps them in its address. */
export type RegistrantFilters = { q: string; status: RegistrationListQuery['status']; page: number };

const registrantsKey = (id: string) => [...eventsKey, 'registrants', id] as const;

function filterParams({ q, status }: Pick<RegistrantFilters, 'q' | 'status'>): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (status !== 'all') params.set('status', status);
  return params;
}

/** GET /api/events/{id}/registrations/export: the CSV of the list under the same filters. */
export const registrantsExportHref = (id: string, filters: RegistrantFilters): string => {
  const query = filterParams(filters).toString();
  return `${apiPaths.eventRegistrantsExport(id)}${query ? `?${query}` : ''}`;
};

const registrantsQuery = (id: string, filters: RegistrantFilters, pageSize: number) =>
  queryOptions({
    queryKey: [...registrantsKey(id), filters, pageSize],
    queryFn: ({ signal }): Promise<RegistrationList> => {
      const params = filterParams(filters);
      params.set('page', String(filters.page));
      params.set('pageSize', String(pageSize));
      return api.get(`${apiPaths.eventRegistrants(id)}?${params.toString()}`, {
        schema: RegistrationListSchema,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });

/** One page of an event's registrants, with the count of each kind. */
export const useRegistrants = (id: string, filters: RegistrantFilters, pageSize = 25) =>
  useQuery(registrantsQuery(id, filters, pageSize));

/** PATCH a registrant's fee paid or unpaid. */
export function useMarkPaid(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ registrationId, paid }: { registrationId: string; paid: boolean }) =>
      api.patch(
        apiPaths.eventRegistrant(id, registrationId),
        { paid },
        {
          schema: z.object({ registrant: RegistrantSchema }),
        },
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: registrantsKey(id) }),
  });
}

/** POST an announcement to the event's registrants. */
export function useMessageRegistrants(id: string) {
  return useMutation({
    mutationFn: (message: EventMessageInput) =>
      api.post(apiPaths.eventAnnouncements(id), message, {
        schema: z.object({ announcement: PostedAnnouncementSchema }),
      }),
  });
}
