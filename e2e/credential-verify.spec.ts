import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  portalContext,
  test,
} from './support/fixtures';
import { DESKTOP } from './support/page-steps';
import { downloadFrom, studentWithVerifiedRecords } from './support/transcript-records';

/**
 * The co-curricular transcript's credentials: a student made for the test has records verified by
 * officials through the API, downloads a credential of one record and checks it on /verify.
 * Expected texts are typed from the product's messages.
 */

test.describe('co-curricular transcript', () => {
  test('/verify: a downloaded credential checks valid, pasted or chosen as a file; an altered one does not', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const { student, records } = await studentWithVerifiedRecords(
      page.request,
      browser,
      baseURL,
      'credential',
    );

    await page.goto('/transcript');
    const credentials = page.getByRole('main').getByRole('region', { name: 'Credentials' });
    await expect(credentials).toContainText('Open Badges 3.0 credential');
    await expect(credentials.getByRole('link', { name: /^Download credential \(\.jwt\)/ })).toHaveCount(
      2,
    );
    const file = await downloadFrom(
      page,
      credentials.getByRole('link', { name: `Download credential (.jwt) for ${records.achievement}` }),
    );
    expect(file.download.suggestedFilename()).toMatch(/\.jwt$/);
    const credential = file.bytes.toString('utf8').trim();
    expect(credential.split('.')).toHaveLength(3);

    const visitor = await portalContext(browser, baseURL, { viewport: DESKTOP });
    const stranger = await visitor.newPage();
    await stranger.goto('/verify');
    const main = stranger.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Check a credential' })).toBeVisible();
    await expect(stranger).toHaveTitle('Check a credential · COSA Portal');

    await main.getByRole('button', { name: 'Check' }).click();
    await expect(main.getByText('Paste a credential to check.')).toBeVisible();
    await expectAccessible(stranger);

    await main.getByLabel('Credential', { exact: true }).fill(credential);
    await main.getByRole('button', { name: 'Check' }).click();
    const valid = main.getByRole('status').filter({
      hasText: 'This credential is valid: it was issued by this portal and has not been altered.',
    });
    await expect(valid).toBeVisible();
    await expect(valid).toContainText(records.achievement);
    await expect(valid).toContainText(student.name);
    await expectAccessible(stranger);
    await expectNoHorizontalScroll(stranger);
    await stranger.screenshot({ path: testInfo.outputPath('verify-375.png'), fullPage: true });
    await stranger.setViewportSize(DESKTOP);
    await stranger.screenshot({ path: testInfo.outputPath('verify-1280.png'), fullPage: true });

    // One character of the signature changed: refused, in red.
    const altered = `${credential.slice(0, -2)}${credential.at(-2) === 'A' ? 'B' : 'A'}${credential.at(-1)}`;
    await main.getByLabel('Credential', { exact: true }).fill(altered);
    await main.getByRole('button', { name: 'Check' }).click();
    const invalid = main.getByRole('alert').filter({ hasText: 'Not valid' });
    await expect(invalid).toBeVisible();
    await expect(invalid).toContainText(
      'This credential has been altered or was not signed by this portal.',
    );
    await expectAccessible(stranger);

    // The file itself, chosen with the file picker, fills the box.
    await main.getByLabel('Credential', { exact: true }).fill('');
    await main.getByLabel('Or choose the .jwt file').setInputFiles(await file.download.path());
    await expect(main.getByLabel('Credential', { exact: true })).toHaveValue(credential);
    await main.getByRole('button', { name: 'Check' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'This credential is valid' })).toBeVisible();
    await visitor.close();
  });
});
