import { randomInt } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, portalContext } from './support/fixtures';
import { registerVerifiedByApi, signIn, uniqueStudent, type NewStudent } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';

/**
 * Position admin (/cosa/create) and the position views (/cosa), spec sections 2, 4, 5 and 8, with
 * edit, delete and retire (deviation 45) and a club coordinator's own club (deviation 49). Every
 * record a test makes carries a random suffix, so no test depends on what another holds.
 */

const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;
/** The academic year under way (July to June): the tenure whose seats a position counts as filled. */
const CURRENT_TENURE = new Date().getMonth() >= 6 ? TENURE : `${THIS_YEAR - 1}-${THIS_YEAR}`;
const SCITECH = demoAccount('GENSEC_SCITECH');
const COORDINATOR = demoAccount('CLUB_COORDINATOR');

const suffix = () => `${Date.now().toString(36).slice(-4)}${randomInt(1000, 9999)}`;

/** 'Showing X of Y positions': X the matching ones, Y every one the official may see, which other tests add to. */
const showing = (matching: number, what: 'positions' | 'position holders') =>
  new RegExp(`^Showing ${matching} of \\d+ ${what}$`);

type PositionBody = { position: { id: string; title: string; positionCode: string } };
type HolderBody = { holder: { id: string; porCode: string } };

/** A student registered, verified and onboarded through the API with the cookies of `request`. */
async function freshStudent(
  request: APIRequestContext,
  label: string,
): Promise<NewStudent & { id: string }> {
  const student = uniqueStudent(label);
  await registerVerifiedByApi(request, student);
  const response = await request.post('/api/onboarding', {
    data: {
      idNumber: student.studentId,
      mobile: `98${student.studentId.slice(-8)}`,
      admissionYear: THIS_YEAR - 1,
      program: 'B.Tech',
      discipline: 'Physics',
    },
  });
  if (!response.ok()) throw new Error(`Onboarding ${student.email} failed: ${response.status()}`);
  const session = (await (await request.get('/api/auth/session')).json()) as { user: { id: string } };
  return { ...student, id: session.user.id };
}

async function unitId(request: APIRequestContext, name: string): Promise<string> {
  const { items } = (await (
    await request.get(`/api/lookup/units?q=${encodeURIComponent(name)}`)
  ).json()) as { items: Array<{ id: string; label: string }> };
  const item = items.find((candidate) => candidate.label === name);
  if (!item) throw new Error(`No unit named ${name}`);
  return item.id;
}

async function created<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(path, { data });
  if (response.status() !== 201)
    throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

async function pick(
  scope: Locator | Page,
  label: string,
  search: string,
  option: string | RegExp,
): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).fill(search);
  await scope
    .getByRole('listbox', { name: label, exact: true })
    .getByRole('option', { name: option })
    .first()
    .click();
}

