import { expect, test } from './support/fixtures';

const HEADING = '403 - Unauthorised Access';
const TEXT = 'You do not have permission to view this page.';

test.describe('access', () => {
  test('/unauthorised shows the access-denied page with the footer', async ({
    page,
    request,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const config = (await (await request.get('/api/config')).json()) as {
      instituteName: string;
      timeZone: string;
    };
    const year = new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone, year: 'numeric' }).format(
      new Date(),
    );

    await page.goto('/unauthorised');
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(page.getByText(TEXT, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${config.instituteName}`);
    await expect(page).toHaveTitle('COSA Portal');

    await checkAccessible();
    await checkPhoneWidth();
    await expect(page.getByRole('heading', { name: HEADING })).toBeVisible();
  });

  test('an unknown path sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/ sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a guarded page sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/president-dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
