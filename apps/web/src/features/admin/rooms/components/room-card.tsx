import { ADMIN_ROOM_MESSAGES, type AdminRoom } from '@cosa/contracts';
import { Badge } from '../../../../components/ui/badge';
import { cn } from '../../../../lib/cn';
import { toast } from '../../../../lib/toast';
import { ConfirmAction } from '../../components/confirm-action';
import { useReinstateRoom, useRetireRoom } from '../api/admin-rooms';
import { RoomFormDialog } from './room-form-dialog';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What retiring the room will do to its bookings, said before it is done. */
function retireText(room: AdminRoom): string {
  const waiting =
    room.bookings.awaiting > 0 ? ` ${ADMIN_ROOM_MESSAGES.retireAwaiting(room.bookings.awaiting)}` : '';
  return `${ADMIN_ROOM_MESSAGES.retireText}${waiting}`;
}

function RoomActions({ room }: { room: AdminRoom }) {
  const retire = useRetireRoom(room.id);
  const reinstate = useReinstateRoom(room.id);
  if (room.retiredAt) {
    return (
      <ConfirmAction
        triggerSize="sm"
        triggerLabel={ADMIN_ROOM_MESSAGES.reinstate}
        triggerAriaLabel={`${ADMIN_ROOM_MESSAGES.reinstate} ${room.name}`}
        title={ADMIN_ROOM_MESSAGES.reinstateTitle(room.name)}
        description={ADMIN_ROOM_MESSAGES.reinstateText}
        confirmLabel={ADMIN_ROOM_MESSAGES.reinstate}
        pendingLabel={ADMIN_ROOM_MESSAGES.reinstating}
        failureMessage={ADMIN_ROOM_MESSAGES.reinstateFailed}
        onConfirm={async () =>
          toast.success(ADMIN_ROOM_MESSAGES.reinstatedToast((await reinstate.mutateAsync()).name))
        }
      />
    );
  }
  return (
    <>
      <RoomFormDialog
        room={room}
        triggerLabel={ADMIN_ROOM_MESSAGES.edit}
        triggerAriaLabel={`Edit ${room.name}`}
        triggerVariant="secondary"
        triggerSize="sm"
      />
      <ConfirmAction
        triggerSize="sm"
        triggerLabel={ADMIN_ROOM_MESSAGES.retire}
        triggerAriaLabel={`${ADMIN_ROOM_MESSAGES.retire} ${room.name}`}
        triggerVariant="danger"
        title={ADMIN_ROOM_MESSAGES.retireTitle(room.name)}
        description={retireText(room)}
        confirmLabel={ADMIN_ROOM_MESSAGES.retire}
        pendingLabel={ADMIN_ROOM_MESSAGES.retiring}
        failureMessage={ADMIN_ROOM_MESSAGES.retireFailed}
        onConfirm={async () =>
          toast.success(ADMIN_ROOM_MESSAGES.retiredToast((await retire.mutateAsync()).room.name))
        }
      />
    </>
  );
}

/** One room: its capacity, features as badges, its bookings counted, and what the administrator can do with it. */
export function RoomCard({ room }: { room: AdminRoom }) {
  const { bookings } = room;
  return (
    <article
      aria-label={room.retiredAt ? `${room.name} (retired)` : room.name}
      className={cn(
        'flex h-full min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4',
        room.retiredAt && 'border-dashed bg-canvas',
      )}
    >
      <header className="flex flex-wrap items-center gap-2">
        {/* A flex item: overflow-wrap:anywhere (not break-word) lets a long unbroken name shrink to the card and wrap. */}
        <h2
          className={cn(
            'min-w-0 text-lg font-semibold [overflow-wrap:anywhere]',
            room.retiredAt ? 'text-ink-muted' : 'text-ink',
          )}
        >
          {room.name}
        </h2>
        {room.retiredAt && <Badge tone="warning">{ADMIN_ROOM_MESSAGES.retiredBadge}</Badge>}
      </header>
      <p className="text-sm text-ink-muted">
        {room.capacity === null ? 'Capacity not set' : plural(room.capacity, 'seat', 'seats')}
      </p>
      {room.features.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Features of ${room.name}`}>
          {room.features.map((feature) => (
            <li key={feature}>
              <Badge tone="info" className="whitespace-normal break-all">
                {feature}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {room.description && (
        <p className="text-sm [overflow-wrap:anywhere] text-ink">{room.description}</p>
      )}
      <p className="text-sm text-ink-muted">
        {[
          plural(bookings.total, 'booking request', 'booking requests'),
          `${bookings.awaiting} waiting`,
          `${bookings.upcomingApproved} approved ahead`,
        ].join(' · ')}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <RoomActions room={room} />
      </div>
    </article>
  );
}
