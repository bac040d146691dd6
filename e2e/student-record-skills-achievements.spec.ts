import { expect, test } from './support/fixtures';
import { checkPage, freshStudent, pick } from './support/student-record-pages';
import { toast } from './support/page-steps';

/**
 * The student's own record (spec sections 1, 2, 4, 5, 8 and 9): the home dashboard, profile and
 * photo, skills, achievements, positions and the feedback form, each proven with a student made for
 * the test, so that the record starts empty. Expected texts are typed from the spec.
 */
test.describe('student record', () => {
  test('/skills: empty list, the Add Skill rules, a new skill, a duplicate, and removal', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const student = await freshStudent(page, 'skills');
    await page.goto('/skills');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Your Skills (0)' })).toBeVisible();
    await expect(main.getByText('No skills added yet')).toBeVisible();
    await checkPage(page, testInfo, 'skills', { checkAccessible, checkPhoneWidth });

    await main.getByRole('button', { name: 'Add Skill' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Skill' });
    await expect(dialog).toBeVisible();
    const skillPicker = dialog.getByRole('combobox', { name: 'Skill', exact: true });
    const skillList = dialog.getByRole('listbox', { name: 'Skill', exact: true });

    // Escape closes the picker's open list and leaves the dialog open; the next one closes the dialog.
    await skillPicker.click();
    await expect(skillList.getByRole('option', { name: '+ Add new skill' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(skillList).toBeHidden();
    await expect(skillPicker).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeVisible();
    await expect(skillPicker).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Add Skill' })).toBeFocused();

    await main.getByRole('button', { name: 'Add Skill' }).click();
    await dialog.getByRole('button', { name: 'Add Skill' }).click();
    await expect(dialog.getByText('Please select a skill.')).toBeVisible();
    await skillPicker.click();
    await dialog.getByRole('option', { name: '+ Add new skill' }).click();
    await expect(dialog.getByLabel('Skill name')).toBeVisible();
    await expect(dialog.getByLabel('Category')).toBeVisible();
    await expect(dialog.getByLabel('Skill type')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Skill' }).click();
    await expect(
      dialog.getByText('Please fill all required fields in the new skill form.'),
    ).toBeVisible();
    await checkAccessible();

    const skillName = `Kathak ${student.studentId.slice(-6)}`;
    await dialog.getByLabel('Skill name').fill(skillName);
    await dialog.getByLabel('Category').fill('Dance');
    await dialog.getByLabel('Skill type').selectOption({ label: 'Cultural' });
    await dialog.getByLabel('Description', { exact: true }).fill('Classical dance of North India.');
    await dialog.getByLabel('Proficiency level').selectOption({ label: 'Advanced' });
    await dialog.getByRole('button', { name: 'Add Skill' }).click();
    await expect(toast(page, 'Skill added successfully!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(main.getByRole('heading', { level: 1, name: 'Your Skills (1)' })).toBeVisible();
    const card = main
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: skillName }) });
    await expect(card).toContainText('Not Endorsed');
    await expect(card).toContainText('Advanced');
    await expect(card).toContainText('Dance');
    await expect(card).toContainText('Classical dance of North India.');
    await expect(main.getByText('No skills added yet')).toHaveCount(0);
    await checkPage(page, testInfo, 'skills-one', { checkAccessible, checkPhoneWidth });

    // The same new skill again, in other letters: refused.
    await main.getByRole('button', { name: 'Add Skill' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Skill' });
    await dialog.getByRole('combobox', { name: 'Skill', exact: true }).click();
    await dialog.getByRole('option', { name: '+ Add new skill' }).click();
    await dialog.getByLabel('Skill name').fill(skillName.toUpperCase());
    await dialog.getByLabel('Category').fill('Dance');
    await dialog.getByLabel('Skill type').selectOption({ label: 'Cultural' });
    await dialog.getByRole('button', { name: 'Add Skill' }).click();
    await expect(dialog.getByText('You have already added this skill.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(main.getByRole('heading', { level: 1, name: 'Your Skills (1)' })).toBeVisible();

    // Remove asks first.
    await card.getByRole('button', { name: `Remove ${skillName}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(skillName);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Remove ${skillName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(main.getByText('No skills added yet')).toBeVisible();
    await expect(main.getByRole('heading', { level: 1, name: 'Your Skills (0)' })).toBeVisible();
    await page.reload();
    await expect(main.getByText('No skills added yet')).toBeVisible();
  });

  test('/add-achievement then /view-achievements: review note, required fields, submit with an event, list, filters and /home', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const student = await freshStudent(page, 'achiever');
    await page.goto('/add-achievement');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Add Achievement' })).toBeVisible();
    await expect(
      main.getByText(/will be reviewed for verification before .*published to (your|the) profile/),
    ).toBeVisible();

    await main.getByRole('button', { name: 'Submit Achievement' }).click();
    await expect(main.getByText('Title is required')).toBeVisible();
    await expect(main.getByText('Type is required')).toBeVisible();
    await expect(main.getByText('Date achieved is required')).toBeVisible();
    await expect(main.getByText('Category is required')).toBeVisible();
    await checkPage(page, testInfo, 'add-achievement', { checkAccessible, checkPhoneWidth });

    const title = `Line Follower Gold ${student.studentId.slice(-6)}`;
    await main.getByLabel('Title').fill(title);
    await main.getByLabel('Description').fill('Fastest lap of the line follower race.');
    await main.getByLabel('Category').fill('Robotics');
    await main.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: 'Technical' });
    await main.getByLabel('Level').fill('national');
    await pick(main, 'Event', 'Line Follower', 'Robotics Workshop: Line Follower Bots');
    await main.getByLabel('Date achieved').fill('2025-03-05');
    await main.getByLabel('Position', { exact: true }).fill('1st');
    await main.getByLabel('Certificate URL').fill('https://certificates.example.org/line-follower.pdf');
    await main.getByRole('button', { name: 'Submit Achievement' }).click();
    await expect(toast(page, 'Achievement submitted successfully!')).toBeVisible();
    await expect(main.getByLabel('Title')).toHaveValue('');
    await expect(main.getByLabel('Category')).toHaveValue('');
    await expect(main.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('');
    await expect(main.getByLabel('Date achieved')).toHaveValue('');
    await expect(main.getByRole('combobox', { name: 'Event' })).toHaveValue('');

    await page.goto('/view-achievements');
    await expect(main.getByText('Showing 1 of 1 achievements')).toBeVisible();
    const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('05 Mar 2025');
    await expect(card).toContainText('Robotics Workshop: Line Follower Bots');
    await expect(card).toContainText('Fastest lap of the line follower race.');
    await expect(card).toContainText('1st');
    await expect(card.getByRole('link', { name: /View Certificate/ })).toHaveAttribute(
      'href',
      'https://certificates.example.org/line-follower.pdf',
    );
    // The page header's link; the side menu has an entry of the same name.
    await expect(main.locator('header').getByRole('link', { name: 'Add Achievement' })).toHaveAttribute(
      'href',
      '/add-achievement',
    );
    await checkPage(page, testInfo, 'view-achievements', { checkAccessible, checkPhoneWidth });

    await main.getByLabel('Search achievements').fill('no-such-achievement-xyz');
    await expect(main.getByText('No achievements match your current filters.')).toBeVisible();
    await expect(main.getByText('Showing 0 of 1 achievements')).toBeVisible();
    await expect(card).toHaveCount(0);
    await main.getByLabel('Search achievements').fill('');
    await expect(main.getByText('Showing 1 of 1 achievements')).toBeVisible();
    await main.getByLabel('Status').selectOption({ label: 'Verified' });
    await expect(main.getByText('No achievements match your current filters.')).toBeVisible();
    await main.getByLabel('Status').selectOption({ label: 'Pending' });
    await expect(card).toBeVisible();

    await page.goto('/home');
    const latest = main.getByRole('region', { name: 'Latest Achievement' });
    await expect(latest.getByRole('heading', { name: title })).toBeVisible();
    await expect(latest).toContainText('Pending');
    await expect(latest).toContainText('05 Mar 2025');
    await expect(
      main
        .getByRole('region', { name: 'Your record' })
        .getByRole('link', { name: /^Achievements\s*1$/ }),
    ).toBeVisible();
  });
});
