import type { Locator, Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './fixtures';

// What the notification and announcement browser tests share.

const DESKTOP = { width: 1280, height: 800 } as const;

/** The header's bell, whatever its count. */
export const bellOf = (page: Page): Locator => page.getByRole('button', { name: /^Notifications/ });

/** axe and the 375 px check, then back to the desktop width. */
export async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.setViewportSize(DESKTOP);
}
