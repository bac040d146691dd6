import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, portalContext, test } from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount, signInByApi } from './support/demo-accounts';
import { bellOf, checkPage } from './support/notification-pages';

/**
 * The officials' bell tells what waits in their queues, one line per queue, and the pages follow
 * what happens elsewhere without a reload: a queue another official emptied leaves the bell; a
 * student's /home shows their achievement verified. Texts are typed from the product's catalogue.
 */

const THIS_YEAR = new Date().getFullYear();
const SCITECH = demoAccount('GENSEC_SCITECH');
const PRESIDENT = demoAccount('PRESIDENT');

/** A technical achievement of the student owning `request`, awaiting the sci-tech secretary; its id. */
async function technicalAchievement(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post('/api/me/achievements', {
    data: { title, category: 'Robotics', type: 'technical', dateAchieved: `${THIS_YEAR - 1}-12-01` },
  });
  if (response.status() !== 201)
    throw new Error(`Adding ${title} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { achievement: { id: string } }).achievement.id;
}

/** Runs `act` as a demo official signed in through the API in a browser context of their own. */
async function asOfficial(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  act: (request: APIRequestContext) => Promise<void>,
): Promise<void> {
  const context = await portalContext(browser, baseURL);
  try {
    await signInByApi(context.request, email);
    await act(context.request);
  } finally {
    await context.close();
  }
}

async function verify(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.post(`/api/endorsements/achievements/${id}/verify`);
  if (!response.ok()) throw new Error(`Verifying ${id} failed: ${response.status()}`);
}

/** Verifies every achievement waiting for the official, so the test's own is the queue's only one. */
async function emptyAchievementQueue(request: APIRequestContext): Promise<void> {
  for (;;) {
    const response = await request.get('/api/endorsements/achievements?page=1&pageSize=50');
    const { items } = (await response.json()) as { items: { id: string }[] };
    if (items.length === 0) return;
    for (const item of items) await verify(request, item.id);
  }
}

/** Waits until the page's live stream is open, and marks the page: a reload would lose the mark. */
async function stayOn(page: Page, streamOpen: Promise<unknown>): Promise<void> {
  await streamOpen;
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
}
const stayed = (page: Page) =>
  page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
const streamOpened = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications/stream') && response.status() === 200,
  );

test.describe('the bell and live pages', () => {
  test.describe.configure({ timeout: 60_000 });

  test("a secretary's bell tells of a pending achievement by its queue, and the line clears within 2 s once the president decides it", async ({
    page,
    browser,
    baseURL,
  }) => {
    await asOfficial(browser, baseURL, SCITECH.email, emptyAchievementQueue);
    const student = await portalContext(browser, baseURL);
    let id: string;
    try {
      await onboardedStudentByApi(student.request, 'queue');
      id = await technicalAchievement(student.request, `Micromouse maze ${suffix()}`);
    } finally {
      await student.close();
    }

    const streamOpen = streamOpened(page);
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const bell = bellOf(page);
    await expect(bell).toHaveAccessibleName(/, \d+ waiting$/);
    await stayOn(page, streamOpen);
    const before = Number(/(\d+) waiting$/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);

    await bell.click();
    const waiting = page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('region', { name: 'Waiting for you' });
    const line = waiting.getByRole('link', { name: '1 achievement waits for your verification' });
    await expect(line).toHaveAttribute('href', '/gensec-endorse?tab=achievements');
    await checkPage(page);

    await asOfficial(browser, baseURL, PRESIDENT.email, (request) => verify(request, id));
    const decided = Date.now();
    await expect(line).toHaveCount(0, { timeout: 2_000 });
    await expect(bell).toHaveAccessibleName(
      before - 1 > 0 ? new RegExp(`, ${before - 1} waiting$`) : /^Notifications(, \d+ unread)?$/,
      { timeout: 2_000 },
    );
    expect(Date.now() - decided).toBeLessThan(2_500);
    expect(await stayed(page)).toBe(true);

    // The inbox keeps the queue's notice as one line, read: nothing of it waits any more.
    await page.keyboard.press('Escape');
    await page.goto('/notifications');
    const main = page.getByRole('main');
    const notice = main.getByRole('article', { name: /new achievements? to review$/ });
    await expect(notice).toHaveCount(1);
    await expect(notice.getByText('Unread', { exact: true })).toHaveCount(0);
  });

  test("a student's open /home shows the latest achievement 'Verified' once an official verifies it, without a reload", async ({
    page,
    browser,
    baseURL,
  }) => {
    await onboardedStudentByApi(page.context().request, 'live');
    const title = `Quadcopter relay ${suffix()}`;
    const id = await technicalAchievement(page.context().request, title);

    const streamOpen = streamOpened(page);
    await page.goto('/home');
    const card = page.getByRole('region', { name: 'Latest Achievement' });
    await expect(card.getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await stayOn(page, streamOpen);

    await asOfficial(browser, baseURL, SCITECH.email, (request) => verify(request, id));
    await expect(card.getByText('Verified', { exact: true })).toBeVisible({ timeout: 2_000 });
    await expect(card.getByText('Pending', { exact: true })).toHaveCount(0);
    await expect(bellOf(page)).toHaveAccessibleName('Notifications, 1 unread');
    expect(await stayed(page)).toBe(true);
    await checkPage(page);
  });
});
