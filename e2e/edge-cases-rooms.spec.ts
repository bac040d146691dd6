import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  portalContext,
  test,
} from './support/fixtures';
import { signIn } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';

/**
 * The room pages with what users really type and do: words longer than the screen, a booking until
 * midnight, a request whose time passed, one over an approved booking, impatient clicks, an old
 * page link. Requests lie on their own far-off day and carry a random word, so a search finds only
 * this test's. Texts are typed by hand.
 */

test.describe.configure({ timeout: 120_000 });
const PRESIDENT = demoAccount('PRESIDENT');
const SPORTS = demoAccount('GENSEC_SPORTS');
const DESKTOP = 1280;

const suffix = () => `${Date.now().toString(36).slice(-4)}${randomInt(1000, 9999)}`;

/** A day some years ahead, different for each call of a run. */
const farDay = () =>
  new Date(Date.UTC(2090 + randomInt(0, 9), randomInt(0, 12), randomInt(1, 29)))
    .toISOString()
    .slice(0, 10);

/** The row (a card on a phone) of the request whose description contains `text`. */
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function requestRoom(
  request: APIRequestContext,
  body: { date: string; startTime: string; endTime: string; room: string; description: string },
) {
  const { rooms } = (await (await request.get('/api/rooms')).json()) as {
    rooms: Array<{ id: string; name: string }>;
  };
  const response = await request.post('/api/room-bookings', {
    data: {
      date: body.date,
      startTime: body.startTime,
      endTime: body.endTime,
      roomId: rooms.find((room) => room.name === body.room)!.id,
      description: body.description,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { booking: { id: string } }).booking.id;
}

/** Nothing scrolls sideways on a phone or on a desktop, and the page passes axe at both widths. */
async function fitsEveryWidth(page: Page): Promise<void> {
  await expectNoHorizontalScroll(page, DESKTOP);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: DESKTOP, height: 800 });
}

