import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { onboardedStudentByApi } from './support/accounts';
import { controlledByServiceWorker } from './support/offline';
import { openAccountMenu } from './support/shell';
import { serviceWorkerPush } from './support/push';

/**
 * The installed app's own parts (issue: installable, push notifications): the install offer in
 * the user menu, asked once, and a push shown by the service worker. With the service worker, at a
 * phone's size.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 } });

/**
 * Makes the offer Chromium makes when the portal can be installed (headless Chromium makes none):
 * an event named beforeinstallprompt whose prompt() is recorded and whose user says `outcome`.
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  return page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const record = window as unknown as { prompted: number };
    record.prompted = 0;
    Object.assign(event, {
      prompt: async () => {
        record.prompted += 1;
      },
      userChoice: Promise.resolve({ outcome: answer }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

test.describe('the app installed', () => {
  test.describe.configure({ timeout: 90_000 });

  test('"Install the app" is in the user menu while the browser offers it, and asked once', async ({
    page,
    checkAccessible,
  }) => {
    await onboardedStudentByApi(page.request, 'installer');
    await page.goto('/home');
    let menu = await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'Logout' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The browser offers: the portal keeps the offer instead of the browser's own banner.
    expect(await offerInstall(page, 'dismissed')).toBe(true);
    menu = await openAccountMenu(page);
    const install = menu.getByRole('button', { name: 'Install the app' });
    await expect(install).toBeVisible();
    await checkAccessible();
    await install.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { prompted: number }).prompted))
      .toBe(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Dismissed once, it is not offered again, even when the browser offers anew on a later visit.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page, 'dismissed');
    menu = await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'Logout' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
  });

  test('a push is shown by the service worker with its title, text, tag and page; a bad one as "New notification"', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.goto('/login');
    await controlledByServiceWorker(page);
    const { deliver: push, shown } = await serviceWorkerPush(page, context, baseURL!);

    await push(
      JSON.stringify({
        title: 'Your ticket is ready',
        body: 'Drone Derby, Friday 18:00, Lecture Hall 2',
        url: '/events/mine',
        tag: 'event-ticket',
      }),
    );
    await expect.poll(shown).toEqual([
      {
        title: 'Your ticket is ready',
        body: 'Drone Derby, Friday 18:00, Lecture Hall 2',
        tag: 'event-ticket',
        renotify: true,
        data: { url: '/events/mine' },
        icon: '/app-icons/icon-192.png',
        badge: '/app-icons/badge-96.png',
      },
    ]);
    // A push the portal cannot read still shows something, and leads to the notifications.
    await push('not the portal’s payload');
    await expect
      .poll(async () => (await shown())[1])
      .toEqual({
        title: 'New notification',
        body: 'Open the portal to read it.',
        data: { url: '/notifications' },
        icon: '/app-icons/icon-192.png',
        badge: '/app-icons/badge-96.png',
      });
  });
});
