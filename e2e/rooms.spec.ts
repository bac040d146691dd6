import { randomInt } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test,
  portalContext,
} from './support/fixtures';
import { signIn } from './support/accounts';
import { DEMO_PASSWORD, demoAccount, signInByApi } from './support/demo-accounts';
import { holdRequests } from './support/network';

/**
 * Room booking, the president's approval panel and the president's dashboard (spec sections 2, 3,
 * 4, 5 and 8). Every request carries a random word in its description and lies on its own day far
 * ahead, so searching for that word shows only this test's requests. Texts are typed from the spec.
 */

const DESKTOP = { width: 1280, height: 800 } as const;

// Each test walks a whole round trip with several accessibility scans.
test.describe.configure({ timeout: 120_000 });
const PRESIDENT = demoAccount('PRESIDENT');
const SCITECH = demoAccount('GENSEC_SCITECH');
const CULTURAL = demoAccount('GENSEC_CULTURAL');

const suffix = () => `${Date.now().toString(36).slice(-4)}${randomInt(1000, 9999)}`;

/** A day some years ahead, different for each call of a run. */
function farDay(): string {
  const day = new Date(Date.UTC(2090 + randomInt(0, 9), randomInt(0, 12), randomInt(1, 29)));
  return day.toISOString().slice(0, 10);
}

/** 'Tue, 25 Nov 2026' as the tables show a date. */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));

async function roomId(request: APIRequestContext, name: string): Promise<string> {
  const { rooms } = (await (await request.get('/api/rooms')).json()) as {
    rooms: Array<{ id: string; name: string }>;
  };
  return rooms.find((room) => room.name === name)!.id;
}

