import type { Page } from '@playwright/test';
import { expect, portalContext, test } from './support/fixtures';
import { onboardedStudentByApi, signIn } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';

/**
 * The institute administrator's users and roles (issue 13, deviation 60): the overview, search,
 * a role change with a club, deactivation (the user's open session ends and sign-in says why) and
 * reactivation. Accounts that change are made by the test, so the demo accounts stay as they are.
 */

const ADMIN = demoAccount('ADMIN');
const STUDENT = demoAccount('STUDENT');
const DEACTIVATED = 'This account has been deactivated. Contact the student affairs office.';

/** The newest toast saying `text` (an earlier one may still be showing). */
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
}

/** Opens /admin/users, searches, and opens the user whose card links by this name. */
async function openUser(page: Page, search: string, name: string): Promise<void> {
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(search);
  await expect(page.getByText(/^Showing 1 of \d+ users$/)).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Presses an action, checks the confirmation dialog's title, confirms, and waits for the toast. */
async function confirmed(
  page: Page,
  action: string,
  title: string,
  confirm: string,
  done: string,
): Promise<void> {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(toast(page, done)).toBeVisible();
  await expect(dialog).toBeHidden();
}

const account = (page: Page) => page.getByRole('region', { name: 'Account' });
const detail = (page: Page, label: string) =>
  account(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('administration: users and roles', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the administrator lands on /admin, finds a demo student by search; the pages pass axe and fit 375 px', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('heading', { name: 'Set up your campus' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Import the student roll' })).toHaveAttribute(
      'href',
      '/admin/import',
    );
    await checkAccessible();
    await checkPhoneWidth();

    await page.setViewportSize({ width: 1280, height: 800 });
    await openUser(page, STUDENT.name, STUDENT.name);
    await expect(detail(page, 'E-mail')).toHaveText(STUDENT.email);
    await expect(detail(page, 'Role')).toHaveText('Student');
    await checkAccessible();
    await checkPhoneWidth();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/users?role=ADMIN');
    await expect(page.getByRole('link', { name: ADMIN.name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users/export?role=ADMIN',
    );
    await checkAccessible();
    await checkPhoneWidth();
  });

  test('makes a student the coordinator of a club, then a student again', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
  }) => {
    const student = await onboardedStudentByApi((await portalContext(browser, baseURL)).request, 'role');
    await signInAsAdmin(page);
    await openUser(page, student.email, student.name);

    const change = page.getByRole('button', { name: 'Change role', exact: true });
    await expect(change).toBeDisabled();
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Club Coordinator' });
    await page.getByLabel(/^Club/).selectOption({ label: 'Chess Club' });
    await page.getByRole('button', { name: 'Change role', exact: true }).click();
    const dialog = page.getByRole('dialog', {
      name: `Make ${student.name} the coordinator of Chess Club?`,
    });
    await expect(dialog).toContainText('will coordinate Chess Club');
    await checkAccessible();
    await dialog.getByRole('button', { name: 'Change role', exact: true }).click();
    await expect(toast(page, 'Role changed.')).toBeVisible();
    await expect(detail(page, 'Role')).toHaveText('Club Coordinator');
    await expect(detail(page, 'Club')).toHaveText('Chess Club');

    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Student' });
    await confirmed(
      page,
      'Change role',
      `Make ${student.name} a student?`,
      'Change role',
      'Role changed.',
    );
    await expect(detail(page, 'Role')).toHaveText('Student');
    await expect(detail(page, 'Club')).toHaveText('None');
  });

  test('deactivates a user: their open session ends, sign-in says why; reactivated, they sign in again', async ({
    page,
    browser,
    baseURL,
  }) => {
    const theirs = await portalContext(browser, baseURL);
    const student = await onboardedStudentByApi(theirs.request, 'deact');
    const theirPage = await theirs.newPage();
    await theirPage.goto('/home');
    await expect(theirPage.getByRole('heading', { name: `Welcome, ${student.name}` })).toBeVisible();

    await signInAsAdmin(page);
    await openUser(page, student.email, student.name);
    await confirmed(
      page,
      'Deactivate account',
      `Deactivate ${student.name}?`,
      'Deactivate',
      'Account deactivated. Every session of this account has ended.',
    );
    await expect(account(page).getByText('Deactivated', { exact: true }).first()).toBeVisible();

    // Their browser is signed out at its next request.
    await theirPage.reload();
    await expect(theirPage).toHaveURL(/\/login/);
    await signIn(theirPage, student.email, student.password);
    await expect(theirPage.getByRole('alert')).toHaveText(DEACTIVATED);
    await expect(theirPage).toHaveURL(/\/login/);

    await confirmed(
      page,
      'Reactivate account',
      `Reactivate ${student.name}?`,
      'Reactivate',
      'Account reactivated.',
    );
    await signIn(theirPage, student.email, student.password);
    await expect(theirPage).toHaveURL(/\/home$/);
    await theirs.close();
  });
});
