import { expect, otherBrowser, test } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import {
  controlledByServiceWorker,
  keptApiAnswers,
  kolkataTime,
  upcomingEvent,
} from './support/offline';
import { toast } from './support/page-steps';
import { logOutThroughMenu } from './support/shell';

const SCITECH = demoAccount('GENSEC_SCITECH');

/**
 * The portal as an app on a phone (issue: installable, useful offline): Chromium finds it
 * installable, its service worker keeps the shell, a student's pages and tickets open offline with
 * how old they are, a change made offline says it needs a connection, and signing out leaves
 * nothing of the account behind. The other specs run without the service worker
 * (playwright.config.ts); these let it run, at a phone's size.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 } });

test.describe('the portal installed and offline', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Chromium finds the manifest valid and the portal installable; the service worker takes the page', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/login');
    await controlledByServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(parsed).toMatchObject({ start_url: '/', display: 'standalone' });
    // Every icon loads as an image of the size the manifest states.
    for (const icon of parsed.icons) {
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#3730a3');
  });

  test("a student's events and tickets open offline, every ticket fetched ahead, each page saying how old it is", async ({
    page,
    context,
    browser,
    baseURL,
    checkAccessible,
  }) => {
    const secretary = await otherBrowser(browser, baseURL);
    await signInByApi(secretary.context.request, SCITECH.email);
    const first = { title: `Robot Relay ${suffix()}`, id: '' };
    const second = { title: `Drone Derby ${suffix()}`, id: '' };
    first.id = await upcomingEvent(secretary.context.request, first.title, 30);
    second.id = await upcomingEvent(secretary.context.request, second.title, 31);
    await secretary.context.close();
    const student = await onboardedStudentByApi(page.request, 'offline');
    for (const id of [first.id, second.id])
      expect((await page.request.post(`/api/events/${id}/registration`)).status()).toBe(201);

    // Online: the student opens the first event's page, their profile and their events. Neither
    // ticket page is opened.
    const main = page.getByRole('main');
    // The first page installs the service worker; from then on it keeps what the pages read.
    await page.goto('/home');
    await controlledByServiceWorker(page);
    await page.goto(`/events/${first.id}`);
    await expect(main.getByRole('region', { name: 'Take part' })).toBeVisible();
    await page.goto('/profile');
    await expect(main.getByRole('button', { name: 'Edit' })).toBeVisible();
    const startedAt = Date.now();
    await page.goto('/events/mine');
    const comingUp = main.getByRole('region', { name: 'Coming up' });
    await expect(comingUp.getByRole('link', { name: first.title })).toBeVisible();
    await expect
      .poll(() => keptApiAnswers(page), { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([
          '/api/auth/session',
          '/api/config',
          '/api/me/registrations',
          `/api/events/${first.id}/ticket`,
          `/api/events/${second.id}/ticket`,
        ]),
      );
    const savedBy = Date.now();

    // Offline: the page opens again from the kept shell, with its data and when it was saved.
    await context.setOffline(true);
    await page.reload();
    await expect(comingUp.getByRole('link', { name: second.title })).toBeVisible();
    const notice = main.getByRole('status').filter({ hasText: 'You are offline.' });
    await expect(notice).toHaveText(/^You are offline\. This page is as of \d\d:\d\d\.$/);
    const shown = /as of (\d\d:\d\d)/.exec((await notice.textContent()) ?? '')?.[1];
    const minutes = [];
    for (let time = startedAt; time < savedBy + 60_000; time += 60_000) minutes.push(kolkataTime(time));
    expect(minutes).toContain(shown);
    await checkAccessible();

    // The ticket of the second event, never opened: its page and QR code come up offline.
    await comingUp
      .getByRole('listitem')
      .filter({ hasText: second.title })
      .getByRole('link', { name: 'Ticket' })
      .click();
    await expect(page).toHaveURL(`${baseURL}/events/${second.id}/ticket`);
    await expect(main.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
    const qr = main.getByRole('img', { name: `QR code of the ticket of ${student.name}` });
    await expect(qr).toBeVisible();
    await expect(main.getByText(student.studentId, { exact: true })).toBeVisible();
    await expect(notice).toHaveText(/^You are offline\. This page is as of \d\d:\d\d\.$/);
    await checkAccessible();
    // Opened afresh offline (from the phone's home screen, say), the ticket shows all the same.
    await page.goto(`/events/${first.id}/ticket`);
    await expect(main.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await expect(qr).toBeVisible();

    // A change made offline says it needs a connection: registering for an event...
    await page.goto(`/events/${first.id}`);
    const takePart = main.getByRole('region', { name: 'Take part' });
    await takePart.getByRole('button', { name: 'Cancel my registration' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(
      toast(page, 'You are offline: nothing was sent. Check your connection and try again.'),
    ).toBeVisible();
    // ...and the profile's form, whose own message says only that it failed.
    await page.goto('/profile');
    await main.getByRole('button', { name: 'Edit' }).click();
    await main.getByLabel('Room Number').fill('B-214');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(
      toast(page, 'You are offline: nothing was sent. Check your connection and try again.'),
    ).toBeVisible();
    await context.setOffline(false);
    // Nothing reached the server: the seat is still the student's.
    const mine = (await (await page.request.get('/api/me/registrations')).json()) as {
      upcoming: { event: { id: string }; registration: { status: string } }[];
    };
    expect(mine.upcoming.find((item) => item.event.id === first.id)?.registration.status).toBe(
      'confirmed',
    );
  });

  test('signing out leaves nothing of the account on the phone: offline, its pages show none of it', async ({
    page,
    context,
  }) => {
    const student = await onboardedStudentByApi(page.request, 'shared');
    await page.goto('/home');
    await controlledByServiceWorker(page);
    await page.goto('/events/mine');
    const heading = page.getByRole('heading', { level: 1, name: 'My events' });
    await expect(heading).toBeVisible();
    await expect.poll(() => keptApiAnswers(page)).toContain('/api/me/registrations');

    await logOutThroughMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => keptApiAnswers(page)).toEqual([]);

    await context.setOffline(true);
    await page.goto('/events/mine');
    // The shell opens (the page is the app's own), but nothing of the student's is left to show.
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByText(/could not|sign in/i).first()).toBeVisible();
    await expect(heading).toHaveCount(0);
    await expect(page.getByText(student.name)).toHaveCount(0);
    expect(await keptApiAnswers(page)).toEqual([]);
    await context.setOffline(false);
  });
});
