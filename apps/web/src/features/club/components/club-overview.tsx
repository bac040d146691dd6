import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CLUB_MESSAGES, type ClubBundle } from '@cosa/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatINR } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** Spent as a share of allocated, to one decimal (spec section 9); 0.0 when nothing was allocated. */
function budgetPercent(spent: number, allocated: number): string {
  if (allocated <= 0) return '0.0';
  return ((spent / allocated) * 100).toFixed(1);
}

function StatCard({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <li className="min-w-0 rounded-card border border-line-soft bg-surface p-4 shadow-card">
      <p className="text-sm font-medium text-ink-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold break-words text-ink">{value}</p>
      {detail && <p className="mt-1 text-sm break-words text-ink-muted">{detail}</p>}
    </li>
  );
}

/** The four stat cards: members, events with the upcoming count, budget used with its share, reviews waiting. */
export function ClubStats({ club }: { club: ClubBundle }) {
  const { stats, unit } = club;
  return (
    <ul aria-label="Club figures" className="grid min-w-0 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={CLUB_MESSAGES.activeMembers} value={stats.activeMembers} />
      <StatCard
        label={CLUB_MESSAGES.totalEvents}
        value={stats.totalEvents}
        detail={`${stats.upcomingEvents} upcoming`}
      />
      <StatCard
        label={CLUB_MESSAGES.budgetUsed}
        value={formatINR(unit.budgetSpent)}
        detail={`${budgetPercent(unit.budgetSpent, unit.budgetAllocated)}% of ${formatINR(unit.budgetAllocated)}`}
      />
      <StatCard label={CLUB_MESSAGES.pendingReviews} value={stats.pendingReviews.total} />
    </ul>
  );
}

const QUICK_ACTIONS = [
  { label: 'Add New Position', to: paths.cosaCreate },
  { label: 'Create Event', to: paths.addEvent },
  { label: 'Review Achievements', to: `${paths.gensecEndorse}?tab=achievements` },
  { label: 'Endorse Skills', to: `${paths.gensecEndorse}?tab=user-skills` },
] as const;

export function ClubQuickActions() {
  return (
    <Card aria-labelledby="club-quick-actions">
      <h2 id="club-quick-actions" className="mb-3 text-lg font-semibold text-ink">
        {CLUB_MESSAGES.quickActions}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-1">
        {QUICK_ACTIONS.map((action, index) => (
          <li key={action.label}>
            <Link
              to={action.to}
              className={buttonClasses({
                variant: index === 0 ? 'primary' : 'secondary',
                fullWidth: true,
              })}
            >
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The club's description, contact and budget, with a bar of the share spent. */
export function ClubInformation({ club }: { club: ClubBundle }) {
  const { unit } = club;
  const percent = budgetPercent(unit.budgetSpent, unit.budgetAllocated);
  return (
    <Card aria-labelledby="club-information">
      <h2 id="club-information" className="mb-3 text-lg font-semibold text-ink">
        {CLUB_MESSAGES.clubInformation}
      </h2>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="col-span-2 min-w-0">
          <dt className="font-medium text-ink-muted">Description</dt>
          <dd className="break-words whitespace-pre-line text-ink">
            {unit.description || 'No description yet.'}
          </dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="font-medium text-ink-muted">Contact</dt>
          <dd className="break-words text-ink">
            {unit.contactEmail ? (
              <a
                href={`mailto:${unit.contactEmail}`}
                className="text-accent-ink underline underline-offset-2"
              >
                {unit.contactEmail}
              </a>
            ) : (
              'N/A'
            )}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="font-medium text-ink-muted">Budget allocated</dt>
          <dd className="text-ink">{formatINR(unit.budgetAllocated)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="font-medium text-ink-muted">Budget spent</dt>
          <dd className="text-ink">{formatINR(unit.budgetSpent)}</dd>
        </div>
      </dl>
      <div className="mt-3">
        <div
          role="meter"
          aria-label="Budget used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(100, Number(percent))}
          aria-valuetext={`${percent}% of the allocated budget`}
          className="h-3 w-full overflow-hidden rounded-full bg-line-soft"
        >
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${Math.min(100, Number(percent))}%` }}
          />
        </div>
        <p className="mt-1 text-sm text-ink-muted">{percent}% of the allocated budget used</p>
        <p className="mt-1 text-sm text-ink-muted">
          Tenure {unit.budgetTenure}, from the club’s budget lines.{' '}
          <Link to={paths.money} className="text-accent-ink underline underline-offset-2">
            See the budgets and claims
          </Link>
        </p>
      </div>
    </Card>
  );
}
