import { Workbox } from 'workbox-window';
import { decideAccess, normalizeRole } from '@cosa/contracts';
import type { Shell } from '../shell';
import { toast } from '../toast';
import { ACCOUNT_MESSAGE, API_CACHE, SKIP_WAITING_MESSAGE } from './offline-protocol';
import { TICKETS_CHANGED_EVENT } from './tickets-changed';
import { forgetWarmUp, warmTickets } from './ticket-warm-up';

/** While a page stays open, the server is asked this often whether a new release is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
const UPDATE_READY = 'A new version of the portal is ready.';
const RELOAD = 'Reload to update';

let started = false;
/** The user chose "Reload to update" in this tab: the page reloads as soon as the new version takes it. */
let updating = false;
let offered = false;

/**
 * Moves to the new version waiting (the user's choice): the waiting service worker takes over, and
 * the page reloads into it, all of it from the new release (on controllerchange, below). Without
 * one waiting (another tab took it already), the page just reloads into the version in charge.
 */
function reloadToUpdate(): void {
  updating = true;
  navigator.serviceWorker.getRegistration().then(
    (registration) => {
      if (registration?.waiting) registration.waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
      else window.location.reload();
    },
    () => window.location.reload(),
  );
}

/** Announces the new version, once per page, until the user takes it: "Reload to update". */
function offerUpdate(): void {
  if (offered) return;
  offered = true;
  toast.withAction(UPDATE_READY, { label: RELOAD, onClick: reloadToUpdate }, Number.POSITIVE_INFINITY);
}

/** Resolves once the service worker handles this page's requests. */
async function controlled(): Promise<void> {
  await navigator.serviceWorker.ready;
  if (navigator.serviceWorker.controller) return;
  await new Promise((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
  );
}

/**
 * Tells the service worker who is signed in, so that it keeps API answers for that account only,
 * and empties the kept answers at a sign-out or a change of account (even before the worker
 * hears of it: the page may not be its yet). Fetches a signed-in person's tickets ahead.
 */
function followAccount(shell: Shell): void {
  let told: string | null | undefined;
  const tell = () => {
    const user = shell.session.get().data;
    if (user === undefined) return;
    const id = user?.id ?? null;
    if (id !== told) {
      if (told !== undefined) void caches.delete(API_CACHE).catch(() => undefined);
      told = id;
      void navigator.serviceWorker.ready.then((registration) =>
        registration.active?.postMessage({ type: ACCOUNT_MESSAGE, id }),
      );
    }
    if (user && decideAccess('onboarded', user, normalizeRole) === 'allow')
      void controlled().then(() => warmTickets(user.id));
  };
  tell();
  shell.session.subscribe(tell);
  // A seat taken or given up: the tickets are fetched again now, not an hour later.
  window.addEventListener(TICKETS_CHANGED_EVENT, () => {
    forgetWarmUp();
    tell();
  });
}

/**
 * Registers the service worker (/sw.js, built from src/service-worker; decision 0043) and handles
 * its releases: a new version waits until the user chooses "Reload to update" in the toast that
 * announces it, then this page reloads into it whole; a page whose worker changed under it (the
 * user updated in another tab) offers the same reload. Once per page; where the browser has no
 * service workers, nothing happens and the portal works online as before.
 */
export function startServiceWorker(shell: Shell): void {
  if (started || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  started = true;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', offerUpdate);
  const wasControlled = Boolean(navigator.serviceWorker.controller);
  let firstControl = !wasControlled;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install takes the page: the same release, nothing to reload.
    if (firstControl) return void (firstControl = false);
    if (updating) window.location.reload();
    else offerUpdate();
  });
  if (!wasControlled)
    // This page read who is signed in and the settings before the worker was there: read again
    // through it, so that it keeps them for the app to open offline.
    void controlled().then(() => Promise.all([shell.session.refresh(), shell.config.refresh()]));
  void workbox.register().then((registration) => {
    if (registration)
      window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  });
  followAccount(shell);
}
