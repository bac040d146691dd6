import { expect, test, portalContext } from './support/fixtures';
import { onboardedStudentWithIdByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { created, pick, toast, lookupId } from './support/page-steps';
import { loaded, search } from './support/cosa-pages';

const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;
const SCITECH = demoAccount('GENSEC_SCITECH');
const COORDINATOR = demoAccount('CLUB_COORDINATOR');

/** 'Showing X of Y positions': X the matching ones, Y every one the official may see, which other tests add to. */
const showing = (matching: number, what: 'positions' | 'position holders') =>
  new RegExp(`^Showing ${matching} of \\d+ ${what}$`);

type PositionBody = { position: { id: string; title: string; positionCode: string } };

/**
 * Position admin (/cosa/create) and the position views (/cosa), spec sections 2, 4, 5 and 8, with
 * edit, delete and retire (deviation 45) and a club coordinator's own club (deviation 49). Every
 * record a test makes carries a random suffix, so no test depends on what another holds.
 */
test.describe('positions of responsibility', () => {
  test.describe.configure({ timeout: 90_000 });

  test('/cosa/create Add Position: every rule, rows added and removed, Other, the toast and the reset', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    await page.goto('/cosa/create');
    await expect(page.getByRole('tab', { name: 'Add Position', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Add Position Holder (POR)' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add Position' });
    await expect(form.getByLabel(/^Number of positions/)).toHaveValue('1');
    await expect(form.getByLabel(/^Minimum CGPA/)).toHaveValue('0');
    await expect(form.getByLabel(/^Minimum year of study/)).toHaveValue('1');
    await expect(form.getByLabel(/^Position type/).locator('option')).toHaveText([
      'Select a type',
      'Core Member',
      'Member',
      'Team Lead',
      'Coordinator',
      'Volunteer',
      'Intern',
      'Other',
    ]);
    await checkAccessible();

    await form.getByLabel(/^Number of positions/).fill('0');
    await form.getByLabel(/^Minimum CGPA/).fill('12');
    await form.getByLabel(/^Position type/).selectOption('Other');
    await form.getByRole('button', { name: 'Create Position' }).click();
    for (const message of [
      'Position title is required',
      'Organizational unit is required',
      'Please specify the position type',
      'At least one responsibility is required',
      'CGPA must be between 0 and 10',
      'Position count must be at least 1',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    const title = `Poster Lead ${suffix()}`;
    await form.getByLabel(/^Position title/).fill(title);
    await expect(form.getByText('Position title is required')).toHaveCount(0);
    await form.getByLabel(/^Custom position type/).fill('Photographer');
    await expect(form.getByText('Please specify the position type')).toHaveCount(0);
    await form.getByLabel(/^Number of positions/).fill('2');
    await form.getByLabel(/^Minimum CGPA/).fill('6.5');
    await pick(form, 'Organizational unit', 'Coding', 'Coding Club');
    await expect(form.getByRole('button', { name: 'Remove responsibility 1' })).toBeDisabled();
    await form
      .getByRole('textbox', { name: 'Responsibility 1', exact: true })
      .fill('Design the posters');
    await form.getByRole('button', { name: 'Add responsibility' }).click();
    await form.getByRole('textbox', { name: 'Responsibility 2', exact: true }).fill('Drop this row');
    await form.getByRole('button', { name: 'Remove responsibility 2' }).click();
    await expect(form.getByRole('textbox', { name: 'Responsibility 2', exact: true })).toHaveCount(0);
    // Focus goes to the row before the removed one, not to the page's start.
    await expect(form.getByRole('textbox', { name: 'Responsibility 1', exact: true })).toBeFocused();
    // A skill named twice in another case is kept once.
    for (const [index, skill] of ['Figma', 'Typography', 'Print', 'Colour', 'FIGMA'].entries()) {
      await form.getByRole('button', { name: 'Add skill' }).click();
      await form.getByRole('textbox', { name: `Skill ${index + 1}`, exact: true }).fill(skill);
    }
    await form.getByRole('button', { name: 'Create Position' }).click();
    await expect(toast(page, 'Position created successfully!')).toBeVisible();
    await expect(form.getByLabel(/^Position title/)).toHaveValue('');

    await page.goto('/cosa');
    await loaded(page);
    const panel = await search(page, 'Search positions', title, showing(1, 'positions'));
    const card = panel.getByRole('listitem').filter({ hasText: title });
    await expect(card.getByText('Photographer')).toBeVisible();
    await expect(card.getByText('+1 more')).toBeVisible();
    await expect(card.getByText('6.5')).toBeVisible();
  });

  test('/cosa/create Add Position Holder: rules, the shortfall confirmation, the toast, the same person twice, and the seat count', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const other = await portalContext(browser, baseURL);
    const student = await onboardedStudentWithIdByApi(other.request, 'holder');
    const rival = await onboardedStudentWithIdByApi(
      (await portalContext(browser, baseURL)).request,
      'rival',
    );
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const coding = await lookupId(page.request, 'units', 'Coding Club');
    const seat = await created<PositionBody>(page.request, '/api/positions', {
      title: `Solo Seat ${suffix()}`,
      unitId: coding,
      positionType: 'Member',
      positionCount: 1,
      responsibilities: ['Hold the seat'],
      requirements: { minCgpa: 9.9, minYear: 1, skillsRequired: [] },
    });

    await page.goto('/cosa/create');
    await page.getByRole('tab', { name: 'Add Position Holder (POR)' }).click();
    const form = page.getByRole('form', { name: 'Add Position Holder (POR)' });
    await expect(form.getByLabel(/^Status/)).toHaveValue('active');
    await expect(form.getByLabel(/^Appointment date/)).toHaveAttribute('min', '2016-01-01');
    await form.getByLabel(/^Status/).selectOption('');
    await form.getByLabel(/^Appointment date/).fill(`${THIS_YEAR}-07-01`);
    await form.getByLabel(/^Events organized/).fill('-2');
    await form.getByRole('button', { name: 'Create Position Holder' }).click();
    for (const message of [
      'User selection is required',
      'Position selection is required',
      'Tenure year is required',
      'Status is required',
      'Appointed by is required when appointment date is provided',
      'Events organized cannot be negative',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await checkAccessible();
    await form.getByLabel(/^Status/).selectOption('active');
    await expect(form.getByText('Status is required')).toHaveCount(0);
    await form.getByLabel(/^Events organized/).fill('');
    await form.getByLabel(/^Appointment date/).fill('');
    await pick(form, 'User', student.name, student.name);
    await pick(form, 'Position', seat.position.title, seat.position.title);
    await form.getByLabel(/^Tenure year/).selectOption(TENURE);
    await form.getByRole('button', { name: 'Create Position Holder' }).click();

    // The student's record falls short of the CGPA: the shortfall is asked about inside the form, without the person's figures.
    const question = form.getByRole('group', {
      name: 'This person does not meet the requirements of the position.',
    });
    await expect(
      question.getByText(
        "No CGPA on the institute's record (minimum 9.9); the student can ask for a correction on their profile",
      ),
    ).toBeVisible();
    await expect(question).toBeFocused();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });
    await question.getByRole('button', { name: 'Appoint anyway' }).click();
    await expect(toast(page, 'Position Holder created successfully!')).toBeVisible();
    // The form is not reset.
    await expect(form.getByLabel(/^Tenure year/)).toHaveValue(TENURE);

    // The same person again is told so, before any word of seats or requirements.
    await form.getByRole('button', { name: 'Create Position Holder' }).click();
    await expect(
      form.getByText('This person already holds this position for this tenure.'),
    ).toBeVisible();
    await expect(question).toHaveCount(0);

    // The one seat is taken: a second appointment is refused with the reason.
    await pick(form, 'User', rival.name, rival.name);
    await form.getByRole('button', { name: 'Create Position Holder' }).click();
    await expect(
      form.getByRole('alert').filter({ hasText: /^Failed to create position holder\.$/ }),
    ).toBeVisible();
    await expect(
      form.getByText('The only seat of this position is filled for this tenure.'),
    ).toBeVisible();
    await expect(toast(page, 'Failed to create position holder.').first()).toBeVisible();
  });

  test('a club coordinator sees and creates for their own club only; a student is turned away', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
  }) => {
    await signIn(page, COORDINATOR.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/club-dashboard$/);
    await page.goto('/cosa/create');
    await expect(page.getByText('For Coding Club')).toBeVisible();
    await expect(
      page.getByText(
        'Your appointments wait for a general secretary or the president to verify them; until then they take no seat and make nobody a member of the club.',
      ),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Add Position' });
    await expect(
      form.getByRole('combobox', { name: 'Organizational unit', exact: true }),
    ).toBeDisabled();
    const title = `Club Only ${suffix()}`;
    await form.getByLabel(/^Position title/).fill(title);
    await form.getByLabel(/^Position type/).selectOption('Volunteer');
    await form.getByRole('textbox', { name: 'Responsibility 1', exact: true }).fill('Help out');
    await form.getByRole('button', { name: 'Create Position' }).click();
    await expect(toast(page, 'Position created successfully!')).toBeVisible();
    await checkAccessible();

    await page.goto('/cosa');
    const panel = await loaded(page);
    const departments = await panel.getByLabel('Department').locator('option').allTextContents();
    expect(departments).toEqual(['All departments', 'Coding Club']);
    await search(page, 'Search positions', title, showing(1, 'positions'));
    const foreign = await page.request.get('/api/positions?q=Football');
    expect(((await foreign.json()) as { total: number }).total).toBe(0);
    await checkAccessible();

    const student = await portalContext(browser, baseURL);
    const studentPage = await student.newPage();
    await signIn(studentPage, demoAccount('STUDENT').email, DEMO_PASSWORD);
    await expect(studentPage).toHaveURL(/\/home$/);
    for (const path of ['/cosa', '/cosa/create']) {
      await studentPage.goto(path);
      await expect(studentPage).toHaveURL(/\/unauthorised$/);
    }
    await student.close();
  });
});
