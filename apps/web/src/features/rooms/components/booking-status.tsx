import { ROOM_MESSAGES, type Booking } from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<Booking['status'], BadgeTone> = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'danger',
  Withdrawn: 'neutral',
  Expired: 'neutral',
};

/** A request's status in words and colour. */
export function BookingStatusBadge({ status }: { status: Booking['status'] }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}

/**
 * What stands in a waiting request's way: the approved booking it overlaps (so it cannot be
 * approved), or another waiting request; for an expired one, that its time passed. A line of text
 * rather than a badge, so it wraps on a phone.
 */
export function BookingWarnings({ booking }: { booking: Booking }) {
  if (booking.status === 'Expired')
    return <span className="text-xs text-ink-muted">{ROOM_MESSAGES.expiredHint}</span>;
  let warning: string | null = null;
  if (booking.approvedOverlap)
    warning = ROOM_MESSAGES.overlapsApproved(
      booking.approvedOverlap.startTime,
      booking.approvedOverlap.endTime,
    );
  else if (booking.clashes) warning = ROOM_MESSAGES.clashing;
  return warning ? <span className="text-xs font-medium text-danger-700">{warning}</span> : null;
}
