import { expect, test } from './support/fixtures';
import { signIn } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';

const ADMIN = demoAccount('ADMIN');

/**
 * On a phone a list page's filters fold into a bottom sheet (deviation 76): one "Filters" button
 * naming how many are set, the same controls in the sheet, the list narrowed at once.
 */
test('at 375 px /admin/users folds its filters behind "Filters" into a bottom sheet', async ({
  page,
  checkAccessible,
  checkPhoneWidth,
}) => {
  await signIn(page, ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/users');
  const row = page.getByRole('search', { name: 'Search users' });
  const filters = row.getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toBeVisible();
  await expect(page.getByLabel('Role')).toHaveCount(0);
  await expect(page.getByText(/^Showing \d+ of \d+ users$/)).toBeVisible();
  await checkPhoneWidth();

  await filters.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  // The sheet sits along the bottom edge of the screen.
  const box = (await sheet.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(812);
  await checkAccessible();
  await sheet.getByLabel('Role').selectOption({ label: 'Administrator' });
  await expect(page).toHaveURL(/role=ADMIN/);
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(sheet).toHaveCount(0);
  const counted = row.getByRole('button', { name: 'Filters (1)' });
  await expect(counted).toBeFocused();
  await expect(page.getByRole('link', { name: ADMIN.name }).first()).toBeVisible();

  // At a desktop's width the row is as it was: the controls in line, no Filters button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row.getByLabel('Role')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
});
