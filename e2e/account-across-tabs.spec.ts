import { expect, test } from './support/fixtures';
import { onboardedStudentByApi } from './support/accounts';

/**
 * The tabs of one browser share one session cookie. A tab never goes on showing one account's
 * record once the browser has signed out or into another account in another tab.
 */
test.describe('the portal open in two tabs', () => {
  test('signing out in one tab takes the other to the login page', async ({ page }) => {
    const student = await onboardedStudentByApi(page.request, 'tabs-out');
    await page.goto('/home');
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${student.name}` }),
    ).toBeVisible();

    const otherTab = await page.context().newPage();
    await otherTab.goto('/logout');
    await expect(otherTab).toHaveURL(/\/login$/);

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(student.name)).toHaveCount(0);
  });

  test('another account signed in and opened in another tab replaces the first one in this tab', async ({
    page,
    playwright,
  }) => {
    const first = await onboardedStudentByApi(page.request, 'tabs-first');
    const outside = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: test.info().project.use.extraHTTPHeaders,
    });
    const second = await onboardedStudentByApi(outside, 'tabs-second');
    await outside.dispose();

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${first.name}` })).toBeVisible();

    // The browser's cookie now names the second student; this tab has not asked since.
    const signIn = await page.request.post('/api/auth/login', {
      data: { email: second.email, password: second.password },
    });
    expect(signIn.status()).toBe(200);
    const otherTab = await page.context().newPage();
    await otherTab.goto('/home');
    await expect(
      otherTab.getByRole('heading', { level: 1, name: `Welcome, ${second.name}` }),
    ).toBeVisible();

    // The first tab reloads, then shows the second student's home.
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${second.name}` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(first.name)).toHaveCount(0);
  });
});
