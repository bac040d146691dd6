import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { demoAccount, signInByApi } from './support/demo-accounts';

const PRESIDENT = demoAccount('PRESIDENT');
const COORDINATOR = demoAccount('CLUB_COORDINATOR');

/**
 * The term report (decision 0044), on the demo campus: the president reads the current tenure for
 * the whole council, section by section with its tables, and downloads one chart's table as CSV;
 * the Coding Club's coordinator reads their club's report only. The page is scanned by axe and
 * checked at a phone's width.
 */
test.describe('the term report', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the president reads reach, attendance, feedback speed and cost per attendee, and downloads a CSV', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await signInByApi(page.request, PRESIDENT.email);
    await page.goto('/reports');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Term report' })).toBeVisible();
    await expect(main.getByText('All of the council')).toBeVisible();
    await expect(main.getByRole('combobox', { name: 'Tenure' })).toHaveValue(/^\d{4}-\d{4}$/);

    const reach = main.getByRole('region', { name: 'Reach', exact: true });
    // The demo campus's figures change with the day; a count of 1 to 4 reads "Fewer than 5".
    await expect(
      reach.getByText(/^(?:[\d,]+|Fewer than 5) of [\d,]+ students(?: \(\d+%\))? took part\.$/),
    ).toBeVisible();
    await expect(reach.getByRole('img', { name: /^By batch/ })).toBeVisible();
    await expect(reach.getByRole('table', { name: 'Students who took part, by batch' })).toBeVisible();

    const events = main.getByRole('region', { name: 'Events', exact: true });
    await expect(events.getByLabel('Events in all').getByText('Attended')).toBeVisible();
    await expect(events.getByRole('table', { name: 'Events by category' })).toBeVisible();
    await expect(events.getByRole('table', { name: 'Events by club' })).toBeVisible();

    const feedback = main.getByRole('region', { name: 'Feedback', exact: true });
    const byType = feedback.getByRole('table', { name: 'Feedback by type' });
    await expect(byType.getByRole('columnheader', { name: 'Half within (p50)' })).toBeVisible();
    await expect(byType.getByRole('rowheader', { name: 'All feedback' })).toBeVisible();

    const budgets = main.getByRole('region', { name: 'Budgets', exact: true });
    const costs = budgets.getByRole('table', { name: 'Budgets and cost per attendee' });
    await expect(costs.getByRole('columnheader', { name: 'Cost per attendee' })).toBeVisible();
    await expect(costs.getByRole('rowheader', { name: 'All units' })).toBeVisible();

    // The feedback chart's table as a file: the CSV link carries the period shown.
    const tenure = await main.getByRole('combobox', { name: 'Tenure' }).inputValue();
    const link = feedback.getByRole('link', { name: 'Download CSV of the feedback' });
    await expect(link).toHaveAttribute(
      'href',
      `/api/reports/term/export?chart=feedback&tenure=${tenure}`,
    );
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/)[0]).toBe(
      'Type,Received,Resolved,Resolved (%),Median hours to resolve,90th percentile hours',
    );
    expect(text).toContain('All feedback,');

    await checkAccessible();
    await checkPhoneWidth();
  });

  test('a club coordinator reads the report of their own club', async ({ page, checkAccessible }) => {
    await signInByApi(page.request, COORDINATOR.email);
    await page.goto('/reports');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Term report' })).toBeVisible();
    await expect(main.getByRole('definition').filter({ hasText: 'Coding Club' })).toBeVisible();
    await expect(main.getByText('All of the council')).toHaveCount(0);
    await expect(main.getByRole('region', { name: 'Reach', exact: true })).toBeVisible();
    await checkAccessible();
  });

  test('the president reads the last 60 days, with no group under 5 shown by its number', async ({
    page,
  }) => {
    await signInByApi(page.request, PRESIDENT.email);
    await page.goto('/reports');
    const main = page.getByRole('main');
    // The tenure's report first, so that nothing loading resets the form being filled.
    await expect(main.getByRole('region', { name: 'Reach', exact: true })).toBeVisible();
    await main.getByRole('combobox', { name: 'Period' }).selectOption('Date range');
    // The demo campus's past events and answered feedback lie in the last 50 days.
    const day = (daysAgo: number) =>
      new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const range = main.getByRole('form', { name: 'Date range' });
    await range.getByRole('textbox', { name: 'From', exact: true }).fill(day(60));
    await range.getByRole('textbox', { name: 'To', exact: true }).fill(day(0));
    await expect(range.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(day(60));
    await range.getByRole('button', { name: 'Show report' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${day(60)}&to=${day(0)}`));

    const reach = main.getByRole('region', { name: 'Reach', exact: true });
    await expect(reach.getByText(/^\d[\d,]* of \d[\d,]* students \(\d+%\) took part\.$/)).toBeVisible();
    const feedback = main.getByRole('region', { name: 'Feedback', exact: true });
    const all = feedback.getByRole('row', { name: /^All feedback/ });
    await expect(all.getByRole('cell').nth(4)).toHaveText(/^[\d.]+ (h|days?)$/);
    const budgets = main.getByRole('region', { name: 'Budgets', exact: true });
    await expect(budgets.getByRole('cell', { name: /^₹[\d,]+$/ }).first()).toBeVisible();
    const events = main.getByRole('region', { name: 'Events', exact: true });
    await expect(events.getByRole('table', { name: 'Events by club' })).toBeVisible();

    // Every column that counts people holds 0, 5 or more, or "fewer than 5": never 1 to 4.
    const small = await main.evaluate((root) => {
      const PEOPLE =
        /^(Students|Took part|Registrations|Attended|No-shows|Received|Resolved|Decided|Waiting|Attendances|Eligible|Voted)$/;
      const found: string[] = [];
      for (const table of Array.from(root.querySelectorAll('table'))) {
        const headers = Array.from(table.querySelectorAll('thead th')).map(
          (th) => th.textContent?.trim() ?? '',
        );
        for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
          Array.from(row.children).forEach((cell, index) => {
            const text = cell.textContent?.trim() ?? '';
            if (PEOPLE.test(headers[index] ?? '') && /^[1-4]$/.test(text))
              found.push(`${table.querySelector('caption')?.textContent}: ${headers[index]} ${text}`);
          });
        }
      }
      return found;
    });
    expect(small).toEqual([]);
  });
});
