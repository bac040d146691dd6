import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { freshStudent } from './support/student-record-pages';

const UNAVAILABLE =
  'This part of the page could not be loaded: the connection may be down, or the portal was updated. Try again, or reload the page.';

/** Refuses the dialog's code the first `times` it is asked for; answers how often it was refused. */
async function refuseDialogCode(page: Page, times: number): Promise<() => number> {
  let refused = 0;
  await page.route('**/assets/dialog-content-*.js', async (route) => {
    if (refused < times) {
      refused += 1;
      await route.abort('internetdisconnected');
    } else await route.continue();
  });
  return () => refused;
}

/**
 * A fresh student on /skills while the dialog's code is refused the first `times` it is asked
 * for: once the idle preload has been refused, Add Skill is pressed. Answers the page's main
 * region, its Add Skill button, the failure shown in the dialog's place, and the refusals so far.
 */
async function openAddSkillRefused(page: Page, label: string, times: number) {
  await freshStudent(page, label);
  const refused = await refuseDialogCode(page, times);
  await page.goto('/skills');
  const main = page.getByRole('main');
  // The idle preload is refused first, then the first opening.
  await expect.poll(refused, { timeout: 10_000 }).toBe(1);
  const addSkill = main.getByRole('button', { name: 'Add Skill' });
  await addSkill.click();
  const failure = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  return { main, addSkill, failure, refused };
}

/**
 * A page loads a dialog's code apart from itself (when the browser is idle, or at the first
 * opening). When that fetch fails (the connection drops, or a new release replaced the file), the
 * page goes on working, the failure shows where the dialog would be, and Retry fetches it again.
 */
test.describe('a part of a page that could not be fetched', () => {
  test('the dialog says so in its place, the page stays, and Retry opens it', async ({ page }) => {
    const { main, failure, refused } = await openAddSkillRefused(page, 'part', 2);
    await expect(failure.getByText(UNAVAILABLE)).toBeVisible();
    expect(refused()).toBe(2);
    await expect(main.getByRole('heading', { level: 1, name: 'Your Skills (0)' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await failure.getByRole('button', { name: 'Retry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Skill' });
    await expect(dialog).toBeVisible();
    await expect(failure).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'Skill', exact: true })).toBeVisible();
  });

  test('Close puts the failure aside and the next opening fetches again', async ({ page }) => {
    const { addSkill, failure, refused } = await openAddSkillRefused(page, 'part-close', 2);
    await failure.getByRole('button', { name: 'Close' }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await addSkill.click();
    await expect(page.getByRole('dialog', { name: 'Add Skill' })).toBeVisible();
    expect(refused()).toBe(2);
  });

  test('a Retry that fails again reloads the page, which then opens the dialog', async ({ page }) => {
    const { main, failure, refused } = await openAddSkillRefused(page, 'part-reload', 3);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure.getByText(UNAVAILABLE)).toBeVisible();
    expect(refused()).toBe(3);

    const reloaded = page.waitForEvent('load');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await reloaded;
    await expect(main.getByRole('heading', { level: 1, name: 'Your Skills (0)' })).toBeVisible();
    await main.getByRole('button', { name: 'Add Skill' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Skill' })).toBeVisible();
  });
});
