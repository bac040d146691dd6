import { expect, expectAccessible, test, portalContext } from './support/fixtures';
import { signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount, signInByApi } from './support/demo-accounts';
import { checkPage, farDay, roomId, rowOf, secretaryPage, shown } from './support/room-pages';
import { mainMenu } from './support/shell';

/**
 * Room booking, the president's approval panel and the president's dashboard (spec sections 2, 3,
 * 4, 5 and 8). Every request carries a random word in its description and lies on its own day far
 * ahead, so searching for that word shows only this test's requests. Texts are typed from the spec.
 */

// Each test walks a whole round trip with several accessibility scans.
test.describe.configure({ timeout: 120_000 });
const PRESIDENT = demoAccount('PRESIDENT');
const SCITECH = demoAccount('GENSEC_SCITECH');
const CULTURAL = demoAccount('GENSEC_CULTURAL');

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
    await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/gensec-tech',
    );
    await expect(mainMenu(page).getByRole('link', { name: 'Room booking' })).toHaveAttribute(
      'aria-current',
      'page',
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
