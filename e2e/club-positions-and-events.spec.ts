import { expect, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { CORE_MEMBER, DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { declareCoreMember, positionCard, SHORTFALL, verifyAnyway } from './support/club-pages';
import { DESKTOP, pick, toast } from './support/page-steps';

/**
 * The club coordinator's side (spec section 2: Club dashboard, Endorsement panel, Manage Positions):
 * the dashboard of the coordinator's club, the Positions tab where self-declared positions are
 * verified or declined, the coordinator's appointments that wait for the council, and events
 * created for the club. The demo coordinator runs the Coding Club.
 */

const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;
const COORDINATOR = demoAccount('CLUB_COORDINATOR');
const SCITECH = demoAccount('GENSEC_SCITECH');
const CLUB = 'Coding Club';

test.describe('club coordinator', () => {
  test.describe.configure({ timeout: 90_000 });

  test("Positions tab: a declined record shows 'Declined' and the reason on the student's /manage-position", async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const other = await otherBrowser(browser, baseURL);
    const claimant = await onboardedStudentByApi(other.context.request, 'claimant');
    await declareCoreMember(other.context.request, 'Claimed seat.');
    await other.page.goto('/manage-position');
    await expect(other.page.getByText('Self-declared: awaiting verification')).toBeVisible();

    // A general secretary sees every self-declared record too.
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const card = await positionCard(page, claimant);
    await card.getByRole('button', { name: `Decline ${CORE_MEMBER} by ${claimant.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Decline/ }).click();
    await expect(dialog.getByText('Please give a reason for declining.')).toBeVisible();
    const reason = `No record of this seat ${suffix()}`;
    await dialog.getByRole('textbox').fill(reason);
    await dialog.getByRole('button', { name: /^Decline/ }).click();
    await expect(toast(page, 'Declined. The student sees your reason.')).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    await other.page.reload();
    const record = other.page.getByRole('region', { name: new RegExp(`^${CORE_MEMBER}`) });
    await expect(record.getByText('Declined', { exact: true })).toBeVisible();
    await expect(record).toContainText(reason);
    await expect(record.getByText('Self-declared: awaiting verification')).toHaveCount(0);
    await other.context.close();
  });

  test('/add-event: the organizing unit is fixed to the club, and the event is listed on the dashboard', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await signIn(page, COORDINATOR.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/club-dashboard$/);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Add event' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    const unit = page.getByLabel(/^Organizing unit/);
    await expect(unit).toHaveValue(CLUB);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    const title = `Code sprint ${suffix()}`;
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Category/).selectOption('technical');
    await page.getByRole('button', { name: 'Create Event' }).click();
    // A coordinator's event is a proposal for the council (issue 32).
    await expect(
      toast(page, 'Event proposed. The general secretary of your council will review it.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto('/club-dashboard');
    const events = page.getByRole('region', { name: 'Recent Events' });
    await expect(events.getByRole('link', { name: title })).toBeVisible();
    await expect(events.getByText(/TBD$/).first()).toBeVisible();

    // The dashboard's 'All club events' lists the club's own events, says so, and can show every event again.
    await events.getByRole('link', { name: 'All club events' }).click();
    await expect(page).toHaveURL(/\/events\?unitId=[0-9a-f-]{36}$/);
    await expect(page.getByText(`Showing the events of ${CLUB}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Show all events' }).click();
    await expect(page).not.toHaveURL(/unitId=/);
    await expect(page.getByText(/^Showing the events of/)).toHaveCount(0);
  });

  test("a coordinator's appointment waits for the council: marked on /cosa and /manage-position, verified by a general secretary only", async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const other = await otherBrowser(browser, baseURL);
    const appointee = await onboardedStudentByApi(other.context.request, 'appointee');

    await signIn(page, COORDINATOR.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/club-dashboard$/);
    await page.goto('/cosa/create');
    await page.getByRole('tab', { name: 'Add Position Holder (POR)' }).click();
    const form = page.getByRole('form', { name: 'Add Position Holder (POR)' });
    await pick(form, 'User', appointee.name, appointee.name);
    await pick(form, 'Position', 'Core Member', CORE_MEMBER);
    await form.getByLabel(/^Tenure year/).selectOption(TENURE);
    await form.getByRole('button', { name: 'Create Position Holder' }).click();
    await form
      .getByRole('group', { name: SHORTFALL })
      .getByRole('button', { name: 'Appoint anyway' })
      .click();
    await expect(toast(page, 'Position Holder created successfully!')).toBeVisible();

    await page.goto('/cosa');
    await page.getByRole('tab', { name: 'View Position Holders (POR)' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('searchbox', { name: 'Search position holders' }).fill(appointee.name);
    const holder = panel.getByRole('listitem').filter({ hasText: appointee.name });
    await expect(
      holder.getByText("Appointed by the club's coordinator: awaiting verification"),
    ).toBeVisible();
    await checkAccessible();
    // Never in the coordinator's own queue: the council verifies it.
    const own = (await (await page.request.get('/api/endorsements/positions?pageSize=100')).json()) as {
      items: Array<{ student: { name: string } }>;
    };
    expect(own.items.map((item) => item.student.name)).not.toContain(appointee.name);

    await other.page.goto('/manage-position');
    const record = other.page.getByRole('region', { name: new RegExp(`^${CORE_MEMBER}`) });
    await expect(
      record.getByText("Appointed by the club's coordinator: awaiting verification"),
    ).toBeVisible();

    const secretary = await otherBrowser(browser, baseURL);
    await signIn(secretary.page, SCITECH.email, DEMO_PASSWORD);
    await expect(secretary.page).toHaveURL(/\/gensec-tech$/);
    const card = await positionCard(secretary.page, appointee);
    await expect(card.getByText("Appointed by the club's coordinator", { exact: true })).toBeVisible();
    await expect(card).toContainText(COORDINATOR.name);
    await verifyAnyway(secretary.page, card, `${CORE_MEMBER} by ${appointee.name}`);
    await secretary.context.close();

    await other.page.reload();
    await expect(record.getByText('Active', { exact: true })).toBeVisible();
    await expect(
      record.getByText("Appointed by the club's coordinator: awaiting verification"),
    ).toHaveCount(0);
    await checkPhoneWidth();
    await other.context.close();
  });
});
