import { ROOM_MESSAGES } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useRoomSlots } from '../api/bookings';
import { formatBookingDate, formatTimeRange } from '../booking-format';
import { daySegments } from '../day-segments';

type RoomDayProps = { roomId: string; roomName: string | undefined; date: string };

/** The chosen room's free and taken times on the chosen day, and the requests still waiting. */
export function RoomDay({ roomId, roomName, date }: RoomDayProps) {
  const slots = useRoomSlots(roomId, date);
  let body;
  if (!roomId || !date) body = <p className="text-sm text-ink-muted">{ROOM_MESSAGES.slotsHint}</p>;
  else if (slots.isError)
    body = (
      <ErrorState
        message={ROOM_MESSAGES.slotsFailed}
        onRetry={() => void slots.refetch()}
        retrying={slots.isFetching}
      />
    );
  else if (!slots.data) body = <Spinner label="Loading the room's day..." visibleLabel />;
  else {
    const pending = slots.data.taken.filter((slot) => slot.status === 'Pending');
    body = (
      <>
        <p className="mb-2 text-sm text-ink-muted">
          {roomName} on {formatBookingDate(date)}
        </p>
        <ul className="grid gap-1" aria-label="Free and taken times">
          {daySegments(slots.data.taken).map((segment) => (
            <li
              key={segment.startTime}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line-soft px-3 py-1.5 text-sm"
            >
              <span className="tabular-nums">{formatTimeRange(segment.startTime, segment.endTime)}</span>
              {segment.free ? (
                <Badge tone="success">{ROOM_MESSAGES.free}</Badge>
              ) : (
                <Badge tone="danger">Taken (approved)</Badge>
              )}
            </li>
          ))}
        </ul>
        {pending.length > 0 && (
          <>
            <p className="mt-3 mb-1 text-sm font-medium text-ink">Requests waiting for the president</p>
            <ul className="grid gap-1">
              {pending.map((slot) => (
                <li
                  key={`${slot.startTime}-${slot.endTime}-${String(slot.mine)}`}
                  className="flex flex-wrap items-center justify-between gap-2 text-sm"
                >
                  <span className="tabular-nums">{formatTimeRange(slot.startTime, slot.endTime)}</span>
                  <Badge tone="warning">{slot.mine ? 'Pending (yours)' : 'Pending'}</Badge>
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="room-day-heading" className="min-w-0">
      <h3 id="room-day-heading" className="mb-2 text-base font-semibold text-ink">
        {ROOM_MESSAGES.slotsHeading}
      </h3>
      {body}
    </section>
  );
}
