import type { ReactElement } from 'react';
import { EVENT_MESSAGES } from '@cosa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import type { useEvent } from '../api/get-event';

/**
 * What an event's page shows until it has the event: loading, 'Event not found.' (also for a
 * proposal the user may not see), or the failure with a retry; null once the event is there.
 */
export function eventUnavailable(event: ReturnType<typeof useEvent>): ReactElement | null {
  if (event.isPending)
    return <Spinner label="Loading event..." visibleLabel size="lg" className="py-10" />;
  if (!event.isError) return null;
  if (event.error instanceof ApiError && event.error.status === 404)
    return <EmptyState title={EVENT_MESSAGES.notFound} />;
  return (
    <ErrorState
      message={EVENT_MESSAGES.loadFailed}
      onRetry={() => void event.refetch()}
      retrying={event.isFetching}
    />
  );
}
