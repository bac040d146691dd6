import type { BrowserContext, Page } from '@playwright/test';

/** A push as it reaches the portal's service worker, and what the worker asked the browser to show. */
export type ServiceWorkerPush = {
  deliver: (data: string) => Promise<void>;
  shown: () => Promise<unknown[]>;
};

/**
 * Delivers pushes to the portal's service worker through Chromium's DevTools protocol, as the
 * browser does when its push service hands one over. Chromium's headless shell shows no
 * notifications (its permission stays "denied"), so what the worker asks the browser to show is
 * recorded where it asks, and still passed on to the browser.
 */
export async function serviceWorkerPush(
  page: Page,
  context: BrowserContext,
  baseURL: string,
): Promise<ServiceWorkerPush> {
  const worker = context.serviceWorkers().find((candidate) => candidate.url() === `${baseURL}/sw.js`);
  if (!worker) throw new Error('the portal has no running service worker');
  await worker.evaluate(() => {
    type Show = (title: string, options?: object) => Promise<void>;
    const scope = self as unknown as { registration: { showNotification: Show }; shown: unknown[] };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.shown = [];
    scope.registration.showNotification = async (title, options) => {
      scope.shown.push({ title, ...options });
      await show(title, options).catch(() => undefined);
    };
  });
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((entry) => entry.scopeURL === `${baseURL}/` && !entry.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  return {
    deliver: async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: `${baseURL}/`,
        registrationId,
        data,
      });
    },
    shown: () => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown),
  };
}
