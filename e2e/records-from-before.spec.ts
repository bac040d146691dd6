import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, portalContext, test } from './support/fixtures';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { checkPage, DESKTOP, toast } from './support/page-steps';
import type { RecordsFromBefore } from './support/records-from-before';
import { downloadFrom } from './support/transcript-records';

/**
 * What the portal holds from before credentials carried a revocation status and before it kept who
 * verified a holding (support/records-from-before.ts, added by global-setup): the administrator
 * revokes such a credential by its file, and the public check says so; a holding no one is recorded
 * as having verified tells its student why no credential is signed yet, until the administrator
 * confirms it on Positions and holders. Expected texts are typed from the product's messages.
 */

const UNCONFIRMED =
  'This position was recorded before the portal kept who verified or appointed it, so the institute does not sign it as a credential yet. The institute administrator can confirm it: ask at the student affairs office.';
const ADMIN = demoAccount('ADMIN');

/**
 * The records global-setup wrote into the database before the run's own server started. A run
 * against an outside server (E2E_BASE_URL) has none: the spec fails saying so, never passes unseen.
 */
const fromBefore = (): RecordsFromBefore => {
  const file = process.env.E2E_RECORDS_FROM_BEFORE;
  if (!file)
    throw new Error(
      'records-from-before needs the records global-setup gives the run’s own server; run it without E2E_BASE_URL',
    );
  return JSON.parse(readFileSync(file, 'utf8')) as RecordsFromBefore;
};

async function checkOnVerify(page: Page, credential: string) {
  await page.goto('/verify');
  const main = page.getByRole('main');
  await main.getByLabel('Credential', { exact: true }).fill(credential);
  await main.getByRole('button', { name: 'Check' }).click();
  return main;
}

test.describe('records from before', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the administrator revokes a credential signed before status lists by its file, and the check says revoked', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const made = fromBefore();
    // Anyone checking it first hears "Valid": its record stands.
    const visitor = await portalContext(browser, baseURL, { viewport: DESKTOP });
    const stranger = await visitor.newPage();
    const before = await checkOnVerify(stranger, made.credential);
    await expect(before.getByRole('status').filter({ hasText: 'Valid' })).toContainText(
      made.achievement,
    );

    await signInByApi(page.request, ADMIN.email);
    await page.goto('/admin/credentials');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Revoke a credential by its file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke a credential by its file' });
    await expect(dialog).toContainText('A revocation cannot be undone.');
    await dialog.getByRole('textbox', { name: 'Credential', exact: true }).fill('not a credential');
    await dialog.getByLabel('Reason').selectOption({ label: "At the holder's request" });
    await dialog.getByRole('button', { name: 'Revoke credential' }).click();
    await expect(
      dialog.getByText('This is not a credential: paste the whole text of the .jwt file.'),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Credential', exact: true }).fill(made.credential);
    await dialog.getByLabel('Note (optional)').fill('Asked at the student affairs office.');
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Revoke credential' }).click();
    await expect(toast(page, 'Credential revoked. Its check now says so.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The list now holds it, found by its id, marked as signed before status lists.
    const card = main.getByRole('region', { name: made.achievement });
    await expect(card).toContainText(made.student.name);
    await expect(card).toContainText('signed before credentials carried a revocation status');
    await expect(card).toContainText("by Priya Venkatesh: At the holder's request");
    await checkPage(page);
    await page.screenshot({ path: testInfo.outputPath('admin-revoked-by-file.png'), fullPage: true });

    const after = await checkOnVerify(stranger, made.credential);
    const revoked = after.getByRole('alert').filter({ hasText: 'Revoked' });
    await expect(revoked).toContainText('This credential was revoked by the institute.');
    await expect(revoked).toContainText("At the holder's request");
    await expect(revoked).toContainText(String(new Date().getFullYear()));
    await expect(revoked).not.toContainText('student affairs');
    await visitor.close();
  });

  test('a holding no one is recorded as verifying says why it is not signed, until the administrator confirms it', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const made = fromBefore();
    await signInByApi(page.request, made.student.email);
    await page.goto('/transcript');
    const credentials = page.getByRole('main').getByRole('region', { name: 'Credentials' });
    const row = credentials.getByRole('listitem').filter({ hasText: made.holding.position });
    await expect(row).toContainText(`No credential yet: ${UNCONFIRMED}`);
    await expect(row.getByRole('link')).toHaveCount(0);
    await checkPage(page);

    const adminContext = await portalContext(browser, baseURL, { viewport: DESKTOP });
    await signInByApi(adminContext.request, ADMIN.email);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/positions');
    await admin.getByRole('tab', { name: 'Awaiting confirmation' }).click();
    const panel = admin.getByRole('tabpanel', { name: 'Awaiting confirmation' });
    const unit = panel.getByLabel('Unit');
    const option = unit.locator('option', { hasText: `${made.holding.unit} (` });
    await unit.selectOption({ label: (await option.textContent())! });
    const holding = panel.getByRole('region', {
      name: `${made.holding.position}, ${made.student.name}`,
    });
    await expect(holding).toContainText(made.holding.tenureYear);
    await expect(
      panel.getByRole('button', { name: `Confirm all of ${made.holding.unit}` }),
    ).toBeVisible();
    await checkPage(admin);
    await holding
      .getByRole('button', { name: `Confirm ${made.holding.position}, ${made.student.name}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Confirm this holding?' });
    await expect(dialog).toContainText('You will be recorded as its verifier');
    await dialog.getByRole('button', { name: 'Confirm holding' }).click();
    await expect(
      toast(admin, 'Holding confirmed: its holder can now download its credential.'),
    ).toBeVisible();
    await expect(holding).toHaveCount(0);
    await admin.screenshot({ path: testInfo.outputPath('admin-confirmed.png'), fullPage: true });

    // The student now downloads it, signed in the administrator's name, and it checks valid.
    await page.reload();
    const link = row.getByRole('link', {
      name: `Download credential (.jwt) for ${made.holding.position}`,
    });
    await expect(row).not.toContainText('No credential yet');
    const file = await downloadFrom(page, link);
    const credential = file.bytes.toString('utf8').trim();
    const claims = JSON.parse(Buffer.from(credential.split('.')[1]!, 'base64url').toString());
    expect(claims.vc.credentialSubject.achievement.criteria.narrative).toMatch(
      new RegExp(`^Verified by ${ADMIN.name} on `),
    );
    const check = await checkOnVerify(page, credential);
    await expect(check.getByRole('status').filter({ hasText: 'Valid' })).toBeVisible();
    await adminContext.close();
  });
});
