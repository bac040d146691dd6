import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalScroll } from './fixtures';
import { DESKTOP } from './page-steps';

// Steps the council's browser tests share beyond page-steps.ts: toasts leaving and page checks.

/**
 * Waits for a toast to leave. A toast stays while the pointer rests on it, so the pointer first moves
 * to the page's bottom-left corner, away from the toasts at the top right.
 */
export async function toastGone(page: Page, shown: Locator): Promise<void> {
  await page.mouse.move(1, (page.viewportSize()?.height ?? DESKTOP.height) - 1);
  await expect(shown).toHaveCount(0, { timeout: 10_000 });
}

/** axe and the 375 px check of a page of a second browser, then back to the desktop width. */
export async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.setViewportSize(DESKTOP);
}
