import { expect, expectAccessible, otherBrowser, test } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { toast } from './support/page-steps';

const COORDINATOR = demoAccount('CLUB_COORDINATOR');
const SCITECH = demoAccount('GENSEC_SCITECH');
const NEXT_YEAR = new Date().getFullYear() + 1;

/** Today on the institute's clock (Asia/Kolkata), as the form's date field takes it. */
const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/**
 * Events people attend (issue: proposals and approval, registration with capacity and waitlist): a
 * club's proposal hidden from students until the council approves it, seats in arrival order, the
 * waitlist, and a freed seat going to the first person waiting. Titles carry a random suffix.
 */
test.describe('events people attend', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a club proposes, the council approves, students take the seats and the waitlist, a cancellation promotes the next', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const title = `Compiler Night ${suffix()}`;
    const main = page.getByRole('main');

    // The club's coordinator proposes an event of two seats.
    await signInByApi(page.request, COORDINATOR.email);
    await page.goto('/add-event');
    const form = main.getByRole('form', { name: 'Create Event' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Technical' });
    await form.getByLabel('Start date').fill(`${NEXT_YEAR}-02-10`);
    await form.getByLabel('Start time').fill('18:00');
    await form.getByLabel('End date').fill(`${NEXT_YEAR}-02-10`);
    await form.getByLabel('End time').fill('20:00');
    await form.getByLabel('Venue').fill('Lecture Hall 3');
    await form.getByLabel('Registration required').check();
    await form.getByLabel('Registration opens date').fill(today());
    await form.getByLabel('Registration opens time').fill('00:00');
    await form.getByLabel('Registration closes date').fill(`${NEXT_YEAR}-02-09`);
    await form.getByLabel('Registration closes time').fill('23:00');
    await form.getByLabel('Max participants').fill('2');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await expect(
      toast(page, 'Event proposed. The general secretary of your council will review it.'),
    ).toBeVisible();
    const list = await (await page.request.get(`/api/events?q=${encodeURIComponent(title)}`)).json();
    const id = list.items[0].id as string;

    // A student does not see it yet.
    const asha = await otherBrowser(browser, baseURL);
    await onboardedStudentByApi(asha.context.request, 'asha');
    await asha.page.goto(`/events/${id}`);
    await expect(asha.page.getByText('Event not found.')).toBeVisible();

    // The sci-tech secretary (the Coding Club's council) approves it.
    const secretary = await otherBrowser(browser, baseURL);
    await signInByApi(secretary.context.request, SCITECH.email);
    await secretary.page.goto(`/events/${id}`);
    const approval = secretary.page.getByRole('region', { name: /Council approval/ });
    await expect(approval.getByText('Awaiting approval')).toBeVisible();
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(secretary.page, 'Event approved. Students can see it now.')).toBeVisible();
    await expect(approval.getByText('Approved', { exact: true })).toBeVisible();

    // Asha takes the first seat.
    await asha.page.goto(`/events/${id}`);
    const takePart = asha.page.getByRole('region', { name: 'Take part' });
    await expect(takePart.getByText('0 of 2 seats taken · 2 left')).toBeVisible();
    await takePart.getByRole('button', { name: 'Register' }).click();
    await expect(toast(asha.page, 'You are registered. Your ticket is ready.')).toBeVisible();
    await expect(takePart.getByRole('link', { name: 'Show my ticket' })).toBeVisible();

    // Another student takes the last seat; Dev joins the waitlist.
    const bala = await otherBrowser(browser, baseURL);
    await onboardedStudentByApi(bala.context.request, 'bala');
    expect((await bala.context.request.post(`/api/events/${id}/registration`)).status()).toBe(201);
    const dev = await otherBrowser(browser, baseURL);
    await onboardedStudentByApi(dev.context.request, 'dev');
    await dev.page.goto(`/events/${id}`);
    const devPart = dev.page.getByRole('region', { name: 'Take part' });
    await expect(devPart.getByText('2 of 2 seats taken · full')).toBeVisible();
    await devPart.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(toast(dev.page, 'The event is full: you are on the waitlist.')).toBeVisible();
    await expect(
      devPart.getByText(
        'You are number 1 on the waitlist. If a seat frees up it is yours at once, and you will be told.',
      ),
    ).toBeVisible();
    await expectAccessible(dev.page);

    // Asha gives her seat up: it goes to Dev at once.
    await takePart.getByRole('button', { name: 'Cancel my registration' }).click();
    await asha.page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(toast(asha.page, 'Your registration is cancelled.')).toBeVisible();
    await dev.page.reload();
    await expect(
      devPart.getByText(/A seat freed up and it is yours: you are registered\./),
    ).toBeVisible();
    await expect(devPart.getByRole('link', { name: 'Show my ticket' })).toBeVisible();

    // Dev's own list of events, and the accessibility of the pages at a phone's width.
    await dev.page.goto('/events/mine');
    await expect(
      dev.page.getByRole('region', { name: 'Coming up' }).getByRole('link', { name: title }),
    ).toBeVisible();
    await page.goto(`/events/${id}`);
    await expect(main.getByRole('region', { name: 'For the organisers' })).toBeVisible();
    await main.getByRole('link', { name: 'Registrations' }).click();
    await expect(main.getByText('2 registered · 0 waiting · 0 checked in · 1 cancelled')).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    for (const other of [asha, bala, dev, secretary]) await other.context.close();
  });
});
