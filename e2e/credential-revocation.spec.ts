import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  portalContext,
  test,
} from './support/fixtures';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { DESKTOP } from './support/page-steps';
import { downloadFrom, studentWithVerifiedRecords } from './support/transcript-records';

/**
 * The institute revokes what it signed: the administrator finds a student's credential on
 * /admin/credentials and revokes it with a reason; the public check then says "Revoked" with the
 * date and the reason class (never the private note), and the student's list says so too.
 * Expected texts are typed from the issue and the product's messages.
 */
test.describe('credential revocation', () => {
  // Three people in turn, four accessibility scans and a download: about 9 s on an idle machine,
  // over 30 s beside the PostgreSQL pass of CI.
  test.describe.configure({ timeout: 90_000 });

  test('the administrator revokes a credential with a reason, and the check and the student see it revoked', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const { student, records } = await studentWithVerifiedRecords(
      page.request,
      browser,
      baseURL,
      'revoked',
    );
    await page.goto('/transcript');
    const credentials = page.getByRole('main').getByRole('region', { name: 'Credentials' });
    const file = await downloadFrom(
      page,
      credentials.getByRole('link', { name: `Download credential (.jwt) for ${records.achievement}` }),
    );
    const credential = file.bytes.toString('utf8').trim();
    const downloaded = page.getByRole('list', { name: 'Credentials you downloaded' });
    await expect(
      downloaded.getByRole('listitem').filter({ hasText: records.achievement }),
    ).toContainText('Valid');

    // The administrator finds it by the student's name and revokes it, after a confirmation.
    const adminContext = await portalContext(browser, baseURL, { viewport: DESKTOP });
    await signInByApi(adminContext.request, demoAccount('ADMIN').email);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/credentials');
    const main = admin.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Credentials' })).toBeVisible();
    await main.getByLabel('Find a credential').fill(student.name);
    const card = main.getByRole('region', { name: records.achievement });
    await expect(card).toContainText(student.name);
    await expect(card).toContainText('Valid');
    await expectAccessible(admin);

    await card.getByRole('button', { name: `Revoke the credential ${records.achievement}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Revoke this credential?' });
    await expect(dialog).toContainText('A revocation cannot be undone');
    await dialog.getByRole('button', { name: 'Revoke credential' }).click();
    await expect(dialog.getByText('Choose a reason for the revocation.')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption({ label: 'The record was found to be untrue' });
    await dialog.getByLabel('Note (optional)').fill('The organisers have no record of this prize.');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Revoke credential' }).click();
    await expect(
      admin.getByText('Credential revoked. Its check and the status list now say so.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Revoked');
    await expect(card).toContainText('by Priya Venkatesh: The record was found to be untrue');
    await expect(card.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
    await admin.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(admin);
    await admin.screenshot({ path: testInfo.outputPath('admin-credentials-375.png'), fullPage: true });

    // Anyone checking it hears "Revoked", with the date and the reason class, not the note.
    const visitor = await portalContext(browser, baseURL, { viewport: DESKTOP });
    const stranger = await visitor.newPage();
    await stranger.goto('/verify');
    const form = stranger.getByRole('main');
    await form.getByLabel('Credential', { exact: true }).fill(credential);
    await form.getByRole('button', { name: 'Check' }).click();
    const revoked = form.getByRole('alert').filter({ hasText: 'Revoked' });
    await expect(revoked).toContainText('This credential was revoked by the institute.');
    await expect(revoked).toContainText('The record was found to be untrue');
    await expect(revoked).toContainText(records.achievement);
    const year = String(new Date().getFullYear());
    await expect(revoked).toContainText(year);
    await expect(revoked).not.toContainText('organisers');
    await expectAccessible(stranger);
    await stranger.screenshot({ path: testInfo.outputPath('verify-revoked.png'), fullPage: true });

    // The student's own list says which credential was revoked, and why.
    await page.reload();
    const row = page
      .getByRole('list', { name: 'Credentials you downloaded' })
      .getByRole('listitem')
      .filter({ hasText: records.achievement });
    await expect(row).toContainText('Revoked');
    await expect(row).toContainText('The record was found to be untrue');
    await expect(row).not.toContainText('organisers');
    await expectAccessible(page);

    await visitor.close();
    await adminContext.close();
  });
});
