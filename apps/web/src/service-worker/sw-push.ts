import { isPortalPath, noticeOfPush } from './push-message';

declare const self: ServiceWorkerGlobalScope;

/** The manifest's 192 px icon, and the badge Android draws in the status bar from its shape. */
const ICON = '/app-icons/icon-192.png';
const BADGE = '/app-icons/badge-96.png';

/** The text of a push's payload, or null when it has none or it is not text. */
function payloadText(event: PushEvent): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

/**
 * Shows every push as a notification (a browser penalises a push that shows nothing): the
 * server's title, text and page, or "New notification" pointing to /notifications when the payload
 * is missing or not the portal's. A notification with the tag of one already shown replaces it and
 * alerts again.
 */
function showPush(event: PushEvent): void {
  const notice = noticeOfPush(payloadText(event));
  const options: NotificationOptions & { renotify?: boolean } = {
    body: notice.body,
    icon: ICON,
    badge: BADGE,
    data: { url: notice.url },
  };
  if (notice.tag) {
    options.tag = notice.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(notice.title, options));
}

/**
 * Opens a notification's page: a window of the portal already open is brought forward and goes
 * there, else a new one opens. Only a path of the portal is opened.
 */
async function openPage(data: unknown): Promise<void> {
  const wanted = (data as { url?: unknown } | null)?.url;
  const path = typeof wanted === 'string' && isPortalPath(wanted) ? wanted : '/notifications';
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    if (focused.url !== target)
      await focused.navigate(target).catch(() => self.clients.openWindow(target));
    return;
  }
  await self.clients.openWindow(target);
}

/** The event a browser fires when its push service renews or ends the subscription (not in TypeScript's WebWorker types). */
type SubscriptionChange = ExtendableEvent & {
  oldSubscription?: PushSubscription | null;
  newSubscription?: PushSubscription | null;
};

/**
 * Tells the portal of the address the push service renewed the subscription to, so that pushes go
 * on reaching this device (decision 0042); the old address answers 410 and the server drops it.
 */
async function renewSubscription(event: SubscriptionChange): Promise<void> {
  const key = event.oldSubscription?.options.applicationServerKey;
  const renewed =
    event.newSubscription ??
    (key
      ? await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        })
      : null);
  if (!renewed) return;
  await fetch('/api/me/push-devices', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(renewed.toJSON()),
  });
}

/** The push handlers: each push shown, each notification opening its page when pressed, a renewed subscription told to the portal. */
export function handlePushes(): void {
  self.addEventListener('push', showPush);
  self.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as SubscriptionChange;
    change.waitUntil(renewSubscription(change).catch(() => undefined));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openPage(event.notification.data));
  });
}
