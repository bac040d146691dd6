import { expect, expectAccessible, test } from './support/fixtures';
import { signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { holdRequests } from './support/network';
import { checkPage, farDay, requestRoom, rowOf, secretaryPage } from './support/room-pages';

/**
 * Room booking, the president's approval panel and the president's dashboard (spec sections 2, 3,
 * 4, 5 and 8). Every request carries a random word in its description and lies on its own day far
 * ahead, so searching for that word shows only this test's requests. Texts are typed from the spec.
 */

// Each test walks a whole round trip with several accessibility scans.
test.describe.configure({ timeout: 120_000 });
const PRESIDENT = demoAccount('PRESIDENT');
const SCITECH = demoAccount('GENSEC_SCITECH');

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
    await page.getByRole('searchbox', { name: 'Search' }).fill(`chess CLUB ${word}`);
    await expect(page.getByRole('tab', { name: 'All Requests (1)' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
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

    // Someone approves the quiz meanwhile: the open page follows within seconds, without a reload
    // (a live page, issue 31): the overlapping dance practice names the approved booking and offers
    // only Reject. (The refusal a page that has not heard yet gets is covered by rooms-pages.test.tsx.)
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
    await page.getByRole('searchbox', { name: 'Search' }).fill(`nothing-${word}`);
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