/** A booking request made through the API by the signed-in owner of `request`; returns its id. */
async function requestRoom(
  request: APIRequestContext,
  body: { date: string; startTime: string; endTime: string; room: string; description: string },
): Promise<string> {
  const response = await request.post('/api/room-bookings', {
    data: {
      date: body.date,
      startTime: body.startTime,
      endTime: body.endTime,
      roomId: await roomId(request, body.room),
      description: body.description,
    },
  });
  if (response.status() !== 201)
    throw new Error(`Booking failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { booking: { id: string } }).booking.id;
}

/** A second signed-in browser for the requester's side of a round trip. */
async function secretaryPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
): Promise<Page> {
  const context = await portalContext(browser, baseURL, { viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}

/** The table row (or phone card) of the request whose description is `text`. */
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('room booking', () => {
  test('/roombooking: a secretary books a room, sees the day, gets the field messages, a clash, and withdraws', async ({
    page,
    browser,
    baseURL,
  }) => {
    const word = suffix();
    const date = farDay();
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    await page
      .getByRole('link', { name: /Room Booking/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/roombooking$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Room Booking' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute(
      'href',
      '/gensec-tech',
    );

    // Every field is required.
    await page.getByRole('button', { name: 'Submit request' }).click();
    for (const message of [
      'Date is required',
      'Start time is required',
      'End time is required',
      'Room is required',
      'Description is required',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await checkPage(page);

    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Room').selectOption({ label: 'Room B' });
    await expect(page.getByText('00:00 – 24:00')).toBeVisible();
    await form.getByLabel('Start time').fill('11:00');
    await form.getByLabel('End time').fill('10:00');
    await form.getByLabel('Description').fill(`Robotics review ${word}`);
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(
      page.getByText(
        'The end time must be after the start time, on the same day (midnight at the latest).',
      ),
    ).toBeVisible();

    await form.getByLabel('End time').fill('12:30');
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Booking request submitted!' }),
    ).toBeVisible();
    const row = rowOf(page, `Robotics review ${word}`);
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Room B');
    await expect(row).toContainText(shown(date));
    await expect(row).toContainText('11:00 – 12:30');
    // The room's day shows the request waiting.
    await expect(page.getByText('Pending (yours)')).toBeVisible();

    // A second request over the same time is allowed, and both are marked as clashing.
    await form.getByLabel('Start time').fill('12:00');
    await form.getByLabel('End time').fill('13:00');
    await form.getByLabel('Description').fill(`Coding contest ${word}`);
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Booking request submitted!' }),
    ).toBeVisible();
    await expect(rowOf(page, `Coding contest ${word}`)).toContainText('Clashes with another request');
    await expect(row).toContainText('Clashes with another request');

    // Once one is approved, a request over it is refused, naming the approved booking.
    const president = await portalContext(browser, baseURL);
    await signInByApi(president.request, PRESIDENT.email);
    const { items } = (await (await president.request.get(`/api/room-bookings?q=${word}`)).json()) as {
      items: Array<{ id: string; description: string }>;
    };
    const robotics = items.find((item) => item.description.startsWith('Robotics'))!;
    expect(
      (
        await president.request.patch(`/api/room-bookings/${robotics.id}`, {
          data: { status: 'Approved' },
        })
      ).status(),
    ).toBe(200);
    await president.close();

    await form.getByLabel('Start time').fill('10:30');
    await form.getByLabel('End time').fill('11:30');
    await form.getByLabel('Description').fill(`Refused ${word}`);
    await form.getByRole('button', { name: 'Submit request' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Failed to submit request.' });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(
      `Room B on ${shown(date).slice(5)} from 11:00 to 12:30 is already approved for another request.`,
    );
    await expect(page.getByText('Taken (approved)')).toBeVisible();
    await checkPage(page);

    // Withdrawing asks first.
    const contest = rowOf(page, `Coding contest ${word}`);
    await contest.getByRole('button', { name: /^Withdraw/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(contest).toContainText('Withdrawn');
    await expect(contest.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  });

  test("/roombooking: 'No bookings found' for a new official, and the past is refused", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Every demo official may already have requests, so the list's answer is replaced by an empty one.
    await signIn(page, CULTURAL.email, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.route('**/api/room-bookings/mine?*', (route) =>
      route.fulfill({ json: { items: [], total: 0, overall: 0, page: 1, pageSize: 20 } }),
    );
    await page.goto('/roombooking');
    await expect(page.getByText('No bookings found')).toBeVisible();
    await checkPage(page);
    await page.unroute('**/api/room-bookings/mine?*');

    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByLabel('Date').fill('2020-01-01');
    await form.getByLabel('Room').selectOption({ label: 'Room A' });
    await form.getByLabel('Start time').fill('10:00');
    await form.getByLabel('End time').fill('11:00');
    await form.getByLabel('Description').fill('Too late');
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByText('A booking cannot start in the past.')).toBeVisible();

    // The server refuses too, whatever the page checks.
    const other = await secretaryPage(browser, baseURL, CULTURAL.email);
    const response = await other.request.post('/api/room-bookings', {
      data: {
        date: '2020-01-01',
        startTime: '10:00',
        endTime: '11:00',
        roomId: await roomId(other.request, 'Room A'),
        description: 'Too late',
      },
    });
    expect(response.status()).toBe(400);
    await other.context().close();
  });

  test("/roombooking: a failed request shows 'Failed to submit request.'", async ({ page }) => {
    await signIn(page, CULTURAL.email, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/roombooking');
    await page.route('**/api/room-bookings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Down' } } })
        : route.fallback(),
    );
    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByLabel('Date').fill(farDay());
    await form.getByLabel('Room').selectOption({ label: 'Room A' });
    await form.getByLabel('Start time').fill('10:00');
    await form.getByLabel('End time').fill('11:00');
    await form.getByLabel('Description').fill('Offline');
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit request.' })).toBeVisible();
  });
});

test.describe("the president's approval panel", () => {
  test('/president-approval: tiles, tabs with counts, search, approve and reject with the requester seeing the decision', async ({
    page,
    browser,
    baseURL,
  }) => {
    const word = suffix();
    const date = farDay();
    const secretary = await secretaryPage(browser, baseURL, SCITECH.email);
    await requestRoom(secretary.request, {
      date,
      startTime: '09:00',
      endTime: '10:00',
      room: 'Room A',
      description: `Quiz Final ${word}`,
    });
    await requestRoom(secretary.request, {
      date,
      startTime: '09:30',
      endTime: '11:00',
      room: 'Room A',
      description: `Dance practice ${word}`,
    });
    await requestRoom(secretary.request, {
      date,
      startTime: '14:00',
      endTime: '15:00',
      room: 'Room B',
      description: `Chess club ${word}`,
    });

    await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/president-dashboard$/);
    const releaseList = await holdRequests(page, '**/api/room-bookings?*');
    await page.goto(`/president-approval?q=${word.toUpperCase()}`);
    await expect(page.getByText('Loading booking requests...')).toBeVisible();
    await releaseList();
    await expect(page.getByRole('heading', { level: 1, name: 'Room Booking Approvals' })).toBeVisible();

    const tiles = page.locator('dl').first();
    const tile = (label: string) =>
      tiles.locator('div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(tile('Total Requests')).toContainText('3');
    await expect(tile('Pending')).toContainText('3');
    await expect(tile('Approved')).toContainText('0');
    await expect(tile('Rejected')).toContainText('0');
    for (const name of ['All Requests (3)', 'Pending (3)', 'Approved (0)', 'Rejected (0)'])
      await expect(page.getByRole('tab', { name })).toBeVisible();
    for (const header of ['Date', 'Time', 'Room', 'Description', 'Status', 'Actions'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(rowOf(page, `Quiz Final ${word}`)).toContainText(`Asked by ${SCITECH.name}`);
    await checkPage(page);

    // Search is case-insensitive, over description and room.
    await page.getByLabel('Search').fill(`chess CLUB ${word}`);
    await expect(page.getByRole('tab', { name: 'All Requests (1)' })).toBeVisible();
    await page.getByLabel('Search').fill(word);
    await expect(page.getByRole('tab', { name: 'All Requests (3)' })).toBeVisible();

    // Approve the chess club, with a note.
    await rowOf(page, `Chess club ${word}`)
      .getByRole('button', { name: /^Approve/ })
      .click();
    const approve = page.getByRole('dialog', { name: 'Approve this booking?' });
    await approve.getByLabel('Note (optional; the requester sees it)').fill('Keys at the front desk.');
    await expectAccessible(page);
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(rowOf(page, `Chess club ${word}`)).toContainText('No actions available');
    await expect(page.getByRole('tab', { name: 'Approved (1)' })).toBeVisible();
    await expect(tile('Pending')).toContainText('2');

    // Someone approves the quiz meanwhile; approving the overlapping dance practice from the page
    // as it stood fails, and the banner names the clash.
    const quiz = (await (
      await page.request.get(`/api/room-bookings?q=Quiz%20Final%20${word}`)
    ).json()) as { items: Array<{ id: string }> };
    expect(
      (
        await page.request.patch(`/api/room-bookings/${quiz.items[0]!.id}`, {
          data: { status: 'Approved' },
        })
      ).status(),
    ).toBe(200);
    await rowOf(page, `Dance practice ${word}`)
      .getByRole('button', { name: /^Approve/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Approve this booking?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    const banner = page
      .getByRole('alert')
      .filter({ hasText: 'Failed to approve booking. Please try again.' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('from 09:00 to 10:00 is already approved for another request.');
    // The list reloads: the dance practice now names the approved booking and offers only Reject.
    const dance = rowOf(page, `Dance practice ${word}`);
    await expect(dance).toContainText('Overlaps the approved booking 09:00 – 10:00');
    await expect(dance.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await expect(dance).toContainText('Pending');
    await checkPage(page);

    // Reject it.
    await dance.getByRole('button', { name: /^Reject/ }).click();
    await page
      .getByRole('dialog', { name: 'Reject this booking?' })
      .getByRole('button', { name: 'Reject' })
      .click();
    await expect(page.getByRole('tab', { name: 'Rejected (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Approved (2)' })).toBeVisible();

    // Nothing is left waiting: the Pending tab is empty.
    await page.getByRole('tab', { name: 'Pending (0)' }).click();
    await expect(page.getByText('No booking requests found')).toBeVisible();
    await expect(rowOf(page, `Quiz Final ${word}`)).toHaveCount(0);

    // Nothing matches: the empty state.
    await page.getByLabel('Search').fill(`nothing-${word}`);
    await expect(page.getByText('No booking requests found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
    await checkPage(page);

    // The requester sees the decisions, with who decided and the note.
    await secretary.goto('/roombooking');
    const chess = rowOf(secretary, `Chess club ${word}`);
    await expect(chess).toContainText('Approved');
    await expect(chess).toContainText(`by ${PRESIDENT.name}`);
    await expect(chess).toContainText('Note: Keys at the front desk.');
    await expect(rowOf(secretary, `Quiz Final ${word}`)).toContainText('Approved');
    await expect(rowOf(secretary, `Dance practice ${word}`)).toContainText('Rejected');
    await secretary.context().close();
  });

  test('/president-approval: the load and update banners, and Refresh', async ({
    page,
    browser,
    baseURL,
  }) => {
    const word = suffix();
    const secretary = await secretaryPage(browser, baseURL, SCITECH.email);
    await requestRoom(secretary.request, {
      date: farDay(),
      startTime: '08:00',
      endTime: '09:00',
      room: 'Room B',
      description: `Banner check ${word}`,
    });
    await secretary.context().close();

    await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/president-dashboard$/);
    await page.route('**/api/room-bookings?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Down' } } }),
    );
    await page.goto(`/president-approval?q=${word}`);
    await expect(page.getByText('Failed to load booking requests. Please try again.')).toBeVisible({
      timeout: 15_000,
    });
    await page.unroute('**/api/room-bookings?*');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(rowOf(page, `Banner check ${word}`)).toBeVisible();

    await page.route('**/api/room-bookings/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Down' } } })
        : route.fallback(),
    );
    await rowOf(page, `Banner check ${word}`)
      .getByRole('button', { name: /^Reject/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Reject this booking?' })
      .getByRole('button', { name: 'Reject' })
      .click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to reject booking. Please try again.' }),
    ).toBeVisible();
    await checkPage(page);
  });

  test('the approval panel and the dashboard are the president’s only', async ({ page }) => {
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    for (const path of ['/president-approval', '/president-dashboard']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '403 - Unauthorised Access' })).toBeVisible();
    }
  });
});

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
    for (const [name, url] of links)
      await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'href',
        url,
      );
    await checkPage(page);
    for (const [name, url] of links.slice(0, 5)) {
      await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
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
