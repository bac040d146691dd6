import { expect, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { bellOf, checkPage } from './support/notification-pages';

/**
 * Notifications and announcements: the bell's live count, the inbox, the e-mail preferences and
 * their unsubscribe link, and announcements to a batch. Every person is made for the test and every
 * title carries a random suffix, so nothing depends on the demo campus or another test. Expected
 * texts are typed from the product's message catalogue.
 */

const THIS_YEAR = new Date().getFullYear();
const ACADEMIC = demoAccount('GENSEC_ACADEMIC');

test.describe('announcements', () => {
  test('a secretary posts to a batch: its student sees it on /home, live, and in the inbox; a student of another batch does not; the secretary sees who read it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const batch = THIS_YEAR - 3;
    const reader = await otherBrowser(browser, baseURL);
    const outsider = await otherBrowser(browser, baseURL);
    try {
      await onboardedStudentByApi(reader.context.request, 'batch-in', {
        admissionYear: batch,
        mobilePrefix: '97',
      });
      await onboardedStudentByApi(outsider.context.request, 'batch-out', {
        admissionYear: batch + 1,
        mobilePrefix: '97',
      });
      await reader.page.goto('/home');
      await expect(bellOf(reader.page)).toBeVisible();

      const title = `Exam timetable ${suffix()}`;
      const body = `The timetable is out: https://example.org/timetable-${suffix()}\nBring your ID card.`;
      await signIn(page, ACADEMIC.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/gensec-acad$/);
      await page.getByRole('link', { name: 'Announcements' }).click();
      await expect(page).toHaveURL(/\/announcements$/);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
      await checkPage(page);

      const form = main.getByRole('form', { name: 'New announcement' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Message').fill(body);
      await form.getByLabel('Audience').selectOption({ label: 'A batch year' });
      await form.getByLabel('Batch year').fill(String(batch));
      await form.getByRole('button', { name: 'Post announcement' }).click();
      await expect(
        page
          .locator('[data-sonner-toast]')
          .filter({ hasText: /^Announcement posted to [\d,]+ (person|people)\.$/ }),
      ).toBeVisible();
      const posted = main.getByRole('article', { name: title });
      await expect(posted.getByText(`Batch ${batch}`)).toBeVisible();
      await expect(posted).toContainText(/Read by 0 of [1-9][\d,]*/);
      await checkPage(page);

      // The student of the batch: on the open /home without a reload, then in the inbox.
      const announcements = reader.page.getByRole('region', { name: 'Announcements' });
      await expect(announcements.getByRole('heading', { level: 3, name: title })).toBeVisible({
        timeout: 5_000,
      });
      await expect(announcements.getByRole('link', { name: /example\.org\/timetable/ })).toHaveAttribute(
        'rel',
        'noopener noreferrer',
      );
      await expect(bellOf(reader.page)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
      await reader.page.goto('/notifications');
      const card = reader.page
        .getByRole('main')
        .getByRole('article', { name: `Announcement: ${title}` });
      await expect(card).toContainText('Bring your ID card.');
      await card.getByRole('button', { name: 'Mark as read' }).click();
      await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);

      // The student of another batch sees it nowhere.
      await outsider.page.goto('/home');
      await expect(outsider.page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
      await expect(outsider.page.getByText(title)).toHaveCount(0);
      await outsider.page.goto('/notifications');
      await expect(outsider.page.getByText('No notifications yet.')).toBeVisible();
      await expect(outsider.page.getByText(title)).toHaveCount(0);

      await page.reload();
      await expect(main.getByRole('article', { name: title })).toContainText(/Read by 1 of [1-9][\d,]*/);
    } finally {
      await reader.context.close();
      await outsider.context.close();
    }
  });

  test('a club coordinator writes to the club only', async ({ page }) => {
    const coordinator = demoAccount('CLUB_COORDINATOR');
    await signIn(page, coordinator.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/club-dashboard$/);
    await page.getByRole('link', { name: 'Announcements' }).click();
    const form = page.getByRole('form', { name: 'New announcement' });
    await expect(form.getByLabel('Audience')).toHaveValue("The club's members");
    await expect(form.getByLabel('Batch year')).toHaveCount(0);
    await checkPage(page);
  });
});
