import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  BookingResponseSchema,
  MyBookingListSchema,
  RoomListSchema,
  RoomSlotsSchema,
  type BookingInput,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { useRefreshCouncilSummary } from '../../../lib/council-summary';
import { apiPaths } from '../../../lib/api-paths';

/** Every booking query starts with this key, so a change refreshes the tables and the room's day together. */
export const bookingsKey = ['room-bookings'] as const;

/** While a request waits, the requester's table asks again this often, so a decision shows without a reload. */
const DECISION_POLL_MS = 10_000;

const roomsQueryOptions = queryOptions({
  queryKey: ['rooms'] as const,
  queryFn: ({ signal }) => api.get(apiPaths.rooms, { schema: RoomListSchema, signal }),
  staleTime: 5 * 60_000,
});

/** GET /api/rooms: the rooms in the database. */
export const useRooms = () => useQuery(roomsQueryOptions);

/** GET /api/rooms/{id}/slots: the room's approved and pending bookings that day; idle until both are chosen. */
export function useRoomSlots(roomId: string, date: string) {
  return useQuery({
    queryKey: [...bookingsKey, 'slots', roomId, date],
    queryFn: ({ signal }) =>
      api.get(apiPaths.roomSlots(roomId, date), { schema: RoomSlotsSchema, signal }),
    enabled: roomId !== '' && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}

/** GET /api/room-bookings/mine: one page of the user's requests; polled while one of them is pending. */
export function useMyBookings(page: number) {
  return useQuery({
    queryKey: [...bookingsKey, 'mine', page],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.myRoomBookings}?page=${page}`, { schema: MyBookingListSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'Pending') ? DECISION_POLL_MS : false,
  });
}

/** Refreshes the tables, the room's day and the dashboards' counts after a change. */
export function useRefreshBookings(): () => Promise<unknown> {
  const client = useQueryClient();
  const refreshSummary = useRefreshCouncilSummary();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: bookingsKey }),
      client.invalidateQueries({ queryKey: ['president'] }),
      refreshSummary(),
    ]);
}

/** POST /api/room-bookings: the requester is whoever is signed in. */
export function useRequestBooking() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: (body: BookingInput) =>
      api.post(apiPaths.roomBookings, body, { schema: BookingResponseSchema }),
    onSettled: () => void refresh(),
  });
}

/** POST /api/room-bookings/{id}/withdrawal. */
export function useWithdrawBooking() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(apiPaths.roomBookingWithdrawal(id), undefined, { schema: BookingResponseSchema }),
    onSettled: () => void refresh(),
  });
}
