import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApprovalListSchema, BookingResponseSchema, DEFAULT_PAGE_SIZE, type ApprovalFilter, type BookingDecision } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { bookingsKey, useRefreshBookings } from './bookings';

/** The panel's tab, search and page, as the page keeps them in its address. */
export type ApprovalFilters = { status: ApprovalFilter; q: string; page: number };

function approvalSearch({ status, q, page }: ApprovalFilters): string {
  const params = new URLSearchParams({ status, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  if (q) params.set('q', q);
  return params.toString();
}

/** GET /api/room-bookings: one tab of the panel with the counts of every tab. */
export function useApprovals(filters: ApprovalFilters) {
  return useQuery({
    queryKey: [...bookingsKey, 'approvals', filters],
    queryFn: ({ signal }) => api.get(`${apiPaths.roomBookings}?${approvalSearch(filters)}`, { schema: ApprovalListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/room-bookings/{id}: the decider is whoever is signed in; the list reloads whatever the answer. */
export function useDecideBooking() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BookingDecision }) => api.patch(apiPaths.roomBooking(id), body, { schema: BookingResponseSchema }),
    onSettled: () => void refresh(),
  });
}
