import type { Locator, Page } from '@playwright/test';

/** The portal's header on every signed-in page: the bell, the search and the account menu. */
export function portalHeader(page: Page): Locator {
  return page.getByRole('banner');
}

/** The account button of the header: the user's photo, or their initials. */
export function accountButton(page: Page): Locator {
  return portalHeader(page).getByRole('button', { name: /^Account menu, / });
}

/** Opens the header's account menu and returns it (Profile, notification pages, Logout). */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await accountButton(page).click();
  return page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'Logout' }) });
}

/** Signs out through the header's account menu. */
export async function logOutThroughMenu(page: Page): Promise<void> {
  await (await openAccountMenu(page)).getByRole('link', { name: 'Logout' }).click();
}

/** The side navigation of a wide screen. */
export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}
