import { useQuery } from '@tanstack/react-query';
import { normalizeRole, OFFICIAL_ROLES, type Role } from '@cosa/contracts';
import { useSession } from '../../../lib/session';

/**
 * Who may list the rooms (API_ACCESS 'GET /api/rooms'): the officials and the club coordinators.
 * Named here rather than read from the access table, whose whole API list would then load with
 * every page, the sign-in pages among them.
 */
const ROOM_LISTERS: readonly Role[] = [...OFFICIAL_ROLES, 'CLUB_COORDINATOR'];

/**
 * GET /api/rooms: the rooms a new event may ask for, for those the rooms list is open to; for
 * anyone else nothing is asked and the form offers no room. The rooms' contract is fetched with the
 * answer, not with the form: the form is near its page-weight budget, and most who open it never
 * see the field.
 */
export function useRequestableRooms() {
  const { data: user } = useSession();
  const allowed = user != null && ROOM_LISTERS.includes(normalizeRole(user.role));
  return useQuery({
    // The same key and answer as the room-booking pages' list of rooms.
    queryKey: ['rooms'],
    queryFn: async ({ signal }) => (await import('./fetch-rooms')).fetchRooms(signal),
    enabled: allowed,
  });
}
