import { Link } from 'react-router';
import type { HomeDashboard } from '@cosa/contracts';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';

type Counts = HomeDashboard['counts'];

const COUNTERS: readonly { key: keyof Counts; label: string; to: string }[] = [
  { key: 'skills', label: 'Skills', to: paths.skills },
  { key: 'achievements', label: 'Achievements', to: paths.viewAchievements },
  { key: 'positions', label: 'Positions', to: paths.managePosition },
  { key: 'feedbackGiven', label: 'Feedback Given', to: paths.viewFeedback },
];

/** The four counters of the home dashboard, each a link to its page. */
export function HomeCounters({ counts }: { counts: Counts }) {
  return (
    <section aria-labelledby="home-counters-heading">
      <h2 id="home-counters-heading" className="sr-only">
        Your record
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {COUNTERS.map((counter) => (
          <li key={counter.key} className="min-w-0">
            <Link
              to={counter.to}
              className={cn(
                'flex h-full flex-col gap-0.5 rounded-card border border-line-soft bg-surface px-4 py-3 shadow-card sm:gap-1 sm:p-4',
                'hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
              )}
            >
              <span className="text-sm font-medium break-words text-ink-muted">{counter.label}</span>
              <span className="text-2xl font-bold text-accent-ink tabular-nums sm:text-3xl">
                {counts[counter.key]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
