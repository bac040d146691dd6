import { expect, expectAccessible, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { DESKTOP, pick, screenshot, toast, checkPage } from './support/page-steps';

const THIS_YEAR = new Date().getFullYear();
const NEXT_YEAR = THIS_YEAR + 1;

const SCITECH = demoAccount('GENSEC_SCITECH');

/**
 * The council's side of the portal (spec sections 2, 4, 5 and 8): the general secretary's dashboard,
 * the endorsement panel, the feedback desk and events. Students are made for each test and every
 * title carries a random suffix, so no test depends on what the demo campus or another test holds.
 * Expected texts are typed from the spec and the product's message catalogue.
 */
test.describe('student council', () => {
  // Each test is a round trip between two or three browsers.
  test.describe.configure({ timeout: 60_000 });

  test('/add-event, /events and /events/{id}: required fields, schedule order, registration, a sponsor; found by a student; edited and cancelled', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const word = suffix();
    const title = `FPGA Night ${word}`;
    const renamed = `FPGA Night Reloaded ${word}`;
    await signInByApi(page.request, SCITECH.email);
    const main = page.getByRole('main');

    await page.goto('/add-event');
    await expect(main.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    const form = main.getByRole('form', { name: 'Create Event' });
    const submit = form.getByRole('button', { name: 'Create Event' });
    await expect(form.getByLabel('Registration opens date')).toHaveCount(0);
    await submit.click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByText('Category is required')).toBeVisible();
    await expect(form.getByText('Organizing unit is required')).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, testInfo, 'add-event-errors');

    await form.getByLabel('Title').fill(title);
    await form
      .getByLabel('Description')
      .fill('Bring a laptop: we synthesise a blinking LED, then a UART echo.');
    await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Technical' });
    await form.getByLabel('Type', { exact: true }).fill('Workshop');
    await pick(form, 'Organizing unit', 'Coding', 'Coding Club');
    await expect(form.getByRole('combobox', { name: 'Organizing unit', exact: true })).toHaveValue(
      'Coding Club',
    );
    await pick(form, 'Organizers', 'Me', 'Me');
    await expect(form.getByRole('list', { name: 'Chosen organizers' })).toContainText(
      `${SCITECH.name} (me)`,
    );
    await form.getByLabel('Start date').fill(`${NEXT_YEAR}-03-14`);
    await form.getByLabel('Start time').fill('18:00');
    await form.getByLabel('End date').fill(`${NEXT_YEAR}-03-14`);
    await form.getByLabel('End time').fill('17:30');
    await form.getByLabel('Venue').fill('Lecture Hall 2');
    await form.getByRole('combobox', { name: 'Mode' }).selectOption({ label: 'Hybrid' });
    await submit.click();
    await expect(form.getByText('The event must end after it starts.')).toBeVisible();
    await expect(form.getByText('Title is required')).toHaveCount(0);
    await form.getByLabel('End time').fill('21:00');

    // The registration block shows only while registration is required.
    const registration = form.getByLabel('Registration required');
    await registration.check();
    await expect(form.getByLabel('Registration opens date')).toBeVisible();
    await registration.uncheck();
    await expect(form.getByLabel('Registration opens date')).toHaveCount(0);
    await registration.check();
    await form.getByLabel('Registration opens date').fill(`${NEXT_YEAR}-02-01`);
    await form.getByLabel('Registration opens time').fill('10:00');
    await form.getByLabel('Registration closes date').fill(`${NEXT_YEAR}-03-10`);
    await form.getByLabel('Registration closes time').fill('23:00');
    await form.getByLabel('Fees (₹)').fill('150');
    await form.getByLabel('Max participants').fill('80');
    await form.getByLabel('Budget allocated (₹)').fill('25000');
    await expect(form.getByText('No sponsors yet.')).toBeVisible();
    await form.getByRole('button', { name: 'Add sponsor' }).click();
    await form.getByLabel('Sponsor 1', { exact: true }).fill('Analog Devices');
    await checkAccessible();

    // A failing server: the form says so and keeps what was typed.
    await page.route('**/api/events', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'Internal error' } })
        : route.fallback(),
    );
    await submit.click();
    await expect(form.getByText('Failed to create event.')).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveValue(title);
    await page.unroute('**/api/events');

    await submit.click();
    await expect(toast(page, 'Event created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    const eventPath = new URL(page.url()).pathname;
    await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const about = main.getByRole('region', { name: 'About' });
    await expect(about).toContainText('Bring a laptop: we synthesise a blinking LED, then a UART echo.');
    await expect(about).toContainText('Technical');
    await expect(about).toContainText('Workshop');
    await expect(about).toContainText('Planned');
    await expect(about).toContainText('Coding Club');
    await expect(about).toContainText(SCITECH.name);
    const schedule = main.getByRole('region', { name: 'Schedule' });
    await expect(schedule).toContainText(`14 Mar ${NEXT_YEAR}, 18:00`);
    await expect(schedule).toContainText(`14 Mar ${NEXT_YEAR}, 21:00`);
    await expect(schedule).toContainText('Lecture Hall 2');
    await expect(schedule).toContainText('Hybrid');
    const registrationDetails = main.getByRole('region', { name: 'Registration' });
    await expect(registrationDetails).toContainText(`1 Feb ${NEXT_YEAR}, 10:00`);
    await expect(registrationDetails).toContainText(`10 Mar ${NEXT_YEAR}, 23:00`);
    await expect(registrationDetails).toContainText('₹150');
    await expect(registrationDetails).toContainText('80');
    const budget = main.getByRole('region', { name: 'Budget' });
    await expect(budget).toContainText('₹25,000');
    await expect(budget.getByRole('listitem')).toHaveText(['Analog Devices']);
    await expect(main.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Cancel event' })).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, testInfo, 'event-detail');

    // A student finds it by its title and opens it; they may not change it.
    const student = await otherBrowser(browser, baseURL);
    await onboardedStudentByApi(student.context.request, 'attendee');
    const sp = student.page;
    const studentMain = sp.getByRole('main');
    await sp.goto('/events');
    await expect(studentMain.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(studentMain.getByRole('link', { name: 'Create Event' })).toHaveCount(0);
    await expect(studentMain.getByRole('tab', { name: /^Upcoming/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await studentMain.getByRole('searchbox', { name: 'Search events' }).fill(title);
    await expect(sp).toHaveURL(/[?&]q=/);
    const card = studentMain
      .getByRole('article')
      .filter({ has: sp.getByRole('heading', { name: title, exact: true }) });
    await expect(card).toBeVisible();
    await expect(studentMain.getByRole('article')).toHaveCount(1);
    await expect(card).toContainText('Technical');
    await expect(card).toContainText('Coding Club');
    await expect(card).toContainText('Lecture Hall 2');
    await checkPage(sp);
    await studentMain.getByRole('tab', { name: /^Past/ }).click();
    await expect(studentMain.getByText('No events match your search.')).toBeVisible();
    await studentMain.getByRole('tab', { name: /^Upcoming/ }).click();
    await card.getByRole('link', { name: `View More about ${title}` }).click();
    await expect(sp).toHaveURL(new RegExp(`${eventPath}$`));
    await expect(studentMain.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(studentMain.getByRole('region', { name: 'About' })).toContainText('Coding Club');
    // The budget and sponsors are the officials' and the organisers' (decision 0029).
    await expect(studentMain.getByRole('region', { name: 'Budget' })).toHaveCount(0);
    await expect(studentMain.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(studentMain.getByRole('button', { name: 'Cancel event' })).toHaveCount(0);
    await expectAccessible(sp);
    await studentMain.getByRole('link', { name: 'Back to events' }).click();
    await expect(sp).toHaveURL(/\/events(\?.*)?$/);

    // The creator renames it.
    await main.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`${eventPath}/edit$`));
    await expect(main.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
    const editForm = main.getByRole('form', { name: 'Edit Event' });
    await expect(editForm.getByLabel('Title')).toHaveValue(title);
    await expect(editForm.getByLabel('Start time')).toHaveValue('18:00');
    await expect(editForm.getByLabel('Sponsor 1', { exact: true })).toHaveValue('Analog Devices');
    await editForm.getByLabel('Title').fill(renamed);
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Event updated.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
    await expect(main.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    // Cancelling asks first; kept, then cancelled for good.
    await main.getByRole('button', { name: 'Cancel event' }).click();
    let confirm = page.getByRole('dialog', { name: 'Cancel this event?' });
    await expect(confirm).toContainText('Everyone sees it as cancelled. This cannot be undone.');
    await expect(confirm).toContainText(renamed);
    await checkAccessible();
    await confirm.getByRole('button', { name: 'Keep event' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(main.getByRole('region', { name: 'About' })).toContainText('Planned');
    await main.getByRole('button', { name: 'Cancel event' }).click();
    confirm = page.getByRole('dialog', { name: 'Cancel this event?' });
    await confirm.getByRole('button', { name: 'Yes, cancel event' }).click();
    await expect(toast(page, 'Event cancelled.')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(
      main.getByRole('region', { name: 'About' }).getByText('Cancelled', { exact: true }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Cancel event' })).toHaveCount(0);

    // The student sees the new title, marked cancelled.
    await studentMain.getByRole('searchbox', { name: 'Search events' }).fill(renamed);
    const cancelledCard = studentMain
      .getByRole('article')
      .filter({ has: sp.getByRole('heading', { name: renamed, exact: true }) });
    await expect(cancelledCard.getByText('Cancelled', { exact: true })).toBeVisible();
    await student.context.close();
  });
});
