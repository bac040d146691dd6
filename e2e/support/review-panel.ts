import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// ---------------------------------------------------------------------------------------------
// The endorsement panel's lists are paged, oldest first: an item made by a test may be on a later page.

const REVIEW_EMPTY =
  /^(All user skills endorsed!|All skills endorsed!|No achievements pending endorsement\.)$/;

/** The open tab's panel of /gensec-endorse once its list (or its empty state) has loaded. */
export async function loadedPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('article').first().or(panel.getByText(REVIEW_EMPTY))).toBeVisible();
  await expect(panel.locator('ul[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

/**
 * Pages through the open tab of the endorsement panel from the first page until `title` shows;
 * returns its card, or null when no page lists it.
 */
export async function findReview(page: Page, title: string): Promise<Locator | null> {
  for (;;) {
    const panel = await loadedPanel(page);
    const card = panel.getByRole('article', { name: title, exact: true });
    if (await card.count()) return card;
    const pager = panel.getByRole('navigation', { name: /pages$/ });
    if (!(await pager.count())) return null;
    const next = pager.getByRole('button', { name: 'Next' });
    if (await next.isDisabled()) return null;
    const at = Number(
      /Page (\d+) of/.exec((await pager.getByText(/^Page \d+ of \d+$/).textContent()) ?? '')?.[1],
    );
    await next.click();
    await expect(pager.getByText(new RegExp(`^Page ${at + 1} of \\d+$`))).toBeVisible();
  }
}

/** Opens a tab of /gensec-endorse from the first page and finds the card of `title` on it. */
export async function openReview(
  page: Page,
  tab: 'user-skills' | 'skills' | 'achievements',
  title: string,
): Promise<Locator> {
  await page.goto(`/gensec-endorse?tab=${tab}`);
  const card = await findReview(page, title);
  expect(card, `"${title}" is listed on the ${tab} tab`).not.toBeNull();
  await expect(card!).toBeVisible();
  return card!;
}
