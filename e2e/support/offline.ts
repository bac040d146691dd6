import type { APIRequestContext, Page } from '@playwright/test';
import { created, lookupId } from './page-steps';

const DAY = 24 * 3_600_000;

/** Waits until the portal's service worker handles the page's requests (it takes the page at its first install). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The API answers the service worker keeps for offline use, as paths with their queries. */
export function keptApiAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('cosa-api'))) return [];
    const cache = await caches.open('cosa-api');
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  });
}

/**
 * An event of the Coding Club `days` days from now, made by the sci-tech secretary (an official's
 * event needs no approval), open for registration now. Past the demo campus's upcoming events
 * (days 3 to 25) it leaves their order on a student's home page to the specs that check it.
 */
export async function upcomingEvent(
  request: APIRequestContext,
  title: string,
  days: number,
): Promise<string> {
  const start = Date.now() + days * DAY;
  const { event } = await created<{ event: { id: string } }>(request, '/api/events', {
    title,
    category: 'technical',
    organizingUnitId: await lookupId(request, 'units', 'Coding Club'),
    start: new Date(start).toISOString(),
    end: new Date(start + 3 * 3_600_000).toISOString(),
    venue: 'Lecture Hall 2',
    registrationRequired: true,
    registrationStart: new Date(Date.now() - 3_600_000).toISOString(),
    registrationEnd: new Date(start - 3_600_000).toISOString(),
    maxParticipants: 50,
  });
  return event.id;
}

/** A time as the portal shows it, 'HH:MM' on the institute's clock (Asia/Kolkata, UTC+5:30). */
export const kolkataTime = (time: number) =>
  new Date(time + 5.5 * 3_600_000).toISOString().slice(11, 16);
