import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ACCOUNT_MESSAGE, SKIP_WAITING_MESSAGE } from '../lib/offline/offline-protocol';
import { routeApiReads, setAccount } from './sw-api-cache';
import { handlePushes } from './sw-push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/*
 * The portal's service worker (decision 0043). It keeps the release it was built with: the page
 * (index.html) and every page's code and CSS, listed by the build in __WB_MANIFEST, so that the app
 * opens offline and a page never mixes the files of two releases. A new release waits until the
 * user chooses "Reload to update" (src/lib/offline/service-worker.ts); only the first install takes
 * the open pages at once. API reads are kept per account for offline use (sw-api-cache.ts), and
 * pushes are shown as notifications (sw-push.ts).
 */

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the kept index.html; the API, the manifest, the icons and files are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [
      /^\/api(\/|$)/,
      /^\/manifest\.webmanifest$/,
      /^\/app-icons\//,
      /^\/[^?]*\.[a-z0-9]+(\?|$)/i,
    ],
  }),
);

routeApiReads();
handlePushes();

let firstInstall = false;
self.addEventListener('install', () => {
  firstInstall = self.registration.active === null;
});

self.addEventListener('activate', (event) => {
  // The first install takes the page that installed it, so that it works offline from now on; a
  // new release never takes a page by itself (the page reloads into it when the user says so).
  if (firstInstall) event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; id?: unknown } | null;
  if (data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  else if (data?.type === ACCOUNT_MESSAGE)
    event.waitUntil(setAccount(typeof data.id === 'string' ? data.id : null));
});
