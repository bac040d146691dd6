import { expect, otherBrowser, test } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { controlledByServiceWorker, keptApiAnswers, upcomingEvent } from './support/offline';
import { logOutThroughMenu } from './support/shell';

const SCITECH = demoAccount('GENSEC_SCITECH');

/**
 * What the phone keeps follows what changes online: a seat taken gets its ticket kept at once, a
 * seat given up loses its ticket (offline it must not show as valid), and signing out without a
 * connection signs nobody out.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 } });

test.describe('the installed portal after changes', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a seat taken keeps its ticket for offline at once; a seat given up loses it', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const secretary = await otherBrowser(browser, baseURL);
    await signInByApi(secretary.context.request, SCITECH.email);
    const kept = { title: `Maze Solver ${suffix()}`, id: '' };
    const given = { title: `Bridge Build ${suffix()}`, id: '' };
    kept.id = await upcomingEvent(secretary.context.request, kept.title, 32);
    given.id = await upcomingEvent(secretary.context.request, given.title, 33);
    await secretary.context.close();
    const student = await onboardedStudentByApi(page.request, 'seats');
    expect((await page.request.post(`/api/events/${given.id}/registration`)).status()).toBe(201);

    const main = page.getByRole('main');
    await page.goto('/home');
    await controlledByServiceWorker(page);
    await expect
      .poll(() => keptApiAnswers(page), { timeout: 20_000 })
      .toContain(`/api/events/${given.id}/ticket`);

    // Online, within the hour of that fetch: one seat taken, the other given up, on the events' pages.
    await page.goto(`/events/${kept.id}`);
    await main
      .getByRole('region', { name: 'Take part' })
      .getByRole('button', { name: 'Register' })
      .click();
    await expect(
      main
        .getByRole('region', { name: 'Take part' })
        .getByRole('button', { name: 'Cancel my registration' }),
    ).toBeVisible();
    await page.goto(`/events/${given.id}`);
    await main
      .getByRole('region', { name: 'Take part' })
      .getByRole('button', { name: 'Cancel my registration' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(
      main.getByRole('region', { name: 'Take part' }).getByRole('button', { name: 'Register' }),
    ).toBeVisible();
    await expect
      .poll(() => keptApiAnswers(page), { timeout: 20_000 })
      .toContain(`/api/events/${kept.id}/ticket`);
    await expect.poll(() => keptApiAnswers(page)).not.toContain(`/api/events/${given.id}/ticket`);

    await context.setOffline(true);
    await page.goto(`/events/${kept.id}/ticket`);
    await expect(
      main.getByRole('img', { name: `QR code of the ticket of ${student.name}` }),
    ).toBeVisible();
    await page.goto(`/events/${given.id}/ticket`);
    await expect(
      main.getByText('Your ticket could not be loaded. Check the connection and try again.'),
    ).toBeVisible();
    await expect(main.getByRole('img', { name: /^QR code/ })).toHaveCount(0);
    await context.setOffline(false);
  });

  test('signing out offline says it needs a connection, and the account stays signed in', async ({
    page,
    context,
  }) => {
    const student = await onboardedStudentByApi(page.request, 'airplane');
    await page.goto('/home');
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await logOutThroughMenu(page);
    await expect(page.getByRole('alert')).toHaveText(
      /^You are offline: signing out needs a connection\. You are still signed in on this device\./,
    );
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Back to the portal' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const session = (await (await page.request.get('/api/auth/session')).json()) as {
      user: { email: string } | null;
    };
    expect(session.user?.email).toBe(student.email);
    // Online, it signs out.
    await logOutThroughMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    expect(
      ((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user,
    ).toBeNull();
  });
});
