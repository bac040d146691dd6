import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { codingClubFigures } from './support/club-money-figures';
import { checkPage, pick, toast } from './support/page-steps';

const PRESIDENT = demoAccount('PRESIDENT');
const COORDINATOR = demoAccount('CLUB_COORDINATOR');
const SCITECH = demoAccount('GENSEC_SCITECH');
const ADMIN = demoAccount('ADMIN');

/** A one-page PDF as a scanner writes one: header, one object, the cross-reference offset and the end mark. */
const RECEIPT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n',
);

/** Signs the page in as another demo account and opens the claim. */
async function openClaimAs(page: Page, email: string, claimUrl: string): Promise<void> {
  await page.context().clearCookies();
  await signInByApi(page.request, email);
  await page.goto(claimUrl);
}

/**
 * Club money (issue 35), end to end: the president allocates a line to the Coding Club, its
 * coordinator claims against it with a receipt, the science and technology secretary approves part
 * of it (above the ₹25,000 that needs the president), the president approves, the accounts office
 * pays; the line's figures follow each step, and the club's dashboard, the council and clubs and
 * the holder's position card show the same figures from the ledger. Each page is scanned by axe and
 * checked at a phone's width.
 */
test.describe('club money', () => {
  test.describe.configure({ timeout: 120_000 });

  test('allocate, claim with a receipt, approve in part, approve, pay', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const main = page.getByRole('main');
    const payee = `Sharma Electronics ${Date.now()}`;
    // Every page that shows the club's money agrees before, and after, each from the ledger.
    const before = await codingClubFigures(page);
    expect(before.units).toEqual({
      allocated: before.dashboard.allocated,
      spent: before.dashboard.used,
    });
    expect(before.holder).toBe(before.dashboard.used);
    await page.context().clearCookies();

    // The president allocates ₹60,000 to the club's events line.
    await signInByApi(page.request, PRESIDENT.email);
    await page.goto('/money');
    await expect(main.getByRole('heading', { level: 1, name: 'Club money' })).toBeVisible();
    await main.getByRole('button', { name: 'Allocate' }).click();
    const allocate = page.getByRole('dialog');
    await pick(allocate, 'Council or club', 'Coding', 'Coding Club');
    await allocate.getByLabel('Heading').selectOption({ label: 'Events' });
    await allocate.getByLabel('Amount (₹)').fill('60000');
    await allocate.getByLabel('Reason').fill('Budget for the year');
    await allocate.getByRole('button', { name: 'Allocate' }).click();
    await expect(allocate).toBeHidden();
    await expect(main.getByText('Coding Club').first()).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();

    // The coordinator files a claim with a receipt and submits it.
    await page.context().clearCookies();
    await signInByApi(page.request, COORDINATOR.email);
    await page.goto('/money/claims/new');
    const form = main.getByRole('form', { name: 'New claim' });
    await expect(form.getByLabel('Club')).toBeVisible();
    await form.getByLabel('Budget line').selectOption({ index: 1 });
    await form.getByLabel('Amount (₹)').fill('30000');
    await form.getByLabel('Payee').fill(payee);
    await form.getByLabel('Description').fill('Motors and batteries for RoboWars');
    // Submitting without a receipt is refused before anything is sent.
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(
      form.getByText('Receipts: attach at least one receipt (PDF, JPEG or PNG) before submitting.'),
    ).toBeVisible();
    await form
      .getByLabel('Add receipts')
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: RECEIPT_PDF });
    await checkAccessible();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Your claim is submitted for approval.')).toBeVisible();
    await expect(page).toHaveURL(/\/money\/claims\/[0-9a-f-]{36}$/);
    const claimUrl = new URL(page.url()).pathname;
    await expect(main.getByText('Awaiting the general secretary').first()).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();

    // The secretary approves ₹26,000 of it, with the reason.
    await openClaimAs(page, SCITECH.email, claimUrl);
    await main.getByRole('button', { name: 'Approve', exact: true }).click();
    const decide = page.getByRole('dialog');
    await decide.getByLabel('Amount approved (₹)').fill('26000');
    await decide.getByLabel('Reason').fill('The batteries are bought by the institute');
    await checkPage(page);
    await decide.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(main.getByText('Awaiting the president').first()).toBeVisible();

    // The president approves it.
    await openClaimAs(page, PRESIDENT.email, claimUrl);
    await main.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(main.getByText('Approved, awaiting payment').first()).toBeVisible();

    // The accounts office pays it with a reference; the timeline shows every step.
    await openClaimAs(page, ADMIN.email, claimUrl);
    await main.getByRole('button', { name: 'Mark paid' }).click();
    const pay = page.getByRole('dialog');
    await pay.getByLabel('Reference').fill('NEFT 88120');
    await pay.getByRole('button', { name: 'Mark paid' }).click();
    await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(main.getByText('NEFT 88120').first()).toBeVisible();
    await checkAccessible();

    // The line's ledger: ₹26,000 paid of the ₹60,000 allocated this run.
    const claim = await (await page.request.get(`/api${claimUrl}`)).json();
    await page.goto(`/money/lines/${claim.claim.line.id}`);
    await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(main.getByText('NEFT 88120').first()).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();

    // The dashboard, the council and clubs, and the holder's card: ₹60,000 more allocated, ₹26,000 more spent.
    const after = await codingClubFigures(page);
    expect(after.dashboard).toEqual({
      used: before.dashboard.used + 26_000,
      allocated: before.dashboard.allocated + 60_000,
    });
    expect(after.units).toEqual({ allocated: after.dashboard.allocated, spent: after.dashboard.used });
    expect(after.holder).toBe(after.dashboard.used);
  });
});
