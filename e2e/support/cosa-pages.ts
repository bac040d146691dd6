import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// Steps the browser tests of position admin and the position views share beyond page-steps.ts:
// the positions list as it loads and as it is searched.

/** The open tab's panel once its list or empty state has loaded. */
export async function loaded(page: Page): Promise<Locator> {
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(/^Showing \d+ of \d+ position/)).toBeVisible();
  await expect(panel.locator('ul[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

/** Types `text` into the open tab's search box `label` and waits for `expected` and the list. */
export async function search(
  page: Page,
  label: string,
  text: string,
  expected: string | RegExp,
): Promise<Locator> {
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox', { name: label }).fill(text);
  await expect(panel.getByText(expected)).toBeVisible();
  await expect(panel.locator('ul[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

/** Chooses `action` (Edit, Retire, Delete) from the "More actions" menu of the card naming `subject`. */
export async function choose(page: Page, scope: Locator, subject: string, action: string) {
  await scope.getByRole('button', { name: `More actions for ${subject}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
