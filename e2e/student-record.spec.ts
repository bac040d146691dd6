import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerVerifiedByApi, uniqueStudent, type NewStudent } from './support/accounts';
import { e2eDir } from './support/paths';
import { holdRequests } from './support/network';

/**
 * The student's own record (spec sections 1, 2, 4, 5, 8 and 9): the home dashboard, profile and
 * photo, skills, achievements, positions and the feedback form, each proven with a student made for
 * the test, so that the record starts empty. Expected texts are typed from the spec.
 */

const DESKTOP = { width: 1280, height: 800 } as const;
const PORTRAIT = path.join(e2eDir, 'fixtures', 'portrait.jpg');
const THIS_YEAR = new Date().getFullYear();
const ADMISSION_YEAR = THIS_YEAR - 1;

type Student = NewStudent & { mobile: string };

/**
 * A student registered, verified and onboarded through the API with the page's own cookies, so the
 * browser is signed in to a record that holds nothing yet.
 */
async function freshStudent(page: Page, label: string): Promise<Student> {
  const student = uniqueStudent(label);
  await registerVerifiedByApi(page.request, student);
  const mobile = `98${student.studentId.slice(-8)}`;
  const response = await page.request.post('/api/onboarding', {
    data: {
      idNumber: student.studentId,
      mobile,
      admissionYear: ADMISSION_YEAR,
      program: 'B.Tech',
      discipline: 'Physics',
    },
  });
  if (!response.ok())
    throw new Error(`Onboarding ${student.email} failed: ${response.status()} ${await response.text()}`);
  return { ...student, mobile };
}

/** The toast that says `text` (the app's one toast region). */
function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/**
 * Closes a toast with its close button. At 1280 px the profile's toasts lie over its Save and Cancel
 * buttons and stay while the pointer rests on them (pause on hover), so the student closes them first.
 */
async function closeToast(shown: Locator): Promise<void> {
  await shown.getByRole('button', { name: /close/i }).click();
  await expect(shown).toHaveCount(0);
}

/** axe, the 375 px check, then a full-page desktop screenshot in the test's output folder. */
async function checkPage(
  page: Page,
  testInfo: TestInfo,
  name: string,
  checks: { checkAccessible: () => Promise<void>; checkPhoneWidth: () => Promise<void> },
): Promise<void> {
  await checks.checkAccessible();
  await checks.checkPhoneWidth();
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage: true });
}

/** Chooses the option `option` of a searchable picker after typing `search` into it. */
async function pick(scope: Locator, label: string, search: string, option: string): Promise<void> {
  const picker = scope.getByRole('combobox', { name: label, exact: true });
  await picker.fill(search);
  await scope
    .getByRole('listbox', { name: label, exact: true })
    .getByRole('option', { name: option })
    .first()
    .click();
  await expect(picker).toHaveValue(option);
}

/** The demo campus's upcoming events (days 3 to 25 from the seeding day), soonest first, and their units. */
const DEMO_UPCOMING = [
  'Web Development Bootcamp',
  'Nukkad Natak: Voices of Change',
  'Sketch and Paint Marathon',
  'Annual Athletics Meet',
  'Research Poster Symposium',
];