test('long words, URLs and notes wrap on /roombooking and /president-approval at 375 and 1280 px', async ({
  page,
  browser,
  baseURL,
}) => {
  const word = suffix();
  const url = `https://example.org/${'path-segment/'.repeat(20)}${word}?ref=${'x'.repeat(120)}`;
  const unbroken = `${word}${'W'.repeat(480)}`;
  const secretary = await portalContext(browser, baseURL, { viewport: { width: DESKTOP, height: 800 } });
  const secretaryPage = await secretary.newPage();
  await signIn(secretaryPage, SPORTS.email, DEMO_PASSWORD);
  await expect(secretaryPage).not.toHaveURL(/\/login$/);
  const date = farDay();
  const linked = await requestRoom(secretaryPage.request, {
    date,
    startTime: '08:00',
    endTime: '09:00',
    room: 'Room A',
    description: `Agenda ${url}`,
  });
  await requestRoom(secretaryPage.request, {
    date,
    startTime: '10:00',
    endTime: '11:00',
    room: 'Room B',
    description: unbroken,
  });

  await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/president-dashboard$/);
  const note = `Note${'N'.repeat(496)}`;
  expect(
    (
      await page.request.patch(`/api/room-bookings/${linked}`, { data: { status: 'Approved', note } })
    ).status(),
  ).toBe(200);

  await page.goto(`/president-approval?q=${word}`);
  await expect(page.getByRole('tab', { name: 'All Requests (2)' })).toBeVisible();
  await expect(rowOf(page, 'Agenda https://example.org/')).toContainText('NNNN');
  await expect(rowOf(page, unbroken)).toContainText('Asked by Harpreet Singh');
  await fitsEveryWidth(page);
  // The dialog that repeats the description fits a phone too.
  await page.setViewportSize({ width: 375, height: 812 });
  await rowOf(page, unbroken)
    .getByRole('button', { name: /^Reject/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reject this booking?' });
  await expect(dialog).toContainText(unbroken);
  const box = await dialog.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await secretaryPage.goto('/roombooking');
  await expect(rowOf(secretaryPage, 'Agenda https://example.org/')).toContainText(
    `by ${PRESIDENT.name}`,
  );
  await expect(rowOf(secretaryPage, unbroken)).toContainText('Pending');
  await fitsEveryWidth(secretaryPage);
  await secretary.close();
});

test('a booking until midnight, a request over an approved booking, and one whose time has passed', async ({
  page,
  browser,
  baseURL,
}) => {
  const word = suffix();
  const date = farDay();
  const secretary = await portalContext(browser, baseURL, { viewport: { width: DESKTOP, height: 800 } });
  const secretaryPage = await secretary.newPage();
  await signIn(secretaryPage, SPORTS.email, DEMO_PASSWORD);
  await expect(secretaryPage).not.toHaveURL(/\/login$/);
  await secretaryPage.goto('/roombooking');
  const form = secretaryPage.getByRole('form', { name: 'New booking' });
  await form.getByLabel('Date').fill(date);
  await form.getByLabel('Room').selectOption({ label: 'Room B' });
  await form.getByLabel('Start time').fill('22:00');
  await form.getByLabel('End time').fill('00:00');
  await expect(form.getByText('For midnight, choose 00:00 (12:00 AM).')).toBeVisible();
  await form.getByLabel('Description').fill(`Night sky watch ${word}`);
  // Three quick clicks make one request.
  let posts = 0;
  secretaryPage.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/room-bookings')
      posts += 1;
  });
  await form.getByRole('button', { name: 'Submit request' }).click({ clickCount: 3 });
  await expect(
    secretaryPage.getByRole('status').filter({ hasText: 'Booking request submitted!' }),
  ).toBeVisible();
  await expect(rowOf(secretaryPage, `Night sky watch ${word}`)).toContainText('22:00 – 24:00');
  expect(posts).toBe(1);
  await expect(rowOf(secretaryPage, `Night sky watch ${word}`)).toHaveCount(1);

  // Once it is approved, a request over it reads as such and offers only Reject.
  const overlapping = await requestRoom(secretaryPage.request, {
    date,
    startTime: '23:00',
    endTime: '24:00',
    room: 'Room B',
    description: `Late quiz ${word}`,
  });
  await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/president-dashboard$/);
  await page.goto(`/president-approval?q=${word}`);
  await expect(rowOf(page, `Night sky watch ${word}`)).toContainText('Clashes with another request');
  await rowOf(page, `Night sky watch ${word}`)
    .getByRole('button', { name: /^Approve/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Approve this booking?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  const late = rowOf(page, `Late quiz ${word}`);
  await expect(late).toContainText('Overlaps the approved booking 22:00 – 24:00');
  await expect(late.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(late.getByRole('button', { name: /^Reject/ })).toBeVisible();
  await expectAccessible(page);
  expect(overlapping).toBeTruthy();

  // The demo campus holds a request whose day passed without a decision: Expired, counted in All only.
  await page.getByRole('searchbox', { name: 'Search' }).fill('mock parliament');
  await expect(page.getByRole('tab', { name: 'All Requests (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending (0)' })).toBeVisible();
  const expired = rowOf(page, 'Debating Society mock parliament');
  await expect(expired).toContainText('Expired');
  await expect(expired).toContainText('Its time passed without a decision.');
  await expect(expired).toContainText('No actions available');
  await expectAccessible(page);

  // An old link to a page past the end shows the last page.
  await page.goto(`/president-approval?q=${word}&page=999`);
  await expect(rowOf(page, `Night sky watch ${word}`)).toBeVisible();
  await expect(page.getByText('No booking requests found')).toHaveCount(0);

  // Recent Activity names who decided, with the room, day and times.
  await page.goto('/president-dashboard');
  const activity = page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem').first();
  // The chosen day, in the portal's date style ('9 Sep 2090': three letters for every month).
  const [year, , day] = date.split('-');
  await expect(activity).toContainText(
    new RegExp(
      `Approved the booking of Room B on ${Number(day)} [A-Z][a-z]{2} ${year} from 22:00 to 24:00`,
    ),
  );
  await expect(activity).toContainText(`by ${PRESIDENT.name}`);
  await secretary.close();
});
