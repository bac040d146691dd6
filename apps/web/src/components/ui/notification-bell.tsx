import { lazy, Suspense, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useUnreadCount } from '../../lib/notifications/get-unread-count';
import { useLiveUnread } from '../../lib/notifications/live-unread';
import { buttonClasses } from './button';
import type { NotificationPanelProps } from './notification-panel';

/** More for the bell's panel: what waits for an official's review, with how many, said in the bell's name. */
export type BellWaiting = { count: number; content: ReactNode };

/**
 * The panel, its popover library and the notification list are their own chunk: every landing page
 * shows the bell, few visits open it. Asking for the chunk when the pointer or focus reaches the
 * bell mostly has it loaded by the press. Should it fail to load (offline, a new release), the press
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

type NotificationBellProps = { userId: string; waiting?: BellWaiting };

/**
 * The bell of every landing page: the unread count, kept live through the tab's one stream, and a
 * panel with the newest notifications (and, for officials, what waits for them).
 */
export function NotificationBell({ userId, waiting }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useLiveUnread(userId);
  const count = useUnreadCount(true);
  const unread = count.data?.unread ?? 0;
  const waitingCount = waiting?.count ?? 0;
  const preload = () => void loadPanel().catch(() => undefined);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={bellLabel(unread, waitingCount)}
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
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-danger-700 px-1.5 text-center text-xs leading-5 font-semibold text-white"
          >
            {shortCount(unread)}
          </span>
        )}
        {waitingCount > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-1.5 -bottom-1.5 min-w-5 rounded-full bg-accent px-1.5 text-center text-xs leading-5 font-semibold text-on-accent"
          >
            {shortCount(waitingCount)}
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
            unread={unread}
            waiting={waiting?.content}
          />
        </Suspense>
      )}
    </>
  );
}
