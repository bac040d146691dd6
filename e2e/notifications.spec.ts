import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, portalContext, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { latestMailTo } from './support/mail';
import { bellOf, checkPage } from './support/notification-pages';

/**
 * Notifications and announcements: the bell's live count, the inbox, the e-mail preferences and
 * their unsubscribe link, and announcements to a batch. Every person is made for the test and every
 * title carries a random suffix, so nothing depends on the demo campus or another test. Expected
 * texts are typed from the product's message catalogue.
 */

const THIS_YEAR = new Date().getFullYear();
const SCITECH = demoAccount('GENSEC_SCITECH');

/** An achievement of the student owning `request`, awaiting the sci-tech secretary's verification; its id. */
async function technicalAchievement(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post('/api/me/achievements', {
    data: { title, category: 'Robotics', type: 'technical', dateAchieved: `${THIS_YEAR - 1}-12-01` },
  });
  if (response.status() !== 201)
    throw new Error(`Adding ${title} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { achievement: { id: string } }).achievement.id;
}

/** The sci-tech secretary, signed in through the API in a context of their own, verifies the achievement. */
async function verifyAsSecretary(
  browser: Browser,
  baseURL: string | undefined,
  id: string,
): Promise<void> {
  const secretary = await portalContext(browser, baseURL);
  try {
    await signInByApi(secretary.request, SCITECH.email);
    const response = await secretary.request.post(`/api/endorsements/achievements/${id}/verify`);
    if (!response.ok())
      throw new Error(`Verifying ${id} failed: ${response.status()} ${await response.text()}`);
  } finally {
    await secretary.close();
  }
}
test.describe('notifications', () => {
  test("a student's bell counts a verification made elsewhere within 2 s, without a reload; the inbox lists it and marks it read", async ({
    page,
    browser,
    baseURL,
  }) => {
    await onboardedStudentByApi(page.context().request, 'bell');
    const title = `Robotics Olympiad ${suffix()}`;
    const id = await technicalAchievement(page.context().request, title);

    const streamOpen = page.waitForResponse(
      (response) => response.url().endsWith('/api/notifications/stream') && response.status() === 200,
    );
    await page.goto('/home');
    const bell = bellOf(page);
    await expect(bell).toHaveAccessibleName('Notifications');
    await streamOpen;
    // A reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await verifyAsSecretary(browser, baseURL, id);
    const verified = Date.now();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 2_000 });
    expect(Date.now() - verified).toBeLessThan(2_000);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(bell).toContainText('1');

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      panel.getByRole('link', { name: `Your achievement "${title}" was verified (unread)` }),
    ).toBeVisible();
    await expectAccessible(page);
    // A second press closes it; Escape too, giving the focus back to the bell.
    await bell.click();
    await expect(panel).toHaveCount(0);
    // Closed for good, not closed and opened again by the same press: checked again once the page has drawn twice.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(panel).toHaveCount(0, { timeout: 100 });
    await expect(bell).toHaveAttribute('aria-expanded', 'false', { timeout: 100 });
    await bell.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(bell).toBeFocused();
    await bell.click();
    await panel.getByRole('link', { name: 'See all notifications' }).click();

    await expect(page).toHaveURL(/\/notifications$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(main.getByText('1 unread')).toBeVisible();
    const card = main.getByRole('article', { name: `Your achievement "${title}" was verified` });
    await expect(card.getByText('Unread', { exact: true })).toBeVisible();
    await checkPage(page);

    await card.getByRole('button', { name: 'Mark as read' }).click();
    await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);
    await expect(main.getByText('You have read everything.')).toBeVisible();
    await main.getByRole('button', { name: 'Unread', exact: true }).click();
    await expect(main.getByText('No unread notifications.')).toBeVisible();
    await main.getByRole('button', { name: 'All', exact: true }).click();
    await expect(card).toBeVisible();

    // Following a notification opens its page.
    await card.getByRole('link', { name: `Your achievement "${title}" was verified` }).click();
    await expect(page).toHaveURL(/\/view-achievements$/);
    await page.goto('/home');
    await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  });

  test('eight tabs of one browser share one live stream: every tab loads and answers, and sees a change within 2 s, also after the leading tab closes', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = page.context();
    await onboardedStudentByApi(context.request, 'tabs');
    const titles = [`Drone race ${suffix()}`, `Rover trials ${suffix()}`];
    const ids = [
      await technicalAchievement(context.request, titles[0]!),
      await technicalAchievement(context.request, titles[1]!),
    ];
    const streams: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/notifications/stream') streams.push(request.url());
    });

    // The first tab's stream is open before the others ask: that tab leads.
    const streamOpen = page.waitForResponse(
      (response) => response.url().endsWith('/api/notifications/stream') && response.status() === 200,
    );
    const tabs = [page];
    for (let n = 1; n < 8; n += 1) tabs.push(await context.newPage());
    for (const [n, tab] of tabs.entries()) {
      // Over HTTP/1.1 Chromium opens six connections to a host: with a stream per tab the seventh tab never loaded.
      await test.step(`tab ${n + 1} loads`, async () => {
        await tab.goto('/notifications', { timeout: 10_000 });
        await expect(
          tab.getByRole('main').getByRole('heading', { level: 1, name: 'Notifications' }),
        ).toBeVisible();
        await expect(tab.getByRole('main').getByText('You have read everything.')).toBeVisible();
        if (n === 0) await streamOpen;
      });
    }
    for (const [n, tab] of tabs.entries()) {
      const status = await tab.evaluate(() =>
        fetch('/api/notifications/unread-count', { signal: AbortSignal.timeout(5_000) }).then(
          (response) => response.status,
          String,
        ),
      );
      expect(status, `the API's answer in tab ${n + 1}`).toBe(200);
    }
    expect(streams).toHaveLength(1);

    /** Every tab of `open` shows `count` unread and the newly verified achievement within 2 s of the verification. */
    const seenEverywhere = async (open: Page[], count: number, title: string) => {
      const verified = Date.now();
      await Promise.all(
        open.map(async (tab) => {
          const main = tab.getByRole('main');
          await expect(main.getByText(`${count} unread`, { exact: true })).toBeVisible({
            timeout: 2_000,
          });
          await expect(
            main.getByRole('article', { name: `Your achievement "${title}" was verified` }),
          ).toBeVisible({ timeout: 2_000 });
        }),
      );
      expect(Date.now() - verified).toBeLessThan(2_000);
    };

    await verifyAsSecretary(browser, baseURL, ids[0]!);
    await seenEverywhere(tabs, 1, titles[0]!);

    // Another tab takes over the stream when the leading one closes.
    await page.close();
    const rest = tabs.slice(1);
    await verifyAsSecretary(browser, baseURL, ids[1]!);
    await seenEverywhere(rest, 2, titles[1]!);
    expect(streams).toHaveLength(2);
  });

  test('the preferences save, and stay after a reload', async ({ page }) => {
    await onboardedStudentByApi(page.context().request, 'prefs');
    await page.goto('/notifications');
    await page.getByRole('main').getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/notifications\/settings$/);
    const form = page.getByRole('form', { name: 'Notification settings' });
    await expect(form.getByLabel('My achievements verified or declined', { exact: true })).toHaveValue(
      'instant',
    );
    await expect(form.getByLabel('Daily digest at')).toHaveValue('18');
    await expect(form.getByLabel('What waits for my review or decision', { exact: true })).toHaveCount(
      0,
    );
    await checkPage(page);

    await form
      .getByLabel('My achievements verified or declined', { exact: true })
      .selectOption({ label: 'Daily e-mail digest' });
    await form.getByLabel('Announcements', { exact: true }).selectOption({ label: 'E-mail at once' });
    await form.getByLabel('Daily digest at').selectOption({ label: '07:00' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Your notification settings are saved.' }),
    ).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('My achievements verified or declined', { exact: true })).toHaveValue(
      'digest',
    );
    await expect(form.getByLabel('Announcements', { exact: true })).toHaveValue('instant');
    await expect(form.getByLabel('Daily digest at')).toHaveValue('7');
    await expect(form.getByLabel('My skills endorsed or declined', { exact: true })).toHaveValue(
      'instant',
    );
  });

  test("the e-mail's unsubscribe link works signed out, on a press of the button; a wrong link says so", async ({
    page,
    browser,
    baseURL,
  }) => {
    const student = await onboardedStudentByApi(page.context().request, 'unsub');
    expect(student.email).toMatch(/^e2e\./);
    const title = `Line follower ${suffix()}`;
    const id = await technicalAchievement(page.context().request, title);
    const asked = Date.now();
    await verifyAsSecretary(browser, baseURL, id);

    const mail = await latestMailTo(student.email, { after: asked });
    const link = /\/unsubscribe\?token=[A-Za-z0-9._~%-]+/.exec(mail.text)?.[0];
    expect(link, `an unsubscribe link in ${mail.file}`).toBeTruthy();

    const stranger = await otherBrowser(browser, baseURL);
    try {
      await stranger.page.goto(link!);
      const main = stranger.page.getByRole('main');
      await expect(
        main.getByRole('heading', { level: 1, name: 'Unsubscribe from e-mails' }),
      ).toBeVisible();
      await checkPage(stranger.page);
      await main.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(
        main.getByRole('status').filter({ hasText: 'You will no longer receive e-mails about' }),
      ).toHaveText(
        // The page names the address only masked: whoever holds the link may not be its owner.
        'You will no longer receive e-mails about “My achievements verified or declined” (e•••@iitbhilai.ac.in).',
      );
      await expect(main.getByRole('link', { name: 'notification settings' })).toHaveAttribute(
        'href',
        '/notifications/settings',
      );
      await expectAccessible(stranger.page);

      await stranger.page.goto('/unsubscribe?token=not-a-real-token');
      await main.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(main.getByRole('alert')).toHaveText('This unsubscribe link is not valid.');
      await expect(main.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
      await checkPage(stranger.page);
    } finally {
      await stranger.context.close();
    }

    // The student's own settings show the change.
    await page.goto('/notifications/settings');
    await expect(
      page
        .getByRole('form', { name: 'Notification settings' })
        .getByLabel('My achievements verified or declined', { exact: true }),
    ).toHaveValue('app');
  });
});
