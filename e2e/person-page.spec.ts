import { expect, test, portalContext } from './support/fixtures';
import { onboardedStudentWithIdByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { created, DESKTOP } from './support/page-steps';

const THIS_YEAR = new Date().getFullYear();
const SCITECH = demoAccount('GENSEC_SCITECH');

type Achievement = { achievement: { id: string } };

/**
 * A person's page (decision 0026): another student sees the verified record and nothing personal;
 * the general secretary of the record's council also sees what waits for their review, with the
 * way to the endorsement panel. The student and their records are made for this run.
 */
test.describe('/people/{id}', () => {
  test.describe.configure({ timeout: 60_000 });

  let subject: { id: string; name: string; email: string; mobile: string };
  let verifiedTitle: string;
  let pendingTitle: string;

  test.beforeAll(async ({ browser, baseURL }) => {
    const word = suffix();
    verifiedTitle = `Rover Trials Silver ${word}`;
    pendingTitle = `Antenna Build Entry ${word}`;
    const owner = await portalContext(browser, baseURL);
    const student = await onboardedStudentWithIdByApi(owner.request, 'person');
    const mobile = `98${student.studentId.slice(-8)}`;
    subject = { id: student.id, name: student.name, email: student.email, mobile };
    const verified = await created<Achievement>(owner.request, '/api/me/achievements', {
      title: verifiedTitle,
      category: 'Robotics',
      type: 'technical',
      level: 'national',
      dateAchieved: `${THIS_YEAR - 1}-02-14`,
      position: '2nd',
    });
    await created<Achievement>(owner.request, '/api/me/achievements', {
      title: pendingTitle,
      category: 'Electronics',
      type: 'technical',
      dateAchieved: `${THIS_YEAR - 1}-03-01`,
    });
    await owner.close();
    const secretary = await portalContext(browser, baseURL);
    await signInByApi(secretary.request, SCITECH.email);
    const verifying = await secretary.request.post(
      `/api/endorsements/achievements/${verified.achievement.id}/verify`,
    );
    expect(verifying.status()).toBe(200);
    await secretary.close();
  });

  test('another student sees the verified record, and no phone number or e-mail', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await onboardedStudentWithIdByApi(page.request, 'viewer');
    await page.goto(`/people/${subject.id}`);
    await expect(page.getByRole('heading', { level: 1, name: subject.name })).toBeVisible();
    await expect(page.getByText('Student', { exact: true })).toBeVisible();
    const achievements = page.getByRole('region', { name: 'Verified achievements' });
    await expect(achievements.getByText(verifiedTitle)).toBeVisible();
    await expect(page.getByText(pendingTitle)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Waiting for your review' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Personal details' })).toHaveCount(0);
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain(subject.mobile);
    expect(text).not.toContain(subject.email);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
  });

  test('the general secretary of the council sees the pending item with the way to the panel', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await signInByApi(page.request, SCITECH.email);
    await page.goto(`/people/${subject.id}`);
    const waiting = page.getByRole('region', { name: 'Waiting for your review' });
    await expect(waiting.getByText(pendingTitle)).toBeVisible();
    await expect(waiting.getByText(verifiedTitle)).toHaveCount(0);
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain(subject.mobile);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await waiting.getByRole('link', { name: `Open the review panel for ${pendingTitle}` }).click();
    await expect(page).toHaveURL(/\/gensec-endorse\?tab=achievements$/);
    await expect(page.getByRole('tab', { name: /Achievements/, selected: true })).toBeVisible();
  });
});
