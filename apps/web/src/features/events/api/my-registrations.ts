import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyEventsSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { eventsKey } from './get-events';

const myRegistrationsQuery = queryOptions({
  queryKey: [...eventsKey, 'mine'] as const,
  queryFn: ({ signal }) => api.get(apiPaths.myRegistrations, { schema: MyEventsSchema, signal }),
});

/** GET /api/me/registrations: the person's registrations and waitlist places, upcoming and past. */
export const useMyRegistrations = () => useQuery(myRegistrationsQuery);
