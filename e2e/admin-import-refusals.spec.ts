import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, test } from './support/fixtures';
import { signIn } from './support/accounts';
import { DEMO_PASSWORD, INSTITUTE_DOMAIN, demoAccount } from './support/demo-accounts';

/**
 * A roll of 20,000 identical rows (issue 30): the preview answers with counts by reason and the
 * first 50 rows of each, not 20,000 rows each naming all the others, and the download holds every
 * refused row with its reasons, one record a row.
 */

const ADMIN = demoAccount('ADMIN');
// Typed by hand from issue 30.
const SAME_ID = 'The same Student ID is on more than one row of the file.';
const SAME_EMAIL = 'The same email is on more than one row of the file.';
const ROW_REASON_ID =
  'The same Student ID is on 20,000 rows of the file: rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 19,990 more.';

test.describe('administration: a roll of 20,000 identical rows', () => {
  test.describe.configure({ timeout: 120_000 });

  test('previews counts by reason with the first 50 rows of each, and downloads every refused row as CSV', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cosa-roll-'));
    const file = path.join(dir, 'same.csv');
    const line = `99100001,Same Student,same.student@${INSTITUTE_DOMAIN},B.Tech,Physics,2024`;
    writeFileSync(
      file,
      `Student ID,Name,Email,Program,Discipline,Admission year\r\n${Array.from({ length: 20_000 }, () => line).join('\r\n')}\r\n`,
    );
    try {
      await signIn(page, ADMIN.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto('/admin/import');
      await expect(
        page.getByText('At most 10 MB and 50,000 students per file.', { exact: false }),
      ).toBeVisible();
      await page.getByLabel('Roll file (CSV)').setInputFiles(file);
      await page.getByRole('button', { name: 'Preview import' }).click();
      const preview = page.getByRole('region', { name: 'Preview of same.csv' });
      await expect(preview).toBeVisible({ timeout: 60_000 });
      await expect(preview.getByRole('tab', { name: 'Refused (20,000)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const reasons = preview.getByRole('list', { name: 'Refused rows by reason' });
      await expect(reasons.locator('summary')).toHaveText([
        `${SAME_ID} (20,000 rows)`,
        `${SAME_EMAIL} (20,000 rows)`,
      ]);
      await expect(
        reasons.getByText('Listing the first 50 of 20,000 rows; the download has them all.').first(),
      ).toBeVisible();
      // The first reason is open with its 50 rows; the second opens on a click.
      await expect(reasons.getByRole('article')).toHaveCount(50);
      await expect(
        reasons.getByRole('article', { name: 'Row 2', exact: true }).getByText(ROW_REASON_ID),
      ).toBeVisible();
      await reasons.locator('summary').nth(1).click();
      await expect(reasons.getByRole('article')).toHaveCount(100);
      await expect(preview.getByRole('button', { name: 'Import 0 students' })).toBeDisabled();
      await checkAccessible();
      await checkPhoneWidth();
      await page.setViewportSize({ width: 1280, height: 800 });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        preview.getByRole('button', { name: 'Download refused rows (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^refused-rows-\d{4}-\d{2}-\d{2}\.csv$/);
      const records = parse(readFileSync(await download.path()), { bom: true }) as string[][];
      expect(records).toHaveLength(20_001);
      expect(records[0]).toEqual([
        'Row',
        'Student ID',
        'Name',
        'Email',
        'Program',
        'Discipline',
        'Admission year',
        'CGPA',
        'Reasons',
      ]);
      expect(records[1]!.slice(0, 7)).toEqual([
        '2',
        '99100001',
        'Same Student',
        `same.student@${INSTITUTE_DOMAIN}`,
        'B.Tech',
        'Physics',
        '2024',
      ]);
      expect(records[1]![7]).toBe('');
      expect(records[1]![8]!.split('\n')[0]).toBe(ROW_REASON_ID);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
