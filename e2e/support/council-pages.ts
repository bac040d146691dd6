import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { DESKTOP } from './page-steps';

// Steps the council's browser tests share beyond page-steps.ts: toasts leaving.

/**
 * Waits for a toast to leave. A toast stays while the pointer rests on it, so the pointer first moves
 * to the page's bottom-left corner, away from the toasts at the top right.
 */
export async function toastGone(page: Page, shown: Locator): Promise<void> {
  await page.mouse.move(1, (page.viewportSize()?.height ?? DESKTOP.height) - 1);
  await expect(shown).toHaveCount(0, { timeout: 10_000 });
}
