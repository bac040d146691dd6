import { useState } from 'react';
import { PRESIDENT_MESSAGES, type Activity } from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { usePublicConfig } from '../../../lib/public-config';
import { useRecentActivity } from '../api/president-dashboard';

// The president's list leaves transcript lines out; the tone is only there for completeness.
const TONES: Record<Activity['type'], BadgeTone> = {
  approval: 'success',
  event: 'info',
  cosa: 'accent',
  transcript: 'neutral',
  announcement: 'warning',
};

/** Recent Activity from the activity log: type, description, who acted and when, newest first, paged. */
export function PresidentActivity() {
  const [page, setPage] = useState(1);
  const activity = useRecentActivity(page);
  const { data: config } = usePublicConfig();
  let body;
  if (activity.isError)
    body = (
      <ErrorState
        message={PRESIDENT_MESSAGES.activitiesFailed}
        onRetry={() => void activity.refetch()}
        retrying={activity.isFetching}
      />
    );
  else if (!activity.data)
    body = <Spinner label={PRESIDENT_MESSAGES.loadingActivities} visibleLabel className="py-6" />;
  else if (activity.data.items.length === 0)
    body = <EmptyState title={PRESIDENT_MESSAGES.noActivities} />;
  else
    body = (
      <div className="grid gap-4">
        <ul className="divide-y divide-line-soft" aria-busy={activity.isPlaceholderData || undefined}>
          {activity.data.items.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-3">
              <Badge tone={TONES[item.type]} className="self-start">
                {item.type}
              </Badge>
              <p className="min-w-0 flex-1 text-sm wrap-anywhere text-ink">
                {item.description}
                {item.actor && (
                  <span className="block text-xs text-ink-muted">by {item.actor.name}</span>
                )}
              </p>
              <time dateTime={item.timestamp} className="shrink-0 text-xs text-ink-muted">
                {formatDateTime(item.timestamp, config?.timeZone)}
              </time>
            </li>
          ))}
        </ul>
        <Pager
          label="Activity pages"
          page={activity.data.page}
          pageSize={activity.data.pageSize}
          total={activity.data.total}
          onPage={setPage}
        />
      </div>
    );
  return (
    <Card aria-labelledby="recent-activity-heading">
      <h2 id="recent-activity-heading" className="mb-2 text-lg font-semibold text-ink">
        {PRESIDENT_MESSAGES.recentActivity}
      </h2>
      {body}
    </Card>
  );
}
