import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test, portalContext } from './support/fixtures';
import { onboardedStudentWithIdByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { created, lookupId } from './support/page-steps';

/**
 * CSV exports of the officials' lists: the president filters /cosa's holders and /viewfeedback,
 * clicks Export CSV, and the downloaded file holds the filtered rows only, anonymous feedback
 * naming nobody. Every record a test makes carries a random suffix.
 */

const PRESIDENT = demoAccount('PRESIDENT');
const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;
const LAST_TENURE = `${THIS_YEAR - 1}-${THIS_YEAR}`;

const HOLDERS_HEADER = [
  'POR ID',
  'Name',
  'Student ID',
  'E-mail',
  'Position ID',
  'Position',
  'Unit',
  'Tenure',
  'Status',
  'Verification',
  'Appointed by',
  'Appointment date',
  'Events organized',
  'Budget utilized (INR)',
  'Created',
];
const FEEDBACK_HEADER = [
  'Given',
  'Type',
  'About',
  'Target',
  'Target detail',
  'Rating',
  'Comments',
  'Anonymous',
  'Author',
  'Author username',
  'Status',
  'Actions taken',
  'Resolved by',
  'Resolved at',
];

/** The records of a CSV file (RFC 4180: quoted fields may hold commas, quotes and line ends), the byte-order mark dropped. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let at = 0; at < body.length; at += 1) {
    const char = body[at]!;
    if (quoted && char === '"' && body[at + 1] === '"') {
      field += '"';
      at += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && char === '\n') {
      record.push(field.replace(/\r$/, ''));
      records.push(record);
      record = [];
      field = '';
    } else {
      field += char;
    }
  }
  return records;
}

/** Clicks Export CSV and reads the file the browser downloaded, as rows keyed by the header. */
async function exported(
  page: Page,
  scope: Locator | Page,
): Promise<{ name: string; text: string; header: string[]; rows: Record<string, string>[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const text = await readFile(await download.path());
  const [header, ...rows] = csvRecords(text.toString('utf8'));
  return {
    name: download.suggestedFilename(),
    text: text.toString('utf8'),
    header: header!,
    rows: rows.map((row) =>
      Object.fromEntries(header!.map((column, index) => [column, row[index] ?? ''])),
    ),
  };
}

test.describe('CSV exports', () => {
  test.describe.configure({ timeout: 90_000 });

  test('/cosa holders: the export holds the filtered holdings only', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = suffix();
    const [current, former] = [
      await onboardedStudentWithIdByApi((await portalContext(browser, baseURL)).request, 'now'),
      await onboardedStudentWithIdByApi((await portalContext(browser, baseURL)).request, 'was'),
    ];
    await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/president-dashboard$/);
    const coding = await lookupId(page.request, 'units', 'Coding Club');
    const { position } = await created<{
      position: { id: string; title: string; positionCode: string };
    }>(page.request, '/api/positions', {
      title: `Export Lead ${tag}`,
      unitId: coding,
      positionType: 'Member',
      positionCount: 2,
      responsibilities: ['Keep the records'],
    });
    const appoint = (userId: string, tenureYear: string, status: string) =>
      created<{ holder: { porCode: string } }>(page.request, '/api/position-holders', {
        userId,
        positionId: position.id,
        tenureYear,
        status,
        confirm: true,
      });
    const active = (await appoint(current.id, TENURE, 'active')).holder;
    const completed = (await appoint(former.id, LAST_TENURE, 'completed')).holder;

    await page.goto('/cosa');
    await page.getByRole('tab', { name: 'View Position Holders (POR)' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('searchbox', { name: 'Search position holders' }).fill(position.title);
    await expect(panel.getByText(/^Showing 2 of \d+ position holders$/)).toBeVisible();
    await panel.getByLabel('Status').selectOption('completed');
    await expect(panel.getByText(/^Showing 1 of \d+ position holders$/)).toBeVisible();

    const file = await exported(page, panel);
    expect(file.name).toMatch(/^position-holders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header).toEqual(HOLDERS_HEADER);
    expect(file.rows).toHaveLength(1);
    expect(file.rows[0]).toMatchObject({
      'POR ID': completed.porCode,
      Name: former.name,
      'Student ID': former.studentId,
      'E-mail': former.email,
      'Position ID': position.positionCode,
      Position: position.title,
      Unit: 'Coding Club',
      Tenure: LAST_TENURE,
      Status: 'Completed',
      Verification: 'Verified',
    });
    expect(file.text).not.toContain(active.porCode);
    expect(file.text).not.toContain(current.name);
  });

  test('/viewfeedback: the export holds the chosen type only, and anonymous feedback names nobody', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = suffix();
    const author = await portalContext(browser, baseURL);
    const student = await onboardedStudentWithIdByApi(author.request, 'fbk');
    const coding = await lookupId(author.request, 'units', 'Coding Club');
    const give = (type: string, comments: string, isAnonymous: boolean) =>
      created(author.request, '/api/feedback', {
        type,
        targetType: 'Club/Organization',
        targetId: coding,
        rating: 3,
        comments,
        isAnonymous,
      });
    await give('Complaint', `The lab closes too early ${tag}`, true);
    await give('Suggestion', `Open the lab on Sundays ${tag}`, false);

    await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/president-dashboard$/);
    await page.goto('/viewfeedback');
    await page.getByLabel('Feedback type').selectOption('Complaint');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/feedback/export?status=all&type=Complaint',
    );

    const file = await exported(page, page);
    expect(file.name).toMatch(/^feedback-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header).toEqual(FEEDBACK_HEADER);
    const complaint = file.rows.find((row) => row.Comments === `The lab closes too early ${tag}`);
    expect(complaint).toMatchObject({
      Type: 'Complaint',
      About: 'Club or organization',
      Target: 'Coding Club',
      Rating: '3',
      Anonymous: 'Yes',
      Author: '',
      'Author username': '',
      Status: 'Unresolved',
    });
    expect(complaint!.Given).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(file.rows.every((row) => row.Type === 'Complaint')).toBe(true);
    expect(file.text).not.toContain(`Open the lab on Sundays ${tag}`);
    for (const secret of [student.name, student.email, student.id])
      expect(file.text).not.toContain(secret);
    await author.close();
  });
});
