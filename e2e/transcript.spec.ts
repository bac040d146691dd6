import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  portalContext,
  test,
} from './support/fixtures';
import { CORE_MEMBER, demoAccount } from './support/demo-accounts';
import { checkPage, DESKTOP, toast } from './support/page-steps';
import { downloadFrom, get, studentWithVerifiedRecords } from './support/transcript-records';

/**
 * The co-curricular transcript: a student made for the test has records verified by officials
 * through the API, then chooses them on /transcript, previews, issues, downloads the PDF, shares
 * the verification page (read signed out) and revokes it. Expected texts are typed from the
 * product's messages.
 */

const THIS_YEAR = new Date().getFullYear();
const LAST_TENURE = `${THIS_YEAR - 1}-${THIS_YEAR}`;
const SCITECH = demoAccount('GENSEC_SCITECH');
const COORDINATOR = demoAccount('CLUB_COORDINATOR');

test.describe('co-curricular transcript', () => {
  // One journey through six pages and two browsers, with a PDF drawn and read back: on a busy
  // machine it outlasts the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('/transcript: choose, preview, issue, download the PDF, share the verification page, revoke', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const { student, records } = await studentWithVerifiedRecords(
      page.request,
      browser,
      baseURL,
      'transcript',
    );
    const config = await get<{ instituteName: string }>(page.request, '/api/config');

    // The student menu leads to the page.
    await page.goto('/home');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Transcript' })
      .click();
    await expect(page).toHaveURL(/\/transcript$/);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Co-curricular transcript' }),
    ).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Choose records' })).toBeVisible();

    // Only verified records are offered; the pending one is counted in the note.
    const achievements = main.getByRole('group', { name: /^Achievements/ });
    await expect(achievements.getByRole('checkbox')).toHaveCount(1);
    await expect(
      achievements.getByRole('checkbox', { name: new RegExp(`^${records.achievement}`) }),
    ).toBeVisible();
    await expect(achievements).toContainText(
      `14 Feb ${THIS_YEAR - 1} · Technical · Robotics · National · 1st`,
    );
    await expect(achievements).toContainText(`Verified by ${SCITECH.name} on`);
    await expect(main.getByText(records.pending)).toHaveCount(0);
    const positions = main.getByRole('group', { name: /^Positions of responsibility/ });
    await expect(positions.getByRole('checkbox', { name: new RegExp(`^${CORE_MEMBER}`) })).toBeVisible();
    await expect(positions).toContainText(`Coding Club · Tenure ${LAST_TENURE}`);
    await expect(positions).toContainText(`Verified by ${COORDINATOR.name} on`);
    const skills = main.getByRole('group', { name: /^Endorsed skills/ });
    await expect(skills.getByRole('checkbox', { name: /^Python/ })).toBeVisible();
    await expect(skills).toContainText('Programming · Technical · Advanced');
    await expect(
      main.getByText("1 record is still awaiting verification and can't be included yet."),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: '1 achievement waiting' })).toHaveAttribute(
      'href',
      '/view-achievements',
    );
    await expect(main.getByText('You have not issued a transcript yet.')).toBeVisible();

    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath('transcript-375.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);

    // Nothing chosen: the preview waits for a choice.
    await main.getByRole('button', { name: 'Preview' }).click();
    await expect(main.getByText('Choose at least one verified record to include.')).toBeVisible();

    await achievements.getByRole('checkbox').check();
    await main.getByRole('button', { name: 'Select all positions' }).click();
    await expect(main.getByText('2 records chosen')).toBeVisible();
    await main.getByRole('button', { name: 'Preview' }).click();

    const preview = main.getByRole('heading', { level: 2, name: 'Preview' }).locator('..');
    await expect(preview.getByRole('region', { name: 'Student' })).toContainText(student.name);
    await expect(preview.getByRole('region', { name: 'Student' })).toContainText(student.studentId);
    await expect(preview.getByRole('region', { name: 'Achievements (1)' })).toContainText(
      records.achievement,
    );
    await expect(preview.getByRole('region', { name: 'Positions of responsibility (1)' })).toContainText(
      CORE_MEMBER,
    );
    await expect(preview.getByRole('region', { name: /^Endorsed skills/ })).toHaveCount(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath('transcript-preview-375.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);

    await main.getByRole('button', { name: 'Issue transcript' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue this transcript?' });
    await expect(dialog).toContainText('An issued transcript cannot be edited, only revoked.');
    await expect(dialog).toContainText(
      'Anyone with its link or QR code can see the records it includes.',
    );
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('transcript-issue-dialog-1280.png') });
    await dialog.getByRole('button', { name: 'Issue transcript' }).click();
    await expect(toast(page, 'Transcript issued.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const issued = main.getByRole('region', { name: 'Issued transcripts' }).getByRole('article');
    await expect(issued).toHaveCount(1);
    const card = issued.first();
    await expect(card.getByText('Valid', { exact: true })).toBeVisible();
    await expect(card).toContainText('1 achievement · 1 position');
    const verifyHref = await card
      .getByRole('link', { name: /^Open verification page/ })
      .getAttribute('href');
    expect(verifyHref).toMatch(/^\/verify\/[0-9a-f-]{36}$/);

    // The PDF downloads as a file.
    const pdf = await downloadFrom(page, card.getByRole('link', { name: /^Download PDF/ }));
    expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Copy link puts the public address on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await card.getByRole('button', { name: /^Copy link/ }).click();
    await expect(toast(page, 'Verification link copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${verifyHref}`);

    await page.screenshot({ path: testInfo.outputPath('transcript-1280.png'), fullPage: true });

    // Anyone with the link, signed out, sees it valid and exactly what was issued.
    const visitor = await portalContext(browser, baseURL, { viewport: DESKTOP });
    const stranger = await visitor.newPage();
    await stranger.goto(verifyHref!);
    const verdict = stranger.getByRole('heading', { level: 2, name: 'Valid' });
    await expect(verdict).toBeVisible();
    await expect(
      stranger.getByText(
        new RegExp(`^Issued by ${config.instituteName} on \\d{1,2} [A-Z][a-z]{2} \\d{4}\\.$`),
      ),
    ).toBeVisible();
    await expect(stranger.getByRole('region', { name: 'Student' })).toContainText(student.name);
    await expect(stranger.getByRole('region', { name: 'Achievements (1)' })).toContainText(
      records.achievement,
    );
    await expect(stranger.getByRole('region', { name: 'Achievements (1)' })).toContainText(
      `Verified by ${SCITECH.name}`,
    );
    await expect(
      stranger.getByRole('region', { name: 'Positions of responsibility (1)' }),
    ).toContainText(`Verified by ${COORDINATOR.name}`);
    await expect(stranger.getByText('Python')).toHaveCount(0);
    await expect(stranger.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(stranger).toHaveTitle('Transcript verification · COSA Portal');
    await expectAccessible(stranger);
    await expectNoHorizontalScroll(stranger);
    await stranger.screenshot({
      path: testInfo.outputPath('verify-transcript-375.png'),
      fullPage: true,
    });
    await stranger.setViewportSize(DESKTOP);
    await stranger.screenshot({
      path: testInfo.outputPath('verify-transcript-1280.png'),
      fullPage: true,
    });

    // The student revokes it, after a confirmation; the page then says so to everyone. The scan of
    // the dialog waits for the copy toast to go: one fading out mid-scan reads as faint text.
    await expect(toast(page, 'Verification link copied.')).toHaveCount(0);
    await card.getByRole('button', { name: /^Revoke/ }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke this transcript?' });
    await expect(revoke).toContainText('Its verification page will say that you revoked it');
    await expectAccessible(page);
    await revoke.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(toast(page, 'Transcript revoked. Its verification page now says so.')).toBeVisible();
    await expect(card.getByText('Revoked', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);

    await stranger.reload();
    await expect(stranger.getByRole('heading', { level: 2, name: 'Revoked' })).toBeVisible();
    await expect(
      stranger.getByText(
        /^This transcript was revoked by its holder on \d{1,2} [A-Z][a-z]{2} \d{4}\. Do not rely on it\.$/,
      ),
    ).toBeVisible();
    await expect(stranger.getByRole('heading', { name: 'Valid' })).toHaveCount(0);
    await checkPage(stranger);
    await stranger.screenshot({ path: testInfo.outputPath('verify-transcript-revoked-1280.png') });

    // An address that holds no transcript says so.
    await stranger.goto('/verify/00000000-0000-4000-8000-000000000000');
    await expect(
      stranger.getByText('No transcript has this address. Check the link or the QR code and try again.'),
    ).toBeVisible();
    await stranger.goto('/verify/not-a-transcript');
    await expect(
      stranger.getByText('No transcript has this address. Check the link or the QR code and try again.'),
    ).toBeVisible();
    await visitor.close();
  });
});
