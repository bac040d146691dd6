import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  otherBrowser,
  test,
} from './support/fixtures';
import { registerVerifiedByApi, signIn, onboardedStudentByApi, uniqueStudent } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { bellOf } from './support/notification-pages';
import { DESKTOP, toast } from './support/page-steps';
import { get, studentWithVerifiedRecords } from './support/transcript-records';

/**
 * The facts the institute keeps (decision 0015): a student asks for a correction of their
 * official name on /profile, the administrator approves it on /admin/corrections, and the profile
 * and a new transcript's verification page carry the corrected name. A student whose Student ID
 * another account typed asks the administrator for it from onboarding; the administrator gives it
 * to them on /admin/student-ids. The administrator hears of each from the bell, and the /admin
 * overview counts what waits. Texts typed from the product's messages.
 */

const ADMIN = demoAccount('ADMIN');
const CLAIMED =
  'Another account has claimed this Student ID. If it is yours, ask the administrator to give it to you: they check it against the student roll.';

test.describe('the facts the institute keeps', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a correction request: the student files, the administrator approves, the profile and the verify page show it', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const { student } = await studentWithVerifiedRecords(page.request, browser, baseURL, 'facts');
    const corrected = `${student.name} Official`;

    await page.goto('/profile');
    const kept = page.getByRole('region', { name: 'Kept by the institute' });
    await expect(kept).toContainText(
      'Your official name, student ID, program, discipline, admission year and CGPA come from the institute’s student roll.',
    );
    await expect(kept).toContainText(student.name);
    await expect(kept).toContainText(student.studentId);
    // A student onboarded without the roll has no CGPA on the institute's record yet.
    await expect(kept).toContainText('CGPA');
    await expect(kept).toContainText('Not on the institute’s record');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    await kept.getByRole('button', { name: 'Ask for a correction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for a correction' });
    // Nothing filled: each field says what it needs.
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toContainText('Choose the fact to correct.');
    await expect(dialog).toContainText('Say why the institute’s value is wrong.');
    await dialog.getByLabel('Fact to correct').selectOption('Official name');
    await dialog.getByLabel('Correct value').fill(corrected);
    await dialog.getByLabel('Why is the institute’s value wrong?').fill('My certificate spells it so.');
    await checkAccessible();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(toast(page, 'Your correction request was sent to the administrator.')).toBeVisible();
    const mine = kept.getByRole('list', { name: 'My correction requests' });
    await expect(mine).toContainText(`Official name: ${corrected}`);
    await expect(mine).toContainText('Waiting for the administrator');

    const admin = await otherBrowser(browser, baseURL);
    await signIn(admin.page, ADMIN.email, DEMO_PASSWORD);
    await expect(admin.page).toHaveURL(/\/admin$/);
    // The overview counts what waits; the bell counts the queue and leads to it.
    const openBefore = await waitingCount(admin.page, 'Corrections to decide');
    expect(openBefore).toBeGreaterThanOrEqual(1);
    await bellOf(admin.page).click();
    await admin.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: /^\d+ correction requests? waits? for your decision$/ })
      .click();
    await expect(admin.page).toHaveURL(/\/admin\/corrections$/);
    await expect(
      admin.page.getByRole('heading', { level: 1, name: 'Correction requests' }),
    ).toBeVisible();
    const card = admin.page.getByRole('region', { name: `Official name of ${student.name}` });
    await expect(card).toContainText(corrected);
    await expect(card).toContainText('My certificate spells it so.');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin.page, 'Correction approved.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await admin.page.getByRole('button', { name: 'Approved' }).click();
    await expect(
      admin.page.getByRole('region', { name: `Official name of ${student.name}` }),
    ).toContainText('Approved');
    await expectAccessibleOn(admin.page);
    await admin.page.getByRole('link', { name: 'Overview' }).click();
    await expect.poll(() => waitingCount(admin.page, 'Corrections to decide')).toBe(openBefore - 1);
    await admin.context.close();

    await page.reload();
    await expect(kept).toContainText(corrected);
    await expect(kept.getByRole('list', { name: 'My correction requests' })).toContainText('Approved');

    // A transcript issued now names the student by the corrected official name.
    const records = await get<{ achievements: { id: string }[] }>(
      page.request,
      '/api/me/transcript-records',
    );
    const issued = await page.request.post('/api/me/transcripts', {
      data: { achievementIds: [records.achievements[0]!.id] },
    });
    expect(issued.status()).toBe(201);
    const { transcript } = (await issued.json()) as { transcript: { id: string } };
    await page.goto(`/verify/${transcript.id}`);
    await expect(page.getByRole('main')).toContainText(student.studentId);
    await expect(page.getByRole('main')).toContainText(corrected);
  });

  test('a squatted Student ID: the owner asks from onboarding, the administrator gives it to them on the conflicts page', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const squatterBrowser = await otherBrowser(browser, baseURL);
    const squatter = await onboardedStudentByApi(squatterBrowser.page.request, 'squatter');
    await squatterBrowser.context.close();
    const owner = { ...uniqueStudent('owner'), studentId: squatter.studentId };
    await registerVerifiedByApi(page.request, owner);

    await page.goto('/onboarding');
    await page.getByLabel('Student ID number').fill(owner.studentId);
    await page.getByLabel('Mobile number').fill(`97${owner.studentId.slice(-8)}`);
    await page.getByLabel('Admission year').fill(String(new Date().getFullYear() - 1));
    await page.getByLabel('Program').selectOption('B.Tech');
    await page.getByLabel('Discipline').selectOption('Physics');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page.getByText(CLAIMED)).toBeVisible();
    await page.getByRole('button', { name: 'Ask the administrator for this ID' }).click();
    await expect(
      page.getByText(
        'The administrator was asked to check this Student ID. You will be notified of the answer; until then you can use the portal without it.',
      ),
    ).toBeVisible();

    const admin = await otherBrowser(browser, baseURL);
    await signIn(admin.page, ADMIN.email, DEMO_PASSWORD);
    await expect(admin.page).toHaveURL(/\/admin$/);
    expect(await waitingCount(admin.page, 'ID conflicts to settle')).toBeGreaterThanOrEqual(1);
    await bellOf(admin.page).click();
    await admin.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: /^\d+ Student ID claims? waits? for your decision$/ })
      .click();
    await expect(admin.page).toHaveURL(/\/admin\/student-ids$/);
    const card = admin.page.getByRole('region', { name: `Student ID ${owner.studentId}` });
    await expect(card).toContainText('Asked for by a student');
    await expect(card).toContainText(owner.email);
    await expect(card).toContainText(squatter.email);
    await expect(card).toContainText('Typed by the student, unproven');
    await expectAccessibleOn(admin.page);
    // A decision needs a reason both students read.
    await card.getByRole('button', { name: 'Give it to the student who asked' }).click();
    await expect(card).toContainText('Give a reason: the students concerned read it.');
    await card
      .getByLabel('Reason (both students read it)')
      .fill('The admission register names the owner.');
    await card.getByRole('button', { name: 'Give it to the student who asked' }).click();
    await expect(toast(admin.page, 'Student ID settled.')).toBeVisible();
    await admin.page.getByRole('button', { name: 'Settled' }).click();
    await expect(
      admin.page.getByRole('region', { name: `Student ID ${owner.studentId}` }),
    ).toContainText('Given to the student who asked: The admission register names the owner.');
    await admin.context.close();
    await checkAccessible();
    await checkPhoneWidth();
  });
});

/** A count of the overview's 'Waiting for your decision', by its link's label. */
async function waitingCount(page: Page, label: string): Promise<number> {
  const item = page
    .getByRole('region', { name: 'Waiting for your decision' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: label }) });
  return Number((await item.locator('span').textContent())?.replace(/,/g, ''));
}

/** The accessibility scan, and no sideways scrolling at 375 px, on another person's page. */
async function expectAccessibleOn(page: Page): Promise<void> {
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize(DESKTOP);
}
