import { Link } from 'react-router';
import { EVENT_APPROVAL_LABELS, EVENT_MESSAGES, type EventSummary } from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDateTimeRange } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { capitalised } from '../event-labels';

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <>
      <dt className="text-ink-muted">{term}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </>
  );
}

const APPROVAL_TONES: Record<EventSummary['approval'], BadgeTone> = {
  proposed: 'warning',
  changes_requested: 'info',
  approved: 'success',
  rejected: 'danger',
};

const time = (value: string | null, otherwise: number) => (value ? Date.parse(value) : otherwise);

/**
 * Registration is open now: required, approved, not cancelled, and now within its window (which,
 * without a closing time, closes when the event starts), as the server's 'Registration open' reads it.
 */
function registrationOpenNow(event: EventSummary, now = Date.now()): boolean {
  if (!event.registrationRequired || event.approval !== 'approved' || event.status === 'cancelled')
    return false;
  const opens = time(event.registrationStart, -Infinity);
  const closes = time(event.registrationEnd ?? event.start, Infinity);
  return opens <= now && now < closes;
}

/** One event of the /events list: what it is, when, where and who runs it, and the way to its page. */
export function EventCard({ event, timeZone }: { event: EventSummary; timeZone: string | undefined }) {
  const when = formatDateTimeRange(event.start, event.end, timeZone);
  return (
    <article className="flex h-full min-w-0 flex-col gap-3 rounded-card border border-line-soft bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold break-words text-ink">{event.title}</h2>
        <div className="flex flex-wrap gap-1.5">
          {event.status === 'cancelled' && <Badge tone="danger">{EVENT_MESSAGES.cancelledBadge}</Badge>}
          {event.approval !== 'approved' && (
            <Badge tone={APPROVAL_TONES[event.approval]}>{EVENT_APPROVAL_LABELS[event.approval]}</Badge>
          )}
          {registrationOpenNow(event) && <Badge tone="success">Registration open</Badge>}
          <Badge tone="accent">{capitalised(event.category)}</Badge>
        </div>
      </div>
      {event.description && (
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-ink-muted">
          {event.description}
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <Detail term="When">{when ?? EVENT_MESSAGES.toBeAnnounced}</Detail>
        <Detail term="Mode">
          {event.mode ? capitalised(event.mode) : EVENT_MESSAGES.notApplicable}
        </Detail>
        <Detail term="Venue">{event.venue ?? EVENT_MESSAGES.notApplicable}</Detail>
        <Detail term="Organized by">{event.unitName ?? EVENT_MESSAGES.notApplicable}</Detail>
      </dl>
      <div className="mt-auto border-t border-line-soft pt-3">
        <Link
          to={paths.event(event.id)}
          className="rounded-sm text-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {EVENT_MESSAGES.viewMore}
          <span className="sr-only"> about {event.title}</span>
        </Link>
      </div>
    </article>
  );
}
