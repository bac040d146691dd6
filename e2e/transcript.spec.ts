import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  portalContext,
  test,
} from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';

/**
 * The co-curricular transcript: a student made for the test has records verified by officials
 * through the API, then chooses them on /transcript, previews, issues, downloads the PDF, shares
 * the verification page (read signed out), revokes it; and a credential of one record is
 * downloaded and checked on /verify. Expected texts are typed from the product's messages.
 */

const DESKTOP = { width: 1280, height: 800 } as const;
const THIS_YEAR = new Date().getFullYear();
const LAST_TENURE = `${THIS_YEAR - 1}-${THIS_YEAR}`;
const CORE_MEMBER = 'Core Member, Competitive Programming';
const SCITECH = demoAccount('GENSEC_SCITECH');
const COORDINATOR = demoAccount('CLUB_COORDINATOR');

/** Sends `data` to `path` as the owner of `request`; fails the test on any status but `status`. */
async function send<T>(
  request: APIRequestContext,
  path: string,
  data: object,
  status = 201,
): Promise<T> {
  const response = await request.post(path, { data });
  if (response.status() !== status)
    throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok())
    throw new Error(`GET ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

type Records = { achievement: string; pending: string; position: string; skill: string };

/**
 * The student adds a national technical achievement, another that stays pending, last tenure's core
 * membership of the Coding Club (completed, so it takes no seat) and Python; the sci-tech secretary
 * verifies the first achievement and endorses Python, the club's coordinator verifies the position.
 */
async function verifiedRecords(
  student: APIRequestContext,
  official: APIRequestContext,
  coordinator: APIRequestContext,
): Promise<Records> {
  const records = {
    achievement: `Drone Relay ${suffix()}`,
    pending: `Quiz Bowl ${suffix()}`,
    position: CORE_MEMBER,
    skill: 'Python',
  };
  const { achievement } = await send<{ achievement: { id: string } }>(student, '/api/me/achievements', {
    title: records.achievement,
    description: 'Fastest relay of the inter-college drone race.',
    category: 'Robotics',
    type: 'technical',
    level: 'national',
    dateAchieved: `${THIS_YEAR - 1}-02-14`,
    position: '1st',
  });
  await send(student, '/api/me/achievements', {
    title: records.pending,
    category: 'Quiz',
    type: 'academic',
    dateAchieved: `${THIS_YEAR - 1}-03-01`,
  });

  const positions = await get<{ items: Array<{ id: string; label: string }> }>(
    student,
    `/api/lookup/positions?q=${encodeURIComponent(CORE_MEMBER)}`,
  );
  const positionId = positions.items.find((item) => item.label === CORE_MEMBER)?.id;
  if (!positionId) throw new Error(`No position named ${CORE_MEMBER}`);
  const { position } = await send<{ position: { id: string } }>(student, '/api/me/positions', {
    positionId,
    tenureYear: LAST_TENURE,
    status: 'completed',
  });

  const catalogue = await get<{ items: Array<{ id: string; name: string; type: string }> }>(
    student,
    '/api/skills?q=Python',
  );
  const python = catalogue.items.find((item) => item.name === 'Python' && item.type === 'technical');
  if (!python) throw new Error('No technical skill named Python in the catalogue');
  const { userSkill } = await send<{ userSkill: { id: string } }>(student, '/api/me/skills', {
    skillId: python.id,
    proficiencyLevel: 'advanced',
  });

  await send(official, `/api/endorsements/achievements/${achievement.id}/verify`, {}, 200);
  await send(official, `/api/endorsements/user-skills/${userSkill.id}/endorse`, {}, 200);
  // A fresh student has no CGPA or skills on record: the coordinator confirms the shortfall.
  await send(coordinator, `/api/endorsements/positions/${position.id}/verify`, { confirm: true }, 200);
  return records;
}

/** The toast that says `text`. */
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Clicks a download link and waits for the browser's download. */
async function downloadFrom(page: Page, link: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.setViewportSize(DESKTOP);
}

test.describe('co-curricular transcript', () => {
  test('/transcript: choose, preview, issue, download the PDF, share the verification page, revoke', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const official = await portalContext(browser, baseURL);
    const coordinator = await portalContext(browser, baseURL);
    await signInByApi(official.request, SCITECH.email);
    await signInByApi(coordinator.request, COORDINATOR.email);
    const student = await onboardedStudentByApi(page.request, 'transcript');
    const records = await verifiedRecords(page.request, official.request, coordinator.request);
    await official.close();
    await coordinator.close();
    const config = await get<{ instituteName: string }>(page.request, '/api/config');

    // The student menu leads to the page.
    await page.goto('/home');
    await page
      .getByRole('navigation', { name: 'Student menu' })
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
        new RegExp(`^Issued by ${config.instituteName} on \\d{2} [A-Z][a-z]{2} \\d{4}\\.$`),
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
        /^This transcript was revoked by its holder on \d{2} [A-Z][a-z]{2} \d{4}\. Do not rely on it\.$/,
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

  test('/verify: a downloaded credential checks valid, pasted or chosen as a file; an altered one does not', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const official = await portalContext(browser, baseURL);
    const coordinator = await portalContext(browser, baseURL);
    await signInByApi(official.request, SCITECH.email);
    await signInByApi(coordinator.request, COORDINATOR.email);
    const student = await onboardedStudentByApi(page.request, 'credential');
    const records = await verifiedRecords(page.request, official.request, coordinator.request);
    await official.close();
    await coordinator.close();

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
