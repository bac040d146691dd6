import type { PushSubscriptionRequest } from '@cosa/contracts';

/**
 * What this browser can do about push: receive it; nothing (no service worker or Push API, or an
 * iPhone before iOS 16.4); or, on an iPhone or iPad, only once the portal is opened from the Home
 * Screen (Safari offers push to installed web apps alone).
 */
export type PushSupport = 'supported' | 'unsupported' | 'needs-home-screen';

/** Why turning push on failed, in words the card shows. */
export type PushProblem = 'blocked' | 'dismissed' | 'no-worker' | 'push-service';

export class PushSetupError extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
    this.name = 'PushSetupError';
  }
}

/** How long to wait for the portal's service worker to be ready before saying it is not. */
const WORKER_WAIT_MS = 10_000;

const isAppleTouchDevice = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  // iPadOS asks for desktop pages as a Mac, but a Mac has no touch screen.
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Whether this browser can receive push notifications now. */
export function pushSupport(): PushSupport {
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (isAppleTouchDevice() && !isStandalone()) return 'needs-home-screen';
  return capable ? 'supported' : 'unsupported';
}

/** The browser's answer about notifications for this site: 'granted', 'denied' or 'default' (not asked yet). */
export const notificationPermission = (): NotificationPermission => Notification.permission;

/**
 * The same answer from the Permissions API, which also tells when the person changes it in the
 * site settings (`onChange`); null where the browser has none. Resolves to a function that stops
 * listening.
 */
export async function watchNotificationPermission(
  onChange: (permission: NotificationPermission) => void,
): Promise<(() => void) | null> {
  if (!navigator.permissions?.query) return null;
  try {
    const status = await navigator.permissions.query({ name: 'notifications' });
    const report = () => onChange(status.state === 'prompt' ? 'default' : status.state);
    report();
    status.addEventListener('change', report);
    return () => status.removeEventListener('change', report);
  } catch {
    return null;
  }
}

/** The portal's service worker registration, if there is one; never waits for one to appear. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** This browser's push subscription to the portal, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration())?.pushManager.getSubscription() ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** The service worker once it is active; refused after WORKER_WAIT_MS (it was never registered, or failed to). */
function readyWorker(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushSetupError('no-worker')), WORKER_WAIT_MS);
    navigator.serviceWorker.ready.then(
      (ready) => {
        clearTimeout(timer);
        resolve(ready);
      },
      () => {
        clearTimeout(timer);
        reject(new PushSetupError('no-worker'));
      },
    );
  });
}

/**
 * Asks the person's permission (call only from their tap) and subscribes this browser with the
 * portal's key, resolving to the subscription as the server takes it. Without the portal's service
 * worker nothing is asked. A subscription the browser already holds is ended first and a fresh one
 * made: it may be one its push service no longer knows (a device found gone), or another
 * person's from before on a shared phone.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionRequest> {
  // Looked up at once (never waited for), so that the question still comes from the tap.
  if (!(await registration())) throw new PushSetupError('no-worker');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('blocked');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  const ready = await readyWorker();
  try {
    await (await ready.pushManager.getSubscription())?.unsubscribe();
    const subscription = await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    return subscription.toJSON() as PushSubscriptionRequest;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError')
      throw new PushSetupError('blocked');
    throw new PushSetupError('push-service');
  }
}

/** Ends this browser's push subscription, resolving to its push address (null when it had none). */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
