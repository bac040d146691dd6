import type { Booking } from '@cosa/contracts';
import { formatBookingInstant } from '../booking-format';

/** Who decided a request, when (in the tables' date style), and the note they left; nothing while it waits. */
export function DecisionLine({ booking, timeZone }: { booking: Booking; timeZone: string | undefined }) {
  if (!booking.decidedBy && !booking.decidedAt) return null;
  return (
    <span className="block text-xs text-ink-muted">
      {booking.decidedBy ? `by ${booking.decidedBy.name}` : ''}
      {booking.decidedAt ? ` on ${formatBookingInstant(booking.decidedAt, timeZone)}` : ''}
      {booking.decisionNote && (
        <span className="mt-0.5 block text-ink">Note: {booking.decisionNote}</span>
      )}
    </span>
  );
}
