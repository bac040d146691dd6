import { expect, otherBrowser, portalContext, test } from './support/fixtures';
import { onboardedStudentWithIdByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { created, DESKTOP, toast } from './support/page-steps';
import { openReview } from './support/review-panel';

const SCITECH = demoAccount('GENSEC_SCITECH');
const THIS_YEAR = new Date().getFullYear();

/**
 * A student's data in the student's hands (decision 0041): the notice, the choices (the mobile
 * number shown, then hidden again, as another student sees it), and the log of which official
 * opened the record, from which page. Every student is made for this run.
 */
test.describe('privacy: the notice, the choices and who looked', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a student reads the notice, shows then hides their mobile number, and another student sees each', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const student = await onboardedStudentWithIdByApi(page.request, 'privacy');
    const mobile = `98${student.studentId.slice(-8)}`;

    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    const contact = page.getByRole('region', { name: 'Questions and complaints' });
    await expect(contact).toContainText('Write to the grievance officer:');
    await expect(contact.getByRole('link', { name: 'privacy@iitbhilai.ac.in' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'How long' })).toContainText(
      'The log of who opened your record: 365 days.',
    );
    await checkAccessible();
    await checkPhoneWidth();

    await page.getByRole('link', { name: 'privacy settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy and your data' })).toBeVisible();
    const phoneBox = page.getByRole('checkbox', {
      name: 'Let other students and officials see my phone number on my page',
    });
    await expect(phoneBox).not.toBeChecked();
    await checkAccessible();
    await checkPhoneWidth();

    const other = await otherBrowser(browser, baseURL);
    await onboardedStudentWithIdByApi(other.page.request, 'looker');
    await other.page.goto(`/people/${student.id}`);
    await expect(other.page.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
    await expect(other.page.getByText(mobile)).toHaveCount(0);

    await phoneBox.check();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect(toast(page, 'Your privacy choices are saved.')).toBeVisible();
    await other.page.reload();
    const shown = other.page.getByRole('region', { name: 'Contact' });
    await expect(shown.getByRole('link', { name: mobile })).toHaveAttribute('href', `tel:${mobile}`);

    await phoneBox.uncheck();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect(page.getByText(/^Last changed /)).toBeVisible();
    await other.page.reload();
    await expect(other.page.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
    await expect(other.page.getByText(mobile)).toHaveCount(0);
    await other.context.close();
    await page.setViewportSize(DESKTOP);
  });

  test('the student sees which official opened their record, and from which page', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
  }) => {
    const student = await onboardedStudentWithIdByApi(page.request, 'looked-at');
    const title = `Star Tracker Build ${suffix()}`;
    await created(page.request, '/api/me/achievements', {
      title,
      category: 'Electronics',
      type: 'technical',
      dateAchieved: `${THIS_YEAR - 1}-03-01`,
    });

    const secretary = await portalContext(browser, baseURL, { viewport: DESKTOP });
    const official = await secretary.newPage();
    await signInByApi(official.request, SCITECH.email);
    const card = await openReview(official, 'achievements', title);
    await card.getByRole('link', { name: student.name }).click();
    await expect(official.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
    await secretary.close();

    await page.goto('/settings/privacy');
    const log = page.getByRole('list', { name: 'Who opened your record' });
    const entry = log.getByRole('listitem').first();
    await expect(entry).toContainText(`${SCITECH.name} (General Secretary, Science & Technology)`);
    await expect(entry).toContainText('Opened your record');
    await expect(entry).toContainText('from /gensec-endorse?tab=achievements');
    await checkAccessible();
  });
});