/** The open tab's panel once its list or empty state has loaded. */
async function loaded(page: Page): Promise<Locator> {
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(/^Showing \d+ of \d+ position/)).toBeVisible();
  await expect(panel.locator('ul[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

async function search(
  page: Page,
  label: string,
  text: string,
  expected: string | RegExp,
): Promise<Locator> {
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox', { name: label }).fill(text);
  await expect(panel.getByText(expected)).toBeVisible();
  await expect(panel.locator('ul[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

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
    const student = await freshStudent(other.request, 'holder');
    const rival = await freshStudent((await portalContext(browser, baseURL)).request, 'rival');
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const coding = await unitId(page.request, 'Coding Club');
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
    await form.getByLabel(/^Budget utilized/).fill('-1');
    await form.getByRole('button', { name: 'Create Position Holder' }).click();
    for (const message of [
      'User selection is required',
      'Position selection is required',
      'Tenure year is required',
      'Status is required',
      'Appointed by is required when appointment date is provided',
      'Events organized cannot be negative',
      'Budget utilized cannot be negative',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await checkAccessible();
    await form.getByLabel(/^Status/).selectOption('active');
    await expect(form.getByText('Status is required')).toHaveCount(0);
    await form.getByLabel(/^Events organized/).fill('');
    await form.getByLabel(/^Budget utilized/).fill('');
    await form.getByLabel(/^Appointment date/).fill('');
    await pick(form, 'User', student.name, student.name);
    await pick(form, 'Position', seat.position.title, seat.position.title);
    await form.getByLabel(/^Tenure year/).selectOption(TENURE);
    await form.getByRole('button', { name: 'Create Position Holder' }).click();

    // The student's record falls short of the CGPA: the shortfall is asked about inside the form, without the person's figures.
    const question = form.getByRole('group', {
      name: 'This person does not meet the requirements of the position.',
    });
    await expect(question.getByText('No CGPA on record (minimum 9.9)')).toBeVisible();
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

  test('/cosa View Positions: search, filters, the card, details, edit, delete refused with holders, retire, delete, empty', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const other = await portalContext(browser, baseURL);
    const student = await freshStudent(other.request, 'viewer');
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const coding = await unitId(page.request, 'Coding Club');
    const word = suffix();
    const held = await created<PositionBody>(page.request, '/api/positions', {
      title: `Held Lead ${word}`,
      unitId: coding,
      positionType: 'Team Lead',
      positionCount: 3,
      description: 'Leads the team.\nSecond line.\nThird line.\nFourth line that the card clamps.',
      responsibilities: ['Plan the work', 'Review it'],
      requirements: { minCgpa: 0, minYear: 2, skillsRequired: [] },
    });
    const spare = await created<PositionBody>(page.request, '/api/positions', {
      title: `Spare Role ${word}`,
      unitId: coding,
      positionType: 'Intern',
      responsibilities: ['Help'],
    });
    await created<HolderBody>(page.request, '/api/position-holders', {
      userId: student.id,
      positionId: held.position.id,
      tenureYear: CURRENT_TENURE,
      status: 'active',
      confirm: true,
    });

    await page.goto('/cosa');
    await expect(page.getByRole('tab', { name: 'View Positions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await loaded(page);
    await checkAccessible();
    let panel = await search(page, 'Search positions', word, showing(2, 'positions'));
    await panel.getByLabel('Type').selectOption('Intern');
    await expect(panel.getByText(showing(1, 'positions'))).toBeVisible();
    await panel.getByLabel('Type').selectOption('');
    panel = await search(page, 'Search positions', held.position.positionCode, showing(1, 'positions'));
    const card = panel.getByRole('listitem').filter({ hasText: held.position.title });
    // The page's heading, then each card's: no level skipped.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Positions of Responsibility' }),
    ).toBeVisible();
    await expect(card.getByRole('heading', { level: 2, name: held.position.title })).toBeVisible();
    await expect(card.getByText('Team Lead')).toBeVisible();
    await expect(card.getByText('Coding Club')).toBeVisible();
    await expect(card.getByText('2nd')).toBeVisible();
    await expect(card.locator('p.line-clamp-3')).toBeVisible();
    await expect(card.getByText(/^Created [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: `View details of ${held.position.title}` }).click();
    const details = page.getByRole('dialog', { name: held.position.title });
    for (const text of [
      'Department',
      'Type',
      'Positions available',
      'Created',
      'Description',
      'Responsibilities',
      'Requirements',
      'Plan the work',
      `3 (1 filled in ${CURRENT_TENURE})`,
    ]) {
      await expect(details.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await checkAccessible();
    await details.getByRole('button', { name: 'Close' }).click();

    await card.getByRole('button', { name: `Edit ${held.position.title}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${held.position.title}` });
    await edit.getByLabel(/^Position title/).fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Position title is required')).toBeVisible();
    await edit.getByLabel(/^Position title/).fill(`Held Lead ${word} Renamed`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Position updated successfully!')).toBeVisible();
    panel = await search(page, 'Search positions', `${word} Renamed`, showing(1, 'positions'));

    // A position with holders cannot be deleted: its Delete dialog says why and offers to retire it.
    await panel.getByRole('button', { name: `Delete Held Lead ${word} Renamed` }).click();
    const refuse = page.getByRole('dialog', { name: `Delete Held Lead ${word} Renamed?` });
    await expect(
      refuse.getByText(
        'This position has holders, so it cannot be deleted. Retire it instead: it keeps its history and takes no new holders.',
      ),
    ).toBeVisible();
    await expect(refuse.getByRole('button', { name: 'Delete position' })).toHaveCount(0);
    await checkAccessible();
    await refuse.getByRole('button', { name: 'Retire position' }).click();
    await expect(
      toast(page, 'Position retired: it keeps its history and takes no new holders.'),
    ).toBeVisible();
    await expect(panel.getByRole('listitem').getByText('Retired', { exact: true })).toBeVisible();

    // The state filter: in use or retired.
    panel = await search(page, 'Search positions', word, showing(2, 'positions'));
    await panel.getByLabel('State').selectOption('Retired');
    await expect(panel.getByText(showing(1, 'positions'))).toBeVisible();
    await expect(
      panel.getByRole('heading', { level: 2, name: `Held Lead ${word} Renamed` }),
    ).toBeVisible();
    await panel.getByLabel('State').selectOption('In use');
    await expect(panel.getByRole('heading', { level: 2, name: spare.position.title })).toBeVisible();
    await expect(panel.getByText(showing(1, 'positions'))).toBeVisible();
    await panel.getByLabel('State').selectOption('All');

    panel = await search(page, 'Search positions', spare.position.title, showing(1, 'positions'));
    await panel.getByRole('button', { name: `Delete ${spare.position.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete position' }).click();
    await expect(toast(page, 'Position deleted.')).toBeVisible();
    await expect(panel.getByText('No positions found')).toBeVisible();
    await expect(panel.getByText(showing(0, 'positions'))).toBeVisible();
    await checkAccessible();
  });

  test('/cosa View Position Holders: search, filters, marks, details, edit status, delete, empty', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const other = await portalContext(browser, baseURL);
    const student = await freshStudent(other.request, 'por');
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const coding = await unitId(page.request, 'Coding Club');
    const position = await created<PositionBody>(page.request, '/api/positions', {
      title: `Relay Lead ${suffix()}`,
      unitId: coding,
      positionType: 'Member',
      positionCount: 2,
      responsibilities: ['Run'],
    });
    const appointed = await created<HolderBody>(page.request, '/api/position-holders', {
      userId: student.id,
      positionId: position.position.id,
      tenureYear: TENURE,
      status: 'active',
      appointment: {
        appointedById: (await (await page.request.get('/api/auth/session')).json()).user.id,
        date: `${THIS_YEAR}-01-05`,
      },
      metrics: { eventsOrganized: 4, budgetUtilized: 12500.5, feedback: 'Ran the relay day.' },
      confirm: true,
    });
    // The student's own claim to another position shows as self-declared.
    await created(other.request, '/api/me/positions', {
      positionId: position.position.id,
      tenureYear: `${THIS_YEAR - 1}-${THIS_YEAR}`,
      status: 'completed',
    });

    await page.goto('/cosa');
    await page.getByRole('tab', { name: 'View Position Holders (POR)' }).click();
    await loaded(page);
    let panel = await search(
      page,
      'Search position holders',
      student.name,
      showing(2, 'position holders'),
    );
    await expect(panel.getByText('Self-declared: awaiting verification')).toBeVisible();
    await panel.getByLabel('Status').selectOption('active');
    await expect(panel.getByText(showing(1, 'position holders'))).toBeVisible();
    await panel.getByLabel('Status').selectOption('');
    panel = await search(
      page,
      'Search position holders',
      appointed.holder.porCode,
      showing(1, 'position holders'),
    );
    const card = panel.getByRole('listitem').filter({ hasText: appointed.holder.porCode });
    for (const text of [
      student.name,
      position.position.title,
      'Coding Club',
      TENURE,
      '₹12,501',
      'Ran the relay day.',
      'Active',
    ])
      await expect(card.getByText(text, { exact: true }).first()).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: `View details of ${appointed.holder.porCode}` }).click();
    const details = page.getByRole('dialog', { name: student.name });
    for (const heading of [
      'User Information',
      'Position Information',
      'Appointment Details',
      'Performance Metrics',
      'Timeline',
    ]) {
      await expect(details.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(details.getByText(`Jan 5, ${THIS_YEAR}`)).toBeVisible();
    await checkAccessible();
    await details.getByRole('button', { name: 'Close' }).click();

    await card.getByRole('button', { name: `Edit ${appointed.holder.porCode}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${appointed.holder.porCode}` });
    await edit.getByLabel(/^Status/).selectOption('completed');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Position Holder updated successfully!')).toBeVisible();
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    // An ended holding offers only its own status.
    await card.getByRole('button', { name: `Edit ${appointed.holder.porCode}` }).click();
    await expect(
      page
        .getByRole('dialog')
        .getByLabel(/^Status/)
        .locator('option'),
    ).toHaveText(['Select status', 'Completed']);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: `Delete ${appointed.holder.porCode}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete holder' }).click();
    await expect(toast(page, 'Position Holder deleted.')).toBeVisible();
    await expect(panel.getByText('No position holders found')).toBeVisible();
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
