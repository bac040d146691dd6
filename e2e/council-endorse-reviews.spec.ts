import { expect, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { holdRequests } from './support/network';
import { toastGone } from './support/council-pages';
import { created, DESKTOP, screenshot, toast, checkPage } from './support/page-steps';
import { findReview, openReview } from './support/review-panel';

const THIS_YEAR = new Date().getFullYear();

const SCITECH = demoAccount('GENSEC_SCITECH');
const SPORTS = demoAccount('GENSEC_SPORTS');

type Achievement = { achievement: { id: string; title: string } };

/**
 * The council's side of the portal (spec sections 2, 4, 5 and 8): the general secretary's dashboard,
 * the endorsement panel, the feedback desk and events. Students are made for each test and every
 * title carries a random suffix, so no test depends on what the demo campus or another test holds.
 * Expected texts are typed from the spec and the product's message catalogue.
 */
test.describe('student council', () => {
  // Each test is a round trip between two or three browsers.
  test.describe.configure({ timeout: 60_000 });

  test('/gensec-endorse: a technical achievement verified, another declined with a reason the student reads; the sports secretary sees neither', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const word = suffix();
    const verifiedTitle = `Drone Relay Gold ${word}`;
    const declinedTitle = `Solder Sprint Entry ${word}`;
    const reason = `Please attach the certificate of the ${word} sprint.`;

    const student = await otherBrowser(browser, baseURL);
    const owner = await onboardedStudentByApi(student.context.request, 'achiever');
    await created<Achievement>(student.context.request, '/api/me/achievements', {
      title: verifiedTitle,
      description: 'Fastest relay of the inter-college drone race.',
      category: 'Robotics',
      type: 'technical',
      level: 'national',
      dateAchieved: `${THIS_YEAR - 1}-02-14`,
      position: '1st',
    });
    await created<Achievement>(student.context.request, '/api/me/achievements', {
      title: declinedTitle,
      category: 'Electronics',
      type: 'technical',
      dateAchieved: `${THIS_YEAR - 1}-03-01`,
    });

    // The sports secretary reviews sports items only: neither is listed while both wait.
    const sports = await otherBrowser(browser, baseURL);
    await signInByApi(sports.context.request, SPORTS.email);
    for (const title of [verifiedTitle, declinedTitle]) {
      await sports.page.goto('/gensec-endorse?tab=achievements');
      expect(
        await findReview(sports.page, title),
        `the sports secretary does not see "${title}"`,
      ).toBeNull();
    }
    await sports.context.close();

    // The sci-tech secretary verifies the first one.
    await signInByApi(page.request, SCITECH.email);
    const main = page.getByRole('main');
    let card = await openReview(page, 'achievements', verifiedTitle);
    await expect(main.getByRole('heading', { level: 1, name: 'Endorsement Panel' })).toBeVisible();
    // The spec's three tabs, then the self-declared positions (deviation 53).
    await expect(main.getByRole('tab')).toHaveText([
      'User Skills',
      'Skills',
      'Achievements',
      'Positions',
    ]);
    await expect(main.getByRole('tab', { name: 'Achievements' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(card).toContainText(`Submitted by ${owner.name}`);
    await expect(card).toContainText('Technical');
    await expect(card).toContainText('Robotics');
    await expect(card).toContainText('National');
    await expect(card).toContainText(`14 Feb ${THIS_YEAR - 1}`);
    await expect(card).toContainText('1st');
    await expect(card).toContainText('Fastest relay of the inter-college drone race.');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, testInfo, 'gensec-endorse-achievements');

    const releaseVerify = await holdRequests(page, '**/api/endorsements/achievements/*/verify', 'POST');
    await card.getByRole('button', { name: /^Verify / }).click();
    const verifying = card.getByRole('button', { name: 'Verifying...' });
    await expect(verifying).toBeVisible();
    await expect(verifying).toBeDisabled();
    await expect(card.getByRole('button', { name: /^Decline / })).toBeDisabled();
    await releaseVerify();
    await expect(toast(page, 'Achievement verified.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    expect(await findReview(page, verifiedTitle), 'a verified achievement leaves the list').toBeNull();

    // The second one is declined: a reason is required, and the student reads it.
    card = await openReview(page, 'achievements', declinedTitle);
    await card.getByRole('button', { name: /^Decline / }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this item?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${declinedTitle} by ${owner.name}`);
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(dialog.getByText('Please give a reason for declining.')).toBeVisible();
    await checkAccessible();
    await dialog.getByLabel('Reason (the student sees it)').fill('   ');
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(dialog.getByText('Please give a reason for declining.')).toBeVisible();
    await dialog.getByLabel('Reason (the student sees it)').fill(reason);
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(toast(page, 'Declined. The student sees your reason.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await page.reload();
    expect(await findReview(page, declinedTitle), 'a declined achievement leaves the list').toBeNull();

    // What the student sees.
    const sp = student.page;
    await sp.goto('/view-achievements');
    const studentMain = sp.getByRole('main');
    const verified = studentMain
      .getByRole('article')
      .filter({ has: sp.getByRole('heading', { name: verifiedTitle }) });
    await expect(verified.getByText('Verified', { exact: true })).toBeVisible();
    await expect(verified).toContainText(`Verified by${SCITECH.name}`);
    await expect(verified).not.toContainText('Declined');
    const declined = studentMain
      .getByRole('article')
      .filter({ has: sp.getByRole('heading', { name: declinedTitle }) });
    await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
    await expect(declined).toContainText(reason);
    await expect(declined).not.toContainText('Pending');
    await checkPage(sp);
    await student.context.close();
  });

  test("/gensec-endorse: a student's claim of a new technical skill endorsed on User Skills, the new skill on Skills; the sports secretary sees neither", async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const skillName = `Rust Embedded ${suffix()}`;
    const student = await otherBrowser(browser, baseURL);
    const owner = await onboardedStudentByApi(student.context.request, 'skilled');
    await created(student.context.request, '/api/me/skills', {
      newSkill: {
        name: skillName,
        category: 'Programming',
        type: 'technical',
        description: 'Rust on microcontrollers.',
      },
      proficiencyLevel: 'advanced',
    });

    const sports = await otherBrowser(browser, baseURL);
    await signInByApi(sports.context.request, SPORTS.email);
    for (const tab of ['user-skills', 'skills'] as const) {
      await sports.page.goto(`/gensec-endorse?tab=${tab}`);
      expect(
        await findReview(sports.page, skillName),
        `the sports secretary does not see "${skillName}" on ${tab}`,
      ).toBeNull();
    }
    await sports.context.close();

    // The claim, on the User Skills tab (the panel's first tab).
    await signInByApi(page.request, SCITECH.email);
    const main = page.getByRole('main');
    await page.goto('/gensec-endorse');
    await expect(main.getByRole('tab', { name: 'User Skills' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    let card = await openReview(page, 'user-skills', skillName);
    await expect(card).toContainText(`Submitted by ${owner.name}`);
    await expect(card).toContainText('Programming');
    await expect(card).toContainText('Technical');
    await expect(card).toContainText('Advanced');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    const releaseClaim = await holdRequests(page, '**/api/endorsements/user-skills/*/endorse', 'POST');
    await card.getByRole('button', { name: /^Endorse / }).click();
    const endorsing = card.getByRole('button', { name: 'Endorsing...' });
    await expect(endorsing).toBeVisible();
    await expect(endorsing).toBeDisabled();
    await releaseClaim();
    const claimEndorsed = toast(page, 'Skill endorsed.');
    await expect(claimEndorsed).toBeVisible();
    await expect(card).toHaveCount(0);
    // Gone before the next endorsement, whose toast says the same words.
    await toastGone(page, claimEndorsed);

    // The catalogue entry the student described, on the Skills tab, reached by the tab itself.
    await main.getByRole('tab', { name: 'Skills', exact: true }).click();
    await expect(page).toHaveURL(/\?tab=skills$/);
    // The address changes first; the User Skills list stays in sight until the Skills tab is drawn.
    await expect(main.getByRole('tab', { name: 'Skills', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    card = (await findReview(page, skillName))!;
    expect(card, `"${skillName}" is listed on the Skills tab`).not.toBeNull();
    await expect(card).toContainText(`Submitted by ${owner.name}`);
    await expect(card).toContainText('Rust on microcontrollers.');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    const releaseSkill = await holdRequests(page, '**/api/endorsements/skills/*/endorse', 'POST');
    await card.getByRole('button', { name: /^Endorse / }).click();
    await expect(card.getByRole('button', { name: 'Endorsing...' })).toBeVisible();
    await releaseSkill();
    await expect(toast(page, 'Skill endorsed.')).toBeVisible();
    await expect(card).toHaveCount(0);

    const sp = student.page;
    await sp.goto('/skills');
    const skill = sp
      .getByRole('main')
      .getByRole('article')
      .filter({ has: sp.getByRole('heading', { name: skillName }) });
    await expect(skill.getByText('Endorsed', { exact: true })).toBeVisible();
    await expect(skill.getByText('Not Endorsed')).toHaveCount(0);
    await student.context.close();
  });
});
