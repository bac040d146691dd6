import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signIn, uniqueStudent } from './support/accounts';
import { DEMO_PASSWORD, INSTITUTE_DOMAIN, demoAccount } from './support/demo-accounts';
import { latestMailTo, resetLinkPath } from './support/mail';
import { logOutThroughMenu } from './support/shell';

/**
 * CSV import of the student roll (issue 13, deviation 60): the demo administrator uploads a small
 * roll with two good rows and one bad, sees the preview and the refusal, imports, finds the new
 * student in Users and roles, and the student claims the account through "Forgot password".
 * Every student of the file is new to the run (unique ids and addresses).
 */

const ADMIN = demoAccount('ADMIN');
const DOMAIN_REASON = `Email must be an @${INSTITUTE_DOMAIN} address.`;
const NOT_CLAIMED =
  'This account was created from the student roll and has not been claimed yet. Use "Forgot Password?" to get a link at this e-mail address.';

/** Writes a roll file under a fresh temporary folder and returns its path. */
function rollFile(lines: string[]): { file: string; cleanUp: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cosa-roll-'));
  const file = path.join(dir, 'roll.csv');
  writeFileSync(
    file,
    `${['Student ID,Name,Email,Program,Discipline,Admission year', ...lines].join('\r\n')}\r\n`,
  );
  return { file, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
}

test.describe('administration: importing the student roll', () => {
  test.describe.configure({ timeout: 120_000 });

  test('previews a roll with a refused row, imports the good ones, and an imported student claims the account', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const [first, second, third] = [uniqueStudent('roll'), uniqueStudent('roll'), uniqueStudent('roll')];
    const { file, cleanUp } = rollFile([
      `${first.studentId},${first.name},${first.email},B.Tech,Computer Science & Engineering,2024`,
      `${second.studentId},${second.name},${second.email},MSc,Physics,2023`,
      `${third.studentId},${third.name},${third.email.replace(`@${INSTITUTE_DOMAIN}`, '@gmail.com')},B.Tech,Physics,2024`,
    ]);
    try {
      await signInAsAdmin(page);
      await page.getByRole('link', { name: 'Import students' }).click();
      await expect(page).toHaveURL(/\/admin\/import$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Import students' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download template' })).toHaveAttribute(
        'download',
        'student-roll-template.csv',
      );
      await checkAccessible();
      await checkPhoneWidth();
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByLabel('Roll file (CSV)').setInputFiles(file);
      await page.getByRole('button', { name: 'Preview import' }).click();
      const preview = page.getByRole('region', { name: 'Preview of roll.csv' });
      await expect(preview).toBeVisible();
      const count = (label: string) =>
        preview
          .locator('dt', { hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::dd[1]');
      await expect(count('New')).toHaveText('2');
      await expect(count('Refused')).toHaveText('1');
      await expect(count('Changed')).toHaveText('0');
      await expect(preview.getByRole('tab', { name: 'Refused (1)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(
        preview.getByRole('article', { name: 'Row 4' }).getByText(DOMAIN_REASON),
      ).toBeVisible();
      await checkAccessible();
      await checkPhoneWidth();
      await page.setViewportSize({ width: 1280, height: 800 });

      await preview.getByRole('button', { name: 'Import 2 students' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import 2 students?' });
      await expect(dialog).toBeVisible();
      await checkAccessible();
      await dialog.getByRole('button', { name: 'Import 2 students' }).click();
      const result = page.getByRole('region', { name: 'Import finished' });
      await expect(
        result.getByText(
          'Imported roll.csv: 2 new and 0 changed students. 1 refused row was skipped; correct them and import the file again.',
        ),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await checkAccessible();
      await checkPhoneWidth();
      await page.setViewportSize({ width: 1280, height: 800 });

      // The new student is in Users and roles.
      await page.goto('/admin/users');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(first.studentId);
      await expect(page.getByText(/^Showing 1 of \d+ users$/)).toBeVisible();
      await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();

      // The student has no password yet: sign-in says how to claim the account, and the reset link claims it.
      await logOutThroughMenu(page);
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, first.email, 'any-password-at-all');
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(NOT_CLAIMED);
      const asked = Date.now();
      await page.goto('/forgot-password');
      await page.getByRole('main').getByLabel('Email').fill(first.email);
      await page.getByRole('main').getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('main').getByText('Reset link sent successfully!')).toBeVisible();
      await page.goto(resetLinkPath(await latestMailTo(first.email, { after: asked })));
      await page.getByRole('main').getByLabel('New Password').fill(first.password);
      await page.getByRole('main').getByRole('button', { name: 'Reset Password' }).click();
      await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
      await signIn(page, first.email, first.password);
      await expect(page).toHaveURL(/\/home$/);
      await expect(
        page.getByRole('heading', { level: 1, name: `Welcome, ${first.name}` }),
      ).toBeVisible();
    } finally {
      cleanUp();
    }
  });
});
