import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CouncilSummary } from '@cosa/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Popover } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { pendingReviews } from '../gensec-cards';

const WAITING = [
  { label: 'User skills to endorse', to: `${paths.gensecEndorse}?tab=user-skills`, count: (s: CouncilSummary) => s.pending.userSkills },
  { label: 'Skills to endorse', to: `${paths.gensecEndorse}?tab=skills`, count: (s: CouncilSummary) => s.pending.skills },
  { label: 'Achievements to verify', to: `${paths.gensecEndorse}?tab=achievements`, count: (s: CouncilSummary) => s.pending.achievements },
  { label: 'Self-declared positions to verify', to: `${paths.gensecEndorse}?tab=positions`, count: (s: CouncilSummary) => s.pending.positions },
  { label: 'Unresolved feedback', to: `${paths.viewFeedback}?status=unresolved`, count: (s: CouncilSummary) => s.unresolvedFeedback },
  { label: 'Pending room requests', to: paths.roomBooking, count: (s: CouncilSummary) => s.pendingBookings },
] as const;

/** Everything waiting for the official: reviews, unresolved feedback and room requests. */
const waitingTotal = (summary: CouncilSummary) => pendingReviews(summary) + summary.unresolvedFeedback + summary.pendingBookings;

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M5 8a5 5 0 0 1 10 0c0 4 1.5 5.5 1.5 5.5h-13S5 12 5 8Z" strokeLinejoin="round" />
      <path d="M8.5 16.5a1.7 1.7 0 0 0 3 0" strokeLinecap="round" />
    </svg>
  );
}

type GensecNotificationsProps = {
  summary: CouncilSummary | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
};

/** The bell: a badge with the number waiting, opening the list of what waits, each with its link. */
export function GensecNotifications({ summary, loading, failed, onRetry }: GensecNotificationsProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const total = summary ? waitingTotal(summary) : 0;
  const entries = summary ? WAITING.map((item) => ({ ...item, value: item.count(summary) })).filter((item) => item.value > 0) : [];

  let body;
  if (summary) {
    body = entries.length ? (
      <ul className="flex flex-col gap-1">
        {entries.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              className="flex items-center justify-between gap-3 rounded-lg px-2 py-2 text-sm text-ink hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span className="min-w-0 break-words">{item.label}</span>
              <span className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">{item.value}</span>
            </Link>
          </li>
        ))}
      </ul>
    ) : (
      <p className="text-sm text-ink-muted">Nothing is waiting for you.</p>
    );
  } else if (failed) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-danger-700">Could not load what is waiting for you.</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  } else if (loading) {
    body = <Spinner label="Loading..." visibleLabel size="sm" />;
  }

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      labelledBy={headingId}
      trigger={
        <button
          type="button"
          aria-label={total > 0 ? `Notifications, ${total} waiting` : 'Notifications'}
          className={buttonClasses({ variant: 'secondary', size: 'icon', className: 'relative' })}
        >
          <BellIcon />
          {total > 0 && (
            <span
              aria-hidden="true"
              className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-danger-700 px-1.5 text-center text-xs leading-5 font-semibold text-white"
            >
              {total > 99 ? '99+' : total}
            </span>
          )}
        </button>
      }
    >
      <h2 id={headingId} className="mb-2 text-base font-semibold text-ink">
        Waiting for you
      </h2>
      {body}
    </Popover>
  );
}
