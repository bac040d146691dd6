import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { PagedResults } from '../../components/ui/paged-results';
import { cn } from '../../lib/cn';
import { useNotifications } from '../../lib/notifications/get-notifications';
import { useUnreadCount } from '../../lib/notifications/get-unread-count';
import { useLiveUnread } from '../../lib/notifications/live-unread';
import { useMarkAllRead } from '../../lib/notifications/mark-all-read';
import { useMarkRead } from '../../lib/notifications/mark-read';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { NotificationCard } from './components/notification-card';
import { useNotificationFilters } from './use-notification-filters';

const SHOW = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
] as const;

/** /notifications: the inbox, newest first, paged; following a notification marks it read. */
export function NotificationsPage() {
  const { data: user } = useSession();
  const { filters, update } = useNotificationFilters();
  const list = useNotifications(filters);
  // The page has no bell: it keeps its own count and list live.
  useLiveUnread(user?.id);
  const count = useUnreadCount(!!user);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const { data: config } = usePublicConfig();
  if (!user) return null;
  const unread = count.data?.unread ?? list.data?.unread ?? 0;

  const readAll = () =>
    markAllRead.mutate(undefined, {
      onSuccess: () => toast.success('Every notification is marked as read.'),
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="mx-auto w-full max-w-3xl min-w-0">
      <title>Notifications · COSA Portal</title>
      <PageHeader
        title="Notifications"
        description={unread > 0 ? `${unread} unread` : 'You have read everything.'}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={readAll}
              disabled={unread === 0}
              loading={markAllRead.isPending}
            >
              Mark all as read
            </Button>
            <Link to={paths.notificationSettings} className={buttonClasses({ variant: 'secondary' })}>
              Notification settings
            </Link>
          </>
        }
      />
      <div role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
        {SHOW.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={filters.show === value}
            onClick={() => update({ show: value })}
            className={cn(
              'min-h-11 rounded-lg border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
              filters.show === value
                ? 'border-accent bg-accent text-on-accent'
                : 'border-line bg-surface text-ink hover:bg-accent-soft',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <PagedResults
        query={list}
        loadingLabel="Loading notifications..."
        failedMessage="Your notifications could not be loaded. Check your connection and try again."
        emptyTitle={filters.show === 'unread' ? 'No unread notifications.' : 'No notifications yet.'}
        pagerLabel="Notification pages"
        onPage={(page) => update({ page })}
        itemKey={(notification) => notification.id}
        listClassName="grid gap-3"
        renderItem={(notification) => (
          <NotificationCard
            notification={notification}
            timeZone={config?.timeZone}
            reading={markRead.isPending && markRead.variables === notification.id}
            onRead={(chosen) => markRead.mutate(chosen.id)}
          />
        )}
      />
    </div>
  );
}
