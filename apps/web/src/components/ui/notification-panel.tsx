import { useId, type MouseEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { notificationTitle, type Notification } from '@cosa/contracts';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useNotifications } from '../../lib/notifications/get-notifications';
import { useMarkAllRead } from '../../lib/notifications/mark-all-read';
import { useMarkRead } from '../../lib/notifications/mark-read';
import { notificationHref } from '../../lib/notifications/notification-href';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { Button } from './button';
import { Popover } from './popover';
import { QueueWaiting } from './queue-waiting';
import { Spinner } from './spinner';

/** How many notifications the panel lists; the inbox has the rest. */
const LATEST = 5;

function LatestItem({
  notification,
  timeZone,
  onOpen,
}: {
  notification: Notification;
  timeZone?: string;
  onOpen: (notification: Notification) => void;
}) {
  const unread = notification.readAt === null;
  return (
    <li>
      <Link
        to={notificationHref(notification.link)}
        onClick={() => onOpen(notification)}
        className="flex items-start gap-2 rounded-lg px-2 py-2 text-sm text-ink hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-accent' : 'bg-transparent')}
        />
        <span className="min-w-0">
          <span className={cn('block break-words', unread && 'font-semibold')}>
            {notificationTitle(notification)}
            {unread && <span className="sr-only"> (unread)</span>}
          </span>
          <time dateTime={notification.createdAt} className="block text-xs text-ink-muted">
            {formatDateTime(notification.createdAt, timeZone)}
          </time>
        </span>
      </Link>
    </li>
  );
}

/** The newest few notifications, asked for only while the panel is open; queue notices are told above them, by queue. */
function LatestNotifications({ open }: { open: boolean }) {
  const latest = useNotifications(
    { show: 'all', page: 1, queues: 'none' },
    { pageSize: LATEST, enabled: open },
  );
  const markRead = useMarkRead();
  const { data: config } = usePublicConfig();
  if (latest.isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-danger-700">Could not load your notifications.</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void latest.refetch()}
          loading={latest.isFetching}
        >
          Retry
        </Button>
      </div>
    );
  if (!latest.data) return <Spinner label="Loading notifications..." visibleLabel size="sm" />;
  if (latest.data.items.length === 0)
    return <p className="text-sm text-ink-muted">No notifications yet.</p>;
  return (
    <ul className="flex flex-col gap-1">
      {latest.data.items.map((notification) => (
        <LatestItem
          key={notification.id}
          notification={notification}
          timeZone={config?.timeZone}
          onOpen={(opened) => {
            if (opened.readAt === null) markRead.mutate(opened.id);
          }}
        />
      ))}
    </ul>
  );
}

export type NotificationPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell, which the panel sits beside and gives the focus back to. */
  anchor: RefObject<HTMLButtonElement | null>;
  id: string;
  /** Every unread notification, for Mark all as read. */
  unread: number;
  /** Whether the person decides queues: what waits in them is listed above the notifications. */
  reviewer: boolean;
};

/** The bell's panel: Mark all as read, what waits (officials), the newest notifications and the way to the inbox. */
export function NotificationPanel({
  open,
  onOpenChange,
  anchor,
  id,
  unread,
  reviewer,
}: NotificationPanelProps) {
  const headingId = useId();
  const waitingId = useId();
  const latestId = useId();
  const markAllRead = useMarkAllRead();

  // Following any link of the panel closes it, even one to the page already open.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onOpenChange(false);
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange} anchor={anchor} id={id} labelledBy={headingId}>
      <div
        onClick={closeOnLink}
        className="flex max-h-[min(32rem,calc(100dvh-8rem))] flex-col gap-3 overflow-y-auto"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold text-ink">
            Notifications
          </h2>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => markAllRead.mutate()}
            disabled={unread === 0}
            loading={markAllRead.isPending}
          >
            Mark all as read
          </Button>
        </div>
        {reviewer && (
          <section aria-labelledby={waitingId} className="flex flex-col gap-1">
            <h3 id={waitingId} className="text-sm font-semibold text-ink-muted">
              Waiting for you
            </h3>
            <QueueWaiting />
          </section>
        )}
        <section aria-labelledby={latestId} className="flex flex-col gap-1">
          <h3 id={latestId} className={reviewer ? 'text-sm font-semibold text-ink-muted' : 'sr-only'}>
            Latest notifications
          </h3>
          <LatestNotifications open={open} />
        </section>
        <Link
          to={paths.notifications}
          className="self-start rounded-sm text-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          See all notifications
        </Link>
      </div>
    </Popover>
  );
}
