import { queryOptions, useQuery } from '@tanstack/react-query';
import { TicketSchema, type Ticket } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { eventsKey } from './get-events';

/** While a ticket is not checked in, it is read again this often, so the phone shows the door's scan. */
const UNTIL_CHECKED_IN_MS = 20_000;

const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: [...eventsKey, 'ticket', id] as const,
    queryFn: ({ signal }): Promise<Ticket> =>
      api.get(apiPaths.eventTicket(id), { schema: TicketSchema, signal }),
    refetchInterval: (query) =>
      query.state.data && query.state.data.checkedInAt === null ? UNTIL_CHECKED_IN_MS : false,
  });

/** GET /api/events/{id}/ticket: the signed-in person's ticket; 409 without a confirmed registration. */
export const useTicket = (id: string) => useQuery(ticketQuery(id));
