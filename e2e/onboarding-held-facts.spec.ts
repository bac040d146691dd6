import type { APIRequestContext } from '@playwright/test';
import { expect, otherBrowser, test } from './support/fixtures';
import { registerVerifiedByApi, signIn, uniqueStudent } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';

/**
 * Onboarding shows what the institute already holds (decision 0015): a student registers, the
 * administrator's roll import then gives their account its program, discipline and admission
 * year, and the onboarding form shows those read-only under 'Kept by the institute' and asks only
 * for the mobile number. Texts typed from the product's messages.
 */

const ADMIN = demoAccount('ADMIN');
const HEADER = 'Student ID,Name,Email,Program,Discipline,Admission year';

/** The administrator previews and imports a roll through the API, as the import page does. */
async function importRoll(request: APIRequestContext, lines: string[]): Promise<void> {
  const file = {
    name: 'roll.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`),
  };
  const preview = await request.post('/api/admin/imports/preview', { multipart: { file } });
  expect(preview.status()).toBe(200);
  const { digest } = (await preview.json()) as { digest: string };
  const imported = await request.post('/api/admin/imports', { multipart: { file, digest } });
  expect(imported.status()).toBe(200);
}

test.describe('onboarding with the facts the institute holds', () => {
  test.describe.configure({ timeout: 90_000 });

  test('shows the roll’s facts read-only, asks only for the mobile number, and keeps them', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const student = uniqueStudent('held');
    await registerVerifiedByApi(page.request, student);
    const admin = await otherBrowser(browser, baseURL);
    await signIn(admin.page, ADMIN.email, DEMO_PASSWORD);
    await expect(admin.page).toHaveURL(/\/admin$/);
    await importRoll(admin.page.request, [
      `${student.studentId},${student.name} Rao,${student.email},M.Tech,Physics,2023`,
    ]);
    await admin.context.close();

    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { level: 1, name: 'Student Registration' })).toBeVisible();
    const kept = page.getByRole('group', { name: 'Kept by the institute' });
    await expect(kept).toContainText(
      'The institute’s student roll already gives these. They appear on your transcript and credentials. If one is wrong, complete your registration, then ask for a correction on your profile.',
    );
    await expect(kept.getByLabel('Official name')).toHaveValue(`${student.name} Rao`);
    for (const [label, value] of [
      ['Student ID number', student.studentId],
      ['Program', 'M.Tech'],
      ['Discipline', 'Physics'],
      ['Admission year', '2023'],
    ] as const) {
      await expect(kept.getByLabel(label)).toHaveValue(value);
      await expect(kept.getByLabel(label)).toHaveAttribute('readonly', '');
    }
    // Nothing the institute holds is asked again: one field each, the read-only one.
    await expect(page.getByLabel('Program')).toHaveCount(1);
    await expect(page.getByLabel('Admission year')).toHaveCount(1);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('Mobile number').fill(`98${student.studentId.slice(-8)}`);
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/profile');
    const facts = page.getByRole('region', { name: 'Kept by the institute' });
    await expect(facts).toContainText('M.Tech');
    await expect(facts).toContainText('Physics');
    await expect(facts).toContainText('2023');
    await expect(facts).toContainText(student.studentId);
  });
});
