import { lazy, Suspense, useId, useRef, useState, type ComponentType } from 'react';
import { normalizeRole, QUEUE_DECIDER_ROLES } from '@cosa/contracts';
import { useQueueCounts } from '../../lib/notifications/get-queue-counts';
import { useUnreadCount } from '../../lib/notifications/get-unread-count';
import { useLiveUnread } from '../../lib/notifications/live-unread';
import { useSession } from '../../lib/session';
import { buttonClasses } from './button';
import type { NotificationPanelProps } from './notification-panel';

/**
 * The panel, its popover library and the notification list are their own chunk: every page shows
 * the bell, few visits open it. Asking for the chunk when the pointer or focus reaches the bell
 * mostly has it loaded by the press. Should it fail to load (offline, a new release), the press
 * does nothing rather than break the page.
 */
const loadPanel = () =>
  import('./notification-panel').then((module) => ({ default: module.NotificationPanel }));
const NotificationPanel = lazy<ComponentType<NotificationPanelProps>>(() =>
  loadPanel().catch(() => ({ default: () => null })),
);

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M5 8a5 5 0 0 1 10 0c0 4 1.5 5.5 1.5 5.5h-13S5 12 5 8Z" strokeLinejoin="round" />
      <path d="M8.5 16.5a1.7 1.7 0 0 0 3 0" strokeLinecap="round" />
    </svg>
  );
}

const shortCount = (count: number) => (count > 99 ? '99+' : String(count));

/** 'Notifications', 'Notifications, 3 unread' or 'Notifications, 3 unread, 11 waiting'. */
function bellLabel(unread: number, waiting: number): string {
  return [
    'Notifications',
    unread > 0 ? `${unread} unread` : null,
    waiting > 0 ? `${waiting} waiting` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Whether the signed-in person decides a queue: the reviewers of the record, and the administrator. */
function useDecidesQueues(): boolean {
  const { data: user } = useSession();
  return !!user && QUEUE_DECIDER_ROLES.includes(normalizeRole(user.role));
}

type NotificationBellProps = { userId: string };

/**
 * The bell of every signed-in page. Its badge counts what the person can act on: their unread
 * notifications and, for an official, the items waiting in their queues (a queue's own notice is
 * not counted again). Both stay live through the tab's one stream; the panel lists them.
 */
export function NotificationBell({ userId }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useLiveUnread(userId);
  const reviewer = useDecidesQueues();
  const count = useUnreadCount(true);
  const queues = useQueueCounts(reviewer);
  const allUnread = count.data?.unread ?? 0;
  // An official's queue notices are told by the queues' counts; until those arrive, the unread count alone.
  const counted = reviewer ? queues.data : undefined;
  const unread = counted ? counted.unreadNotices : allUnread;
  const waiting = counted ? counted.queues.reduce((sum, queue) => sum + queue.count, 0) : 0;
  const badge = unread + waiting;
  const preload = () => void loadPanel().catch(() => undefined);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={bellLabel(unread, waiting)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((was) => !was);
        }}
        className={buttonClasses({ variant: 'secondary', size: 'icon', className: 'relative' })}
      >
        <BellIcon />
        {badge > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-danger-700 px-1.5 text-center text-xs leading-5 font-semibold text-white"
          >
            {shortCount(badge)}
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationPanel
            open={open}
            onOpenChange={setOpen}
            anchor={button}
            id={panelId}
            unread={allUnread}
            reviewer={reviewer}
          />
        </Suspense>
      )}
    </>
  );
}
