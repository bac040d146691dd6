import { expect, test } from './support/fixtures';
import { signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { holdRequests } from './support/network';
import { checkPage, farDay, requestRoom, secretaryPage } from './support/room-pages';

/**
 * Room booking, the president's approval panel and the president's dashboard (spec sections 2, 3,
 * 4, 5 and 8). Every request carries a random word in its description and lies on its own day far
 * ahead, so searching for that word shows only this test's requests. Texts are typed from the spec.
 */

// Each test walks a whole round trip with several accessibility scans.
test.describe.configure({ timeout: 120_000 });
const PRESIDENT = demoAccount('PRESIDENT');
const SCITECH = demoAccount('GENSEC_SCITECH');

test.describe("the president's dashboard", () => {
  test('/president-dashboard: header, tiles from the server, link cards and recent activity', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/president-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'President Dashboard' })).toBeVisible();
    await expect(page.getByText('Presidential Access')).toBeVisible();

    const tile = (label: string) =>
      page.locator('dl div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(tile('Pending Approvals').locator('dd')).toHaveText(/^\d+$/);
    const before = Number(await tile('Pending Approvals').locator('dd').textContent());
    const bookingsBefore = Number(await tile('Room Bookings').locator('dd').textContent());
    for (const label of ['Upcoming Events', 'COSA Records'])
      await expect(tile(label).locator('dd')).toHaveText(/^\d+$/);
    // The demo campus has people in positions and events ahead.
    expect(Number(await tile('COSA Records').locator('dd').textContent())).toBeGreaterThan(0);
    expect(Number(await tile('Upcoming Events').locator('dd').textContent())).toBeGreaterThan(0);

    // A new request counts at once.
    const word = suffix();
    const secretary = await secretaryPage(browser, baseURL, SCITECH.email);
    const id = await requestRoom(secretary.request, {
      date: farDay(),
      startTime: '07:00',
      endTime: '08:00',
      room: 'Room A',
      description: `Dashboard check ${word}`,
    });
    await secretary.context().close();
    await page.reload();
    await expect(tile('Pending Approvals').locator('dd')).toHaveText(String(before + 1));
    await expect(tile('Room Bookings').locator('dd')).toHaveText(String(bookingsBefore + 1));

    // Its approval shows in Recent Activity, newest first.
    expect(
      (await page.request.patch(`/api/room-bookings/${id}`, { data: { status: 'Approved' } })).status(),
    ).toBe(200);
    await page.reload();
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activity.getByRole('listitem').first()).toContainText('Approved the booking of Room A');
    await expect(activity.getByRole('listitem').first()).toContainText('approval');
    await expect(tile('Pending Approvals').locator('dd')).toHaveText(String(before));

    const links: Array<[string, RegExp]> = [
      ['Approve Requests', /\/president-approval$/],
      ['Room Booking', /\/roombooking$/],
      ['Feedback', /\/viewfeedback$/],
      ['View Events', /\/events$/],
      ['Create Event', /\/add-event$/],
      ['Create Tenure', /\/cosa\/create$/],
      ['View COSA Records', /\/cosa$/],
    ];
    // The dashboard's own link cards (the portal's navigation has a Feedback too).
    const cards = page.getByRole('navigation', { name: "President's pages" });
    for (const [name, url] of links)
      await expect(cards.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'href',
        url,
      );
    await checkPage(page);
    for (const [name, url] of links.slice(0, 5)) {
      await cards.getByRole('link', { name: new RegExp(`^${name}`) }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goBack();
    }
  });

  test("/president-dashboard: 'Loading...' and 'Loading activities...', then 0 and 'No recent activities found' when nothing loads", async ({
    page,
  }) => {
    await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/president-dashboard$/);
    const releaseSummary = await holdRequests(page, '**/api/president/summary');
    const releaseActivity = await holdRequests(page, '**/api/activities*');
    await page.reload();
    await expect(page.getByText('Loading...').first()).toBeVisible();
    await expect(page.getByText('Loading activities...')).toBeVisible();
    await releaseSummary();
    await releaseActivity();

    await page.route('**/api/president/summary', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Down' } } }),
    );
    await page.route('**/api/activities*', (route) =>
      route.fulfill({ json: { items: [], total: 0, overall: 0, page: 1, pageSize: 10 } }),
    );
    await page.reload();
    await expect(page.getByText('No recent activities found')).toBeVisible();
    await expect(page.getByText('The figures could not be loaded. Please try again.')).toBeVisible({
      timeout: 15_000,
    });
    for (const label of ['Pending Approvals', 'Room Bookings', 'Upcoming Events', 'COSA Records']) {
      await expect(
        page
          .locator('dl div')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd'),
      ).toHaveText('0');
    }
    await checkPage(page);
  });
});
