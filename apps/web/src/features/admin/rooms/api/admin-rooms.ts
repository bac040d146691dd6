import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminRoomListSchema,
  AdminRoomResponseSchema,
  RoomRetirementResponseSchema,
  type AdminRoom,
  type RoomCreateInput,
  type RoomRetirementResponse,
  type RoomUpdateInput,
} from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';

/** Every query of the rooms page starts with this key, so one change refreshes them all. */
const adminRoomsKey = ['admin', 'rooms'] as const;

/** GET /api/admin/rooms: every room, retired ones included, with its bookings counted. */
export function useAdminRooms() {
  return useQuery({
    queryKey: [...adminRoomsKey, 'list'],
    queryFn: async ({ signal }) =>
      (await api.get(apiPaths.adminRooms, { schema: AdminRoomListSchema, signal })).rooms,
  });
}

function useRoomMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: adminRoomsKey }),
  });
}

/** POST /api/admin/rooms. */
export const useCreateRoom = () =>
  useRoomMutation(
    async (body: RoomCreateInput): Promise<AdminRoom> =>
      (await api.post(apiPaths.adminRooms, body, { schema: AdminRoomResponseSchema })).room,
  );

/** PATCH /api/admin/rooms/{id}: only the fields that changed. */
export const useUpdateRoom = (id: string) =>
  useRoomMutation(
    async (body: RoomUpdateInput): Promise<AdminRoom> =>
      (await api.patch(apiPaths.adminRoom(id), body, { schema: AdminRoomResponseSchema })).room,
  );

/** POST /api/admin/rooms/{id}/retirement. */
export const useRetireRoom = (id: string) =>
  useRoomMutation((): Promise<RoomRetirementResponse> =>
    api.post(apiPaths.adminRoomRetirement(id), undefined, { schema: RoomRetirementResponseSchema }),
  );

/** POST /api/admin/rooms/{id}/reinstatement. */
export const useReinstateRoom = (id: string) =>
  useRoomMutation(
    async (): Promise<AdminRoom> =>
      (
        await api.post(apiPaths.adminRoomReinstatement(id), undefined, {
          schema: AdminRoomResponseSchema,
        })
      ).room,
  );
