import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  ApprovalListSchema,
  BookingResponseSchema,
  DEFAULT_PAGE_SIZE,
  type ApprovalFilter,
  type BookingDecision,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { bookingsKey, useRefreshBookings } from './bookings';

/** The panel's tab, search and page, as the page keeps them in its address. */
export type ApprovalFilters = { status: ApprovalFilter; q: string; page: number };

/** The tab and search as the server reads them. */
function filterParams({ status, q }: ApprovalFilters): URLSearchParams {
  const params = new URLSearchParams({ status });
  if (q) params.set('q', q);
  return params;
}

function approvalSearch(filters: ApprovalFilters): string {
  const params = filterParams(filters);
  params.set('page', String(filters.page));
  params.set('pageSize', String(DEFAULT_PAGE_SIZE));
  return params.toString();
}

/** GET /api/room-bookings/export: the CSV of every page of the tab under the same search. */
export const approvalsExportHref = (filters: ApprovalFilters): string =>
  `${apiPaths.exports.roomBookings}?${filterParams(filters).toString()}`;

/** GET /api/room-bookings: one tab of the panel with the counts of every tab. */
export function useApprovals(filters: ApprovalFilters) {
  return useQuery({
    queryKey: [...bookingsKey, 'approvals', filters],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.roomBookings}?${approvalSearch(filters)}`, {
        schema: ApprovalListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/room-bookings/{id}: the decider is whoever is signed in; the list reloads whatever the answer. */
export function useDecideBooking() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BookingDecision }) =>
      api.patch(apiPaths.roomBooking(id), body, { schema: BookingResponseSchema }),
    onSettled: () => void refresh(),
  });
}
