import { readFile } from 'node:fs/promises';
import { unzipSync, strFromU8 } from 'fflate';
import { expect, otherBrowser, test } from './support/fixtures';
import { onboardedStudentWithIdByApi } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { DESKTOP, toast } from './support/page-steps';

const ADMIN = demoAccount('ADMIN');

/**
 * A student's requests about their data (decision 0041): a copy of everything, prepared in the
 * background and downloaded as a ZIP, and the erasure of the account, scheduled and cancelled by
 * the student and by the administrator. Every student is made for this run.
 */
test.describe('privacy: a copy of my data and erasure', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a student asks for a copy of their data and downloads the ZIP', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const student = await onboardedStudentWithIdByApi(page.request, 'copy');
    await page.goto('/settings/privacy');
    await page.getByRole('button', { name: 'Ask for a copy of my data' }).click();
    const copies = page.getByRole('list', { name: 'Your copies' });
    const download = copies.getByRole('link', { name: /^Download \(ZIP, \d+ KB\)$/ });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^cosa-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile(await file.path())));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['README.txt', 'data.json', 'account.csv', 'record-access-log.csv']),
    );
    const data = JSON.parse(strFromU8(zip['data.json']!)) as {
      account: { name: string; email: string; studentId: string; phone: string };
    };
    expect(data.account).toMatchObject({
      name: student.name,
      email: student.email,
      studentId: student.studentId,
      phone: `98${student.studentId.slice(-8)}`,
    });
  });

  test('a student schedules the erasure; the administrator sees it, cancels it, then asks on their behalf', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
  }) => {
    const student = await onboardedStudentWithIdByApi(page.request, 'erase');
    await page.goto('/settings/privacy');
    await page.getByRole('button', { name: 'Erase my account' }).click();
    const ask = page.getByRole('dialog', { name: 'Erase your account?' });
    await ask.getByRole('button', { name: 'Erase my account' }).click();
    await expect(
      page.getByText(
        /^Your account will be erased on \d{1,2} \w{3} \d{4}\. Until then you can cancel\.$/,
      ),
    ).toBeVisible();
    await checkAccessible();

    const admin = await otherBrowser(browser, baseURL);
    await signInByApi(admin.page.request, ADMIN.email);
    await admin.page.goto(`/admin/users/${student.id}`);
    const card = admin.page.getByRole('region', { name: 'Erasure' });
    await expect(card).toContainText('as the student asked.');
    await card.getByRole('button', { name: 'Cancel the erasure' }).click();
    const keep = admin.page.getByRole('dialog', { name: `Keep ${student.name}'s account?` });
    await keep.getByRole('button', { name: 'Cancel the erasure' }).click();
    await expect(toast(admin.page, 'The erasure was cancelled.')).toBeVisible();

    await card.getByRole('button', { name: 'Erase account' }).click();
    const schedule = admin.page.getByRole('dialog', { name: `Erase ${student.name}'s account?` });
    await schedule.getByRole('button', { name: 'Schedule the erasure' }).click();
    await expect(schedule.getByText('Say why the account is to be erased.').first()).toBeVisible();
    await schedule.getByLabel('Reason').fill('Asked in writing at the student affairs office.');
    await schedule.getByRole('button', { name: 'Schedule the erasure' }).click();
    await expect(toast(admin.page, 'The erasure is scheduled.')).toBeVisible();
    await expect(card).toContainText('as an administrator asked.');
    await checkAccessible({});
    await admin.context.close();

    await page.reload();
    await expect(
      page.getByText(/, as the administrator asked on your behalf\. Until then you can cancel\.$/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel the erasure' }).click();
    await page
      .getByRole('dialog', { name: 'Keep your account?' })
      .getByRole('button', { name: 'Keep my account' })
      .click();
    await expect(page.getByRole('button', { name: 'Erase my account' })).toBeVisible();
  });
});
