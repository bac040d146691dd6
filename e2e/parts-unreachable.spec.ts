import { expect, test } from './support/fixtures';
import { freshStudent } from './support/student-record-pages';

/**
 * A page loads a dialog's code apart from itself (when the browser is idle, or at the first
 * opening). When that fetch fails (the connection drops, or a new release replaced the file), the
 * page goes on working, the failure shows where the dialog would be, and Retry fetches it again.
 */
test.describe('a part of a page that could not be fetched', () => {
  test('the dialog says so in its place, the page stays, and Retry opens it', async ({ page }) => {
    await freshStudent(page, 'part');
    let refused = 0;
    await page.route('**/assets/dialog-content-*.js', async (route) => {
      if (refused < 2) {
        refused += 1;
        await route.abort('internetdisconnected');
      } else await route.continue();
    });
    await page.goto('/skills');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Your Skills (0)' })).toBeVisible();
    // The idle preload is refused first, then the first opening.
    await expect.poll(() => refused, { timeout: 10_000 }).toBe(1);
    await main.getByRole('button', { name: 'Add Skill' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(failure).toHaveText(
      'This part of the page could not be loaded: the connection may be down, or the portal was updated. Try again, or reload the page.Retry',
    );
    expect(refused).toBe(2);
    await expect(main.getByRole('heading', { level: 1, name: 'Your Skills (0)' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await failure.getByRole('button', { name: 'Retry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Skill' });
    await expect(dialog).toBeVisible();
    await expect(failure).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'Skill', exact: true })).toBeVisible();
  });
});
