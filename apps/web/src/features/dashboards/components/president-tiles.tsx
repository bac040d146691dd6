import { PRESIDENT_MESSAGES, type PresidentSummary } from '@cosa/contracts';
import { ErrorState } from '../../../components/ui/error-state';
import { usePresidentSummary } from '../api/president-dashboard';

const TILES: { key: keyof PresidentSummary; label: string }[] = [
  { key: 'pendingApprovals', label: PRESIDENT_MESSAGES.pendingApprovals },
  { key: 'roomBookings', label: PRESIDENT_MESSAGES.roomBookings },
  { key: 'upcomingEvents', label: PRESIDENT_MESSAGES.upcomingEvents },
  { key: 'cosaRecords', label: PRESIDENT_MESSAGES.cosaRecords },
];

/** The dashboard's four figures: 'Loading...' while they load, 0 with a retry when they could not be loaded (spec section 2). */
export function PresidentTiles() {
  const summary = usePresidentSummary();
  return (
    <section aria-label="Figures" className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {TILES.map((tile) => (
          <div
            key={tile.key}
            className="rounded-card border border-line-soft bg-surface p-4 shadow-card"
          >
            <dt className="text-sm text-ink-muted">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">
              {summary.isPending ? (
                <span className="text-base font-normal text-ink-muted">
                  {PRESIDENT_MESSAGES.loading}
                </span>
              ) : (
                (summary.data?.[tile.key] ?? 0)
              )}
            </dd>
          </div>
        ))}
      </dl>
      {summary.isError && (
        <ErrorState
          message={PRESIDENT_MESSAGES.summaryFailed}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      )}
    </section>
  );
}
