import { Link } from 'react-router';
import { QUEUE_PAGES, queueWaitingText } from '@cosa/contracts';
import { useQueueCounts } from '../../lib/notifications/get-queue-counts';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * What waits for the official, one line per queue with items ('5 achievements wait for your
 * verification'), each a link to the list where they are decided. A queue decided empty, by them or
 * by someone else, is gone from it.
 */
export function QueueWaiting() {
  const counts = useQueueCounts(true);
  if (counts.data) {
    const waiting = counts.data.queues.filter((queue) => queue.count > 0);
    if (waiting.length === 0)
      return <p className="text-sm text-ink-muted">Nothing is waiting for you.</p>;
    return (
      <ul className="flex flex-col gap-1">
        {waiting.map(({ queue, count }) => (
          <li key={queue}>
            <Link
              to={QUEUE_PAGES[queue]}
              className="flex items-start gap-2 rounded-lg px-2 py-2 text-sm font-semibold text-ink hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" />
              <span className="min-w-0 break-words">{queueWaitingText(queue, count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  if (counts.isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-danger-700">Could not load what is waiting for you.</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void counts.refetch()}
          loading={counts.isFetching}
        >
          Retry
        </Button>
      </div>
    );
  return <Spinner label="Loading..." visibleLabel size="sm" />;
}
