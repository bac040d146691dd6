import { useId } from 'react';
import { Link } from 'react-router';
import { notificationTitle, type Notification } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LinkedText } from '../../../components/ui/linked-text';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { notificationHref } from '../../../lib/notifications/notification-href';

type NotificationCardProps = {
  notification: Notification;
  timeZone?: string;
  /** Marks it read; following its link does so too. */
  onRead: (notification: Notification) => void;
  reading: boolean;
};

/**
 * One notification of the inbox: its title links to the thing it names (the whole card is the
 * link's target), then what more it says (a reason, the actions taken, an announcement's text).
 */
export function NotificationCard({ notification, timeZone, onRead, reading }: NotificationCardProps) {
  const headingId = useId();
  const unread = notification.readAt === null;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex min-w-0 gap-3 rounded-card border bg-surface p-4 shadow-card hover:bg-accent-soft/40',
        unread ? 'border-accent' : 'border-line-soft',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-2 size-2.5 shrink-0 rounded-full', unread ? 'bg-accent' : 'bg-line')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2
            id={headingId}
            className={cn(
              'min-w-0 text-base break-words text-ink',
              unread ? 'font-semibold' : 'font-medium',
            )}
          >
            <Link
              to={notificationHref(notification.link)}
              onClick={() => unread && onRead(notification)}
              className="rounded-sm after:absolute after:inset-0 after:rounded-card hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              {notificationTitle(notification)}
            </Link>
          </h2>
          {unread && <Badge tone="accent">Unread</Badge>}
        </div>
        {notification.detail && <LinkedText text={notification.detail} className="text-ink-muted" />}
        <time dateTime={notification.createdAt} className="text-xs text-ink-muted">
          {formatDateTime(notification.createdAt, timeZone)}
        </time>
      </div>
      {unread && (
        // Above the card's link, so it marks the notification read without leaving the inbox.
        <Button
          variant="secondary"
          size="sm"
          className="relative shrink-0 self-start"
          aria-describedby={headingId}
          onClick={() => onRead(notification)}
          disabled={reading}
        >
          Mark as read
        </Button>
      )}
    </article>
  );
}
