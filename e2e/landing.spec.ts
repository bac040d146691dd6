import { expect, test } from './support/fixtures';
import { signIn } from './support/accounts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { accountButton, openAccountMenu, portalHeader } from './support/shell';

test.describe('landing pages', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.role} signs in and lands on ${account.landing}`, async ({
      page,
      checkAccessible,
      checkPhoneWidth,
    }) => {
      await signIn(page, account.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${account.landing}$`));
      const header = page.getByRole('main').locator('header').first();
      await expect(header.getByRole('heading', { level: 1, name: account.heading })).toBeVisible();
      // The portal's header holds the bell and the account menu with Logout (deviation 71).
      await expect(portalHeader(page).getByRole('button', { name: /^Notifications/ })).toBeVisible();
      await expect(accountButton(page)).toHaveAccessibleName(`Account menu, ${account.name}`);
      const menu = await openAccountMenu(page);
      await expect(menu.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
      await page.keyboard.press('Escape');
      if (account.role === 'PRESIDENT')
        await expect(header.getByText('Presidential Access')).toBeVisible();
      await checkAccessible();
      await checkPhoneWidth();

      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`${account.landing}$`));
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(new RegExp(`${account.landing}$`));
    });
  }

  test('a student opening /president-dashboard lands on /unauthorised', async ({ page }) => {
    const student = demoAccount('STUDENT');
    await signIn(page, student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/president-dashboard');
    await expect(page).toHaveURL(/\/unauthorised$/);
    await expect(
      page.getByRole('heading', { level: 1, name: '403 - Unauthorised Access' }),
    ).toBeVisible();
  });
});
