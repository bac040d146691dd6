import { expect, test } from './support/fixtures';
import { checkPage, freshStudent, pick } from './support/student-record-pages';
import { toast } from './support/page-steps';

const THIS_YEAR = new Date().getFullYear();

/**
 * The student's own record (spec sections 1, 2, 4, 5, 8 and 9): the home dashboard, profile and
 * photo, skills, achievements, positions and the feedback form, each proven with a student made for
 * the test, so that the record starts empty. Expected texts are typed from the spec.
 */
test.describe('student record', () => {
  test('/manage-position: empty list, the Add New Position-holder rules, a self-declared position on its card', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    await freshStudent(page, 'holder');
    await page.goto('/manage-position');
    const main = page.getByRole('main');
    await expect(main.getByText("You haven't been assigned any positions yet.")).toBeVisible();
    await checkPage(page, testInfo, 'manage-position', { checkAccessible, checkPhoneWidth });

    await main.getByRole('button', { name: '+ Add a Position' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Position-holder' });
    await expect(dialog).toBeVisible();
    const create = dialog.getByRole('button', { name: 'Create Position' });
    await create.click();
    await expect(dialog.getByText('Position selection is required')).toBeVisible();
    await expect(dialog.getByText('Tenure year is required')).toBeVisible();
    await dialog.getByLabel('Status').selectOption('');
    await create.click();
    await expect(dialog.getByText('Status is required')).toBeVisible();
    await checkAccessible();

    const tenure = `${THIS_YEAR}-${THIS_YEAR + 1}`;
    await pick(dialog, 'Position', 'Sound and Stage', 'Sound and Stage Volunteer');
    await dialog.getByLabel('Tenure year').selectOption(tenure);
    await dialog.getByLabel('Status').selectOption({ label: 'Active' });
    await dialog.getByLabel('Appointment date').fill('2025-07-01');
    await create.click();
    await expect(
      dialog.getByText('Appointed by is required when appointment date is provided'),
    ).toBeVisible();
    await expect(dialog.getByText('Position selection is required')).toHaveCount(0);

    await pick(dialog, 'Appointed by', 'Ishita', 'Ishita Reddy');
    await dialog.getByLabel('Events organized').fill('3');
    await expect(dialog.getByText('Budget utilized is read from the club money ledger.')).toBeVisible();
    await dialog.getByLabel('Feedback').fill('Ran the sound desk for the open mic.');
    await create.click();
    await expect(toast(page, 'Position created successfully!')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await expect(main.getByText('Showing 1 of 1 positions')).toBeVisible();
    const card = main.getByRole('region', { name: `Sound and Stage Volunteer, ${tenure}` });
    await expect(card.getByRole('heading', { name: 'Sound and Stage Volunteer' })).toBeVisible();
    await expect(card).toContainText('Music Club');
    await expect(card).toContainText(tenure);
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Self-declared: awaiting verification');
    await expect(card).toContainText('Ishita Reddy');
    await expect(card).toContainText('Jul 1, 2025');
    // What the ledger paid for the club this tenure, which other journeys change.
    await expect(card).toContainText('Budget utilized');
    await expect(card).toContainText('Ran the sound desk for the open mic.');
    await checkPage(page, testInfo, 'manage-position-one', { checkAccessible, checkPhoneWidth });

    await page.reload();
    await expect(card).toContainText('Self-declared: awaiting verification');
    await expect(main.getByText('Showing 1 of 1 positions')).toBeVisible();
  });

  test("/council: COSA View from the menu, the council's office-bearers, and the positions against the student's record", async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    await freshStudent(page, 'council');
    await page.goto('/home');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'COSA View' })
      .click();
    await expect(page).toHaveURL(/\/council$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'COSA View' })).toBeVisible();

    await main.getByRole('searchbox', { name: 'Search office-bearers' }).fill('Rohan');
    const president = main
      .getByRole('heading', { level: 3, name: 'Rohan Mehta' })
      .locator('xpath=ancestor::section[1]');
    await expect(president).toContainText('President, COSA');
    await expect(main.getByText('Showing 1 of 1 office-bearers')).toBeVisible();
    await main.getByRole('searchbox', { name: 'Search office-bearers' }).fill('no such person anywhere');
    await expect(main.getByText('No office-bearers found')).toBeVisible();
    await checkPage(page, testInfo, 'council-office-bearers', { checkAccessible, checkPhoneWidth });

    await main.getByRole('tab', { name: 'Positions' }).click();
    await main.getByRole('searchbox', { name: 'Search positions' }).fill('President, COSA');
    const position = main
      .getByRole('heading', { level: 3, name: 'President, COSA' })
      .locator('xpath=ancestor::section[1]');
    await expect(position).toContainText('1 of 1 seat held in');
    await expect(position).toContainText('Full');
    // A new student has no CGPA on the institute's record yet: the way out is named.
    await expect(position).toContainText('Your record is short of:');
    await expect(position).toContainText(
      'The institute\'s record has no CGPA for you; this position asks for at least 7.0. Ask for a correction under "Kept by the institute" on your profile.',
    );
    await main.getByLabel('Only positions with a free seat').check();
    await expect(main.getByText('No positions found')).toBeVisible();
    await main.getByLabel('Only positions with a free seat').uncheck();
    await main.getByRole('searchbox', { name: 'Search positions' }).fill('Sound and Stage');
    await expect(
      main
        .getByRole('heading', { level: 3, name: 'Sound and Stage Volunteer' })
        .locator('xpath=ancestor::section[1]'),
    ).toContainText('Your record meets the requirements.');
    await checkPage(page, testInfo, 'council-positions', { checkAccessible, checkPhoneWidth });
  });

  test('/feedback: required fields, the target picker follows the target type, anonymous feedback about an event', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    await freshStudent(page, 'critic');
    await page.goto('/feedback');
    const main = page.getByRole('main');
    const form = main.getByRole('form', { name: 'Feedback form' });
    await expect(main.getByRole('heading', { level: 1, name: 'Give Feedback' })).toBeVisible();
    const target = form.getByRole('combobox', { name: 'Target', exact: true });
    await expect(target).toBeDisabled();

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Feedback type is required')).toBeVisible();
    await expect(form.getByText('Target type is required')).toBeVisible();
    await expect(form.getByText('Target is required')).toBeVisible();
    await expect(form.getByText('Comments are required')).toBeVisible();
    await checkPage(page, testInfo, 'feedback', { checkAccessible, checkPhoneWidth });

    await expect(form.getByLabel('Feedback type')).toContainText('Suggestion');
    for (const type of [
      'Suggestion',
      'Complaint',
      'General Feedback',
      'Query',
      'Appreciation',
      'Report',
      'Other',
    ]) {
      await expect(form.getByLabel('Feedback type').locator('option', { hasText: type })).toHaveCount(1);
    }
    for (const type of ['User', 'Event', 'Club/Organization', 'POR']) {
      await expect(form.getByLabel('Target type').locator('option', { hasText: type })).toHaveCount(1);
    }

    await form.getByLabel('Target type').selectOption('Event');
    await expect(target).toBeEnabled();
    await pick(form, 'Target', 'Bootcamp', 'Web Development Bootcamp');
    // Another target type clears the chosen target.
    await form.getByLabel('Target type').selectOption('User');
    await expect(target).toHaveValue('');
    await form.getByLabel('Target type').selectOption('Event');
    await expect(target).toHaveValue('');
    await pick(form, 'Target', 'Bootcamp', 'Web Development Bootcamp');

    await form.getByLabel('Feedback type').selectOption('Suggestion');
    // The stars are drawn over their radio buttons: the student clicks the fourth star.
    await form
      .locator('label')
      .filter({ has: page.getByLabel('4 stars') })
      .click();
    await expect(form.getByLabel('4 stars')).toBeChecked();
    await expect(form.getByText('4 of 5')).toBeVisible();
    await form
      .getByLabel('Comments')
      .fill('Please share the setup instructions a day before the bootcamp.');
    await form.getByLabel('Submit anonymously').check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Feedback submitted successfully')).toBeVisible();
    await expect(form.getByLabel('Comments')).toHaveValue('');
    await expect(target).toHaveValue('');
    await expect(target).toBeDisabled();

    await page.goto('/home');
    await expect(
      main
        .getByRole('region', { name: 'Your record' })
        .getByRole('link', { name: /^Feedback Given\s*1$/ }),
    ).toBeVisible();
  });
});
