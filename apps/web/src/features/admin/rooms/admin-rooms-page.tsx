import { ADMIN_ROOM_MESSAGES } from '@cosa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminRooms } from './api/admin-rooms';
import { RoomCard } from './components/room-card';
import { RoomFormDialog } from './components/room-form-dialog';

/** /admin/rooms: the rooms officials book, with add, edit (name, capacity, description, features), retire and reinstate (deviation 60). */
export function AdminRoomsPage() {
  const rooms = useAdminRooms();
  const list = rooms.data ?? [];
  const retired = list.filter((room) => room.retiredAt).length;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={ADMIN_ROOM_MESSAGES.heading}
        description={ADMIN_ROOM_MESSAGES.intro}
        actions={<RoomFormDialog triggerLabel={ADMIN_ROOM_MESSAGES.add} />}
        className="mb-2"
      />
      {rooms.isPending ? (
        <Spinner label={ADMIN_ROOM_MESSAGES.loading} visibleLabel />
      ) : rooms.isError ? (
        <ErrorState
          message={ADMIN_ROOM_MESSAGES.loadFailed}
          onRetry={() => void rooms.refetch()}
          retrying={rooms.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState title={ADMIN_ROOM_MESSAGES.empty} description={ADMIN_ROOM_MESSAGES.emptyHint} />
      ) : (
        <>
          <p className="text-sm text-ink-muted" role="status">
            {list.length === 1 ? '1 room' : `${list.length} rooms`}
            {retired > 0 ? `, ${retired} retired` : ''}
          </p>
          <ul className="grid min-w-0 gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label="Rooms">
            {list.map((room) => (
              <li key={room.id} className="min-w-0">
                <RoomCard room={room} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
