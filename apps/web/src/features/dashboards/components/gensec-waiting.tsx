import { Link } from 'react-router';
import type { CouncilSummary } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { pendingReviews } from '../gensec-cards';

const WAITING = [
  {
    label: 'User skills to endorse',
    to: `${paths.gensecEndorse}?tab=user-skills`,
    count: (s: CouncilSummary) => s.pending.userSkills,
  },
  {
    label: 'Skills to endorse',
    to: `${paths.gensecEndorse}?tab=skills`,
    count: (s: CouncilSummary) => s.pending.skills,
  },
  {
    label: 'Achievements to verify',
    to: `${paths.gensecEndorse}?tab=achievements`,
    count: (s: CouncilSummary) => s.pending.achievements,
  },
  {
    label: 'Self-declared positions to verify',
    to: `${paths.gensecEndorse}?tab=positions`,
    count: (s: CouncilSummary) => s.pending.positions,
  },
  {
    label: 'Unresolved feedback',
    to: `${paths.viewFeedback}?status=unresolved`,
    count: (s: CouncilSummary) => s.unresolvedFeedback,
  },
  {
    label: 'Pending room requests',
    to: paths.roomBooking,
    count: (s: CouncilSummary) => s.pendingBookings,
  },
] as const;

/** Everything waiting for the official: reviews, unresolved feedback and room requests. */
export const waitingTotal = (summary: CouncilSummary) =>
  pendingReviews(summary) + summary.unresolvedFeedback + summary.pendingBookings;

type GensecWaitingProps = {
  summary: CouncilSummary | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
};

/** What waits for the official, for the bell's panel: each kind with its number and its link. */
export function GensecWaiting({ summary, loading, failed, onRetry }: GensecWaitingProps) {
  if (summary) {
    const entries = WAITING.map((item) => ({ ...item, value: item.count(summary) })).filter(
      (item) => item.value > 0,
    );
    if (entries.length === 0)
      return <p className="text-sm text-ink-muted">Nothing is waiting for you.</p>;
    return (
      <ul className="flex flex-col gap-1">
        {entries.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="flex items-center justify-between gap-3 rounded-lg px-2 py-2 text-sm text-ink hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span className="min-w-0 break-words">{item.label}</span>
              <span className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
                {item.value}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  if (failed)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-danger-700">Could not load what is waiting for you.</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  if (loading) return <Spinner label="Loading..." visibleLabel size="sm" />;
  return null;
}
