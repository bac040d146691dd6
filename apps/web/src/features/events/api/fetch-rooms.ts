import { RoomListSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** GET /api/rooms, read with the rooms' contract (loaded apart from the event form: get-rooms.ts). */
export const fetchRooms = (signal: AbortSignal) =>
  api.get(apiPaths.rooms, { schema: RoomListSchema, signal });
