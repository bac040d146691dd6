import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to urlPattern (optionally of one method) until release() is called,
 * so a test can see what a page shows while it waits.
 */
export async function holdRequests(
  page: Page,
  urlPattern: string,
  method?: string,
): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(urlPattern, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    await released;
    await route.fallback();
  });
  return async () => {
    release();
    await page.unroute(urlPattern);
  };
}