test.describe('student record', () => {
  test('/home: welcome line, four counters, upcoming events, no achievement yet, quick actions and the side menu', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const student = await freshStudent(page, 'home');
    await page.goto('/home');
    const main = page.getByRole('main');

    await expect(
      main.getByRole('heading', { level: 1, name: `Welcome, ${student.name}` }),
    ).toBeVisible();
    await expect(main.getByText(`Physics · Batch ${ADMISSION_YEAR} · B.Tech`)).toBeVisible();

    const counters = main.getByRole('region', { name: 'Your record' });
    for (const label of ['Skills', 'Achievements', 'Positions', 'Feedback Given']) {
      await expect(counters.getByRole('link', { name: new RegExp(`^${label}\\s*0$`) })).toBeVisible();
    }
    await expect(counters.getByRole('listitem')).toHaveCount(4);

    const upcoming = main.getByRole('region', { name: 'Upcoming Events' });
    const titles = upcoming.getByRole('heading', { level: 3 });
    await expect(titles.first()).toBeVisible();
    const shown = (await titles.allTextContents()).filter((title) => DEMO_UPCOMING.includes(title));
    expect(shown, 'the demo campus upcoming events, soonest first').toEqual(DEMO_UPCOMING);
    await expect(
      upcoming.getByText('CodeSprint 2.0 Hackathon'),
      'a past event is not upcoming',
    ).toHaveCount(0);
    const bootcamp = upcoming
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Web Development Bootcamp' }) });
    await expect(bootcamp).toContainText(
      'Three evenings from HTML to a deployed React app; bring a laptop.',
    );
    await expect(bootcamp).toContainText(/technical/i);
    await expect(bootcamp).toContainText('Coding Club');

    const latest = main.getByRole('region', { name: 'Latest Achievement' });
    await expect(latest.getByText('No achievements yet.')).toBeVisible();

    const quick = main.getByRole('region', { name: 'Quick Actions' });
    await expect(quick.getByRole('link')).toHaveText([
      'Add Achievement',
      'New Position',
      'Give Feedback',
    ]);
    await expect(quick.getByRole('link', { name: 'Add Achievement' })).toHaveAttribute(
      'href',
      '/add-achievement',
    );
    await expect(quick.getByRole('link', { name: 'New Position' })).toHaveAttribute(
      'href',
      '/manage-position',
    );
    await expect(quick.getByRole('link', { name: 'Give Feedback' })).toHaveAttribute(
      'href',
      '/feedback',
    );

    const menu = page.getByRole('navigation', { name: 'Student menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Profile',
      'COSA View',
      'Give Feedback',
      'Events',
      'Manage Skills',
      'Manage Positions',
      'Add Achievement',
      'View Achievements',
      'Transcript',
      'View Feedback',
      'Logout',
    ]);
    // Later pages: only the links are checked.
    await expect(menu.getByRole('link', { name: 'COSA View' })).toHaveAttribute('href', '/council');
    await expect(menu.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    await expect(menu.getByRole('link', { name: 'View Feedback' })).toHaveAttribute(
      'href',
      '/viewfeedback',
    );

    await checkPage(page, testInfo, 'home', { checkAccessible, checkPhoneWidth });

    // An event without an organizing unit shows N/A: the demo campus has none, so the real answer is
    // given back with the first event's unit taken away.
    await page.route('**/api/me/dashboard', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { upcomingEvents: Array<{ unitName: string | null }> };
      if (body.upcomingEvents[0]) body.upcomingEvents[0].unitName = null;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const first = upcoming.getByRole('listitem').first();
    await expect(first.getByRole('definition').first()).toHaveText('N/A');
    await page.unroute('**/api/me/dashboard');

    const destinations: Array<[string, RegExp, Locator]> = [
      ['Profile', /\/profile$/, main.getByRole('heading', { level: 1, name: student.name })],
      ['Give Feedback', /\/feedback$/, main.getByRole('heading', { level: 1, name: 'Give Feedback' })],
      ['Manage Skills', /\/skills$/, main.getByRole('heading', { level: 1, name: 'Your Skills (0)' })],
      [
        'Manage Positions',
        /\/manage-position$/,
        main.getByText("You haven't been assigned any positions yet."),
      ],
      [
        'Add Achievement',
        /\/add-achievement$/,
        main.getByRole('heading', { level: 1, name: 'Add Achievement' }),
      ],
      [
        'View Achievements',
        /\/view-achievements$/,
        main.getByText("You haven't added any achievements yet."),
      ],
    ];
    for (const [label, url, landmark] of destinations) {
      await page.goto('/home');
      await menu.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(url);
      await expect(landmark).toBeVisible();
    }
    for (const [label, url] of [
      ['Add Achievement', /\/add-achievement$/],
      ['New Position', /\/manage-position$/],
      ['Give Feedback', /\/feedback$/],
    ] as const) {
      await page.goto('/home');
      await quick.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(url);
    }
    await page.goto('/home');
    await menu.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/profile: spinner, then the profile; edit with validation, save, cancel; change and delete the photo', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const student = await freshStudent(page, 'profile');
    const main = page.getByRole('main');

    const releaseProfile = await holdRequests(page, '**/api/me/profile', 'GET');
    await page.goto('/profile');
    await expect(main.getByRole('status')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await releaseProfile();

    await expect(main.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
    await expect(main.locator('header').first().getByText(student.studentId)).toBeVisible();
    for (const section of [
      'Basic Information',
      'Academic Information',
      'Contact Information',
      'Social Links',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    const contact = main.getByRole('region', { name: 'Contact Information' });
    await expect(
      contact.getByText(student.mobile),
      'the mobile number given at onboarding',
    ).toBeVisible();
    await expect(
      main.getByRole('region', { name: 'Academic Information' }).getByText('Physics'),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await checkPage(page, testInfo, 'profile', { checkAccessible, checkPhoneWidth });

    // Edit: a 5-digit phone, then a LinkedIn address on another host.
    await main.getByRole('button', { name: 'Edit' }).click();
    await expect(main.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const phone = main.getByLabel('Phone');
    await expect(phone).toHaveValue(student.mobile);
    await phone.fill('12345');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Mobile number must be 10 digits')).toBeVisible();
    const fixErrors = toast(page, 'Please fix validation errors');
    await expect(fixErrors).toBeVisible();
    await expect(fixErrors, 'toasts sit at the top right').toHaveAttribute('data-y-position', 'top');
    await expect(fixErrors).toHaveAttribute('data-x-position', 'right');
    await closeToast(fixErrors);

    const linkedin = main.getByLabel('LinkedIn');
    await linkedin.fill('https://example.com/in/someone');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Invalid LinkedIn URL')).toBeVisible();
    await expect(main.getByText('Mobile number must be 10 digits')).toBeVisible();
    await checkAccessible();
    await closeToast(toast(page, 'Please fix validation errors'));

    // Fixed, saved, and still there after a reload.
    const newPhone = `91${student.studentId.slice(-8)}`;
    const newLinkedin = `https://www.linkedin.com/in/e2e-${student.studentId}`;
    await phone.fill(newPhone);
    await linkedin.fill(newLinkedin);
    await main.getByLabel('Hostel').selectOption('Indravati');
    await main.getByLabel('Room Number').fill('B-214');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(main.getByText('Invalid LinkedIn URL')).toHaveCount(0);
    await expect(contact.getByText(newPhone)).toBeVisible();
    await expect(contact.getByText('Indravati')).toBeVisible();
    await expect(contact.getByText('B-214')).toBeVisible();
    await expect(main.getByRole('link', { name: new RegExp(newLinkedin) })).toBeVisible();
    await page.reload();
    await expect(contact.getByText(newPhone)).toBeVisible();
    await expect(contact.getByText('Indravati')).toBeVisible();
    await expect(main.getByRole('link', { name: new RegExp(newLinkedin) })).toBeVisible();

    // Cancel drops the draft.
    await main.getByRole('button', { name: 'Edit' }).click();
    await phone.fill('9000000000');
    await main.getByLabel('Room Number').fill('Z-999');
    await main.getByRole('button', { name: 'Cancel' }).click();
    await expect(main.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(contact.getByText(newPhone)).toBeVisible();
    await expect(contact.getByText('B-214')).toBeVisible();
    await expect(main.getByText('9000000000')).toHaveCount(0);
    await main.getByRole('button', { name: 'Edit' }).click();
    await expect(phone).toHaveValue(newPhone);
    await main.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(contact.getByText(newPhone)).toBeVisible();

    // Photo: the default avatar, then a real JPEG.
    const header = main.locator('header').first();
    const picture = header.getByRole('img', { name: `Photo of ${student.name}` });
    await expect(header.getByRole('img', { name: student.name, exact: true })).toBeVisible();
    await expect(picture).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Delete Photo' })).toHaveCount(0);

    let chooser = page.waitForEvent('filechooser');
    await header.getByRole('button', { name: 'Change Photo' }).click();
    await (await chooser).setFiles(PORTRAIT);
    await expect(picture).toHaveAttribute('src', /^\/api\/photos\/[^/]+/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
        message: 'the photo loads',
      })
      .toBeGreaterThan(0);
    const uploaded = await picture.getAttribute('src');
    await page.reload();
    await expect(picture).toHaveAttribute('src', uploaded!);

    // A text file named .jpg is refused with an error toast; the picture stays.
    chooser = page.waitForEvent('filechooser');
    await header.getByRole('button', { name: 'Change Photo' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('This is a text file, not a photograph.\n'.repeat(20)),
    });
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
      /Please choose a JPEG, PNG or WebP image\.|This image could not be read/,
    );
    await expect(picture).toHaveAttribute('src', uploaded!);

    // Delete Photo asks first; Keep Photo keeps it, Delete Photo brings back the default avatar.
    await header.getByRole('button', { name: 'Delete Photo' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await checkAccessible();
    await dialog.getByRole('button', { name: 'Keep Photo' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(picture).toHaveAttribute('src', uploaded!);
    await header.getByRole('button', { name: 'Delete Photo' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete Photo' }).click();
    await expect(picture).toHaveCount(0);
    await expect(header.getByRole('img', { name: student.name, exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Delete Photo' })).toHaveCount(0);
    await page.reload();
    await expect(header.getByRole('img', { name: student.name, exact: true })).toBeVisible();
    await expect(picture).toHaveCount(0);
  });

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
    await dialog.getByLabel(/Budget utilized/).fill('12345.67');
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
    await expect(card).toContainText('₹12,346');
    await expect(card).not.toContainText('12,345.67');
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
      .getByRole('navigation', { name: 'Student menu' })
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
    // A new student has no CGPA and no year of study on record yet.
    await expect(position).toContainText('Your record is short of:');
    await expect(position).toContainText('No CGPA on record (minimum 7.0)');
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
