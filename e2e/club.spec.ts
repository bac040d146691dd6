import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, otherBrowser } from './support/fixtures';
import { type NewStudent, onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';

/**
 * The club coordinator's side (spec section 2: Club dashboard, Endorsement panel, Manage Positions):
 * the dashboard of the coordinator's club, the Positions tab where self-declared positions are
 * verified or declined, the coordinator's appointments that wait for the council, and events
 * created for the club. The demo coordinator runs the Coding Club.
 */

const DESKTOP = { width: 1280, height: 800 } as const;
const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;
const COORDINATOR = demoAccount('CLUB_COORDINATOR');
const SCITECH = demoAccount('GENSEC_SCITECH');
const CLUB = 'Coding Club';
const CORE_MEMBER = 'Core Member, Competitive Programming';

/** The id of the lookup choice of `kind` whose label is exactly `label`. */
async function lookupId(
  request: APIRequestContext,
  kind: 'positions' | 'units',
  label: string,
): Promise<string> {
  const response = await request.get(`/api/lookup/${kind}?q=${encodeURIComponent(label)}`);
  const { items } = (await response.json()) as { items: Array<{ id: string; label: string }> };
  const item = items.find((candidate) => candidate.label === label);
  if (!item) throw new Error(`No ${kind} named ${label}`);
  return item.id;
}

/** The student declares the Coding Club's core-member position for this tenure ('+ Add a Position'). */
async function declareCoreMember(request: APIRequestContext, feedback: string): Promise<void> {
  const positionId = await lookupId(request, 'positions', CORE_MEMBER);
  const response = await request.post('/api/me/positions', {
    data: {
      positionId,
      tenureYear: TENURE,
      status: 'active',
      metrics: { eventsOrganized: 2, budgetUtilized: 1500, feedback },
    },
  });
  if (response.status() !== 201)
    throw new Error(`Declaring failed: ${response.status()} ${await response.text()}`);
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const SHORTFALL = 'This person does not meet the requirements of the position.';

/**
 * Verifies a record on the Positions tab. A fresh student has no CGPA or skills on record, so the
 * shortfall of the position's requirements is shown first and the official verifies anyway.
 */
async function verifyAnyway(page: Page, card: Locator, name: string): Promise<void> {
  await card.getByRole('button', { name: `Verify ${name}` }).click();
  const question = card.getByRole('group', { name: SHORTFALL });
  await expect(question.getByText('No CGPA on record (minimum 6.0)')).toBeVisible();
  await expect(question.getByText('Missing required skills: C++, Algorithms')).toBeVisible();
  await question.getByRole('button', { name: 'Verify anyway' }).click();
  await expect(toast(page, 'Position verified.')).toBeVisible();
}

async function pick(
  scope: Locator,
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

/** The Positions tab's card of the student's record (paged, oldest first). */
async function positionCard(page: Page, student: NewStudent) {
  await page.goto('/gensec-endorse?tab=positions');
  const panel = page.getByRole('tabpanel');
  await expect(
    panel.getByRole('article').first().or(panel.getByText('No positions awaiting verification.')),
  ).toBeVisible();
  for (;;) {
    const card = panel.getByRole('article').filter({ hasText: student.name });
    if (await card.count()) return card;
    const next = panel
      .getByRole('navigation', { name: 'Positions pages' })
      .getByRole('button', { name: 'Next' });
    if (!(await next.count()) || (await next.isDisabled()))
      throw new Error(`${student.name}'s record is not listed`);
    await next.click();
  }
}

test.describe('club coordinator', () => {
  test.describe.configure({ timeout: 90_000 });

  test('/club-dashboard: menu, stat cards, latest events, pending achievements with Endorse, feedback, quick actions and club information', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    // A student claims a seat of the club, the coordinator verifies it on the Positions tab, then the member's achievement waits on the dashboard.
    const other = await otherBrowser(browser, baseURL);
    const member = await onboardedStudentByApi(other.context.request, 'member');
    await declareCoreMember(other.context.request, 'Set the weekly contest problems.');

    await signIn(page, COORDINATOR.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/club-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Club Dashboard' })).toBeVisible();

    const card = await positionCard(page, member);
    await expect(card.getByRole('heading', { name: CORE_MEMBER })).toBeVisible();
    await expect(card).toContainText(CLUB);
    await expect(card).toContainText(TENURE);
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Set the weekly contest problems.');
    await expect(card).toContainText('₹1,500');
    await expect(card.getByText('Self-declared', { exact: true })).toBeVisible();
    await checkAccessible();
    await page.setViewportSize(DESKTOP);
    await verifyAnyway(page, card, `${CORE_MEMBER} by ${member.name}`);

    const title = `ICPC regional ${suffix()}`;
    const added = await other.context.request.post('/api/me/achievements', {
      data: {
        title,
        category: 'Programming',
        type: 'technical',
        dateAchieved: `${THIS_YEAR - 1}-12-01`,
      },
    });
    expect(added.status()).toBe(201);
    const unitId = await lookupId(other.context.request, 'units', CLUB);
    for (const [index, comments] of [
      `Great contests ${suffix()}`,
      `More beginner sessions please ${suffix()}`,
      `Anonymous note ${suffix()}`,
    ].entries()) {
      const sent = await other.context.request.post('/api/feedback', {
        data: {
          type: 'Suggestion',
          targetType: 'Club/Organization',
          targetId: unitId,
          rating: 4,
          comments,
          isAnonymous: index === 2,
        },
      });
      expect(sent.status()).toBe(201);
    }
    await other.context.close();

    await page.goto('/club-dashboard');
    const menu = page.getByRole('navigation', { name: 'Club menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'Positions',
      'Add Position',
      'Events',
      'Add Event',
      'Feedback',
      'Achievements',
      'Logout',
    ]);
    const figures = page.getByRole('list', { name: 'Club figures' });
    for (const label of ['Active Members', 'Total Events', 'Budget Used', 'Pending Reviews'])
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    await expect(figures).toContainText(/\d+ upcoming/);
    await expect(figures).toContainText(/\d+\.\d% of ₹[\d,]+/);
    await expect(page.getByRole('heading', { name: 'Recent Events' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pending Achievements' })).toBeVisible();
    const feedback = page.getByRole('region', { name: 'Recent Feedback' });
    await expect(feedback.getByText('— Anonymous').first()).toBeVisible();
    await expect(feedback.getByRole('link', { name: 'View All Feedback' })).toHaveAttribute(
      'href',
      '/viewfeedback',
    );
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(actions.getByRole('link')).toHaveText([
      'Add New Position',
      'Create Event',
      'Review Achievements',
      'Endorse Skills',
    ]);
    const info = page.getByRole('region', { name: 'Club Information' });
    await expect(info.getByRole('meter', { name: 'Budget used' })).toBeVisible();
    await expect(info).toContainText('Budget allocated');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    // The member's achievement is endorsed on the panel's Achievements tab, which lists the club's members only.
    await page
      .getByRole('navigation', { name: 'Club menu' })
      .getByRole('link', { name: 'Achievements' })
      .click();
    await expect(page).toHaveURL(/\/gensec-endorse\?tab=achievements$/);
    await expect(page.getByRole('tab')).toHaveText(['User Skills', 'Achievements', 'Positions']);
    const achievement = page.getByRole('tabpanel').getByRole('article', { name: title });
    await expect(achievement).toBeVisible();
    await achievement.getByRole('button', { name: `Verify ${title} by ${member.name}` }).click();
    await expect(toast(page, 'Achievement verified.')).toBeVisible();
    await checkAccessible();

    // Endorse on the dashboard verifies the oldest pending achievement of the club's members, when one waits.
    await page.goto('/club-dashboard');
    const pending = page.getByRole('region', { name: 'Pending Achievements' });
    await expect(
      pending
        .getByRole('button', { name: /^Endorse / })
        .first()
        .or(pending.getByText('No achievements pending endorsement.')),
    ).toBeVisible();
    if (await pending.getByRole('button', { name: /^Endorse / }).count()) {
      await pending
        .getByRole('button', { name: /^Endorse / })
        .first()
        .click();
      await expect(toast(page, 'Achievement verified.')).toBeVisible();
    }
  });

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
      .getByRole('navigation', { name: 'Club menu' })
      .getByRole('link', { name: 'Add Event' })
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
    await expect(toast(page, 'Event created successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto('/club-dashboard');
    const events = page.getByRole('region', { name: 'Recent Events' });
    await expect(events.getByRole('link', { name: title })).toBeVisible();
    await expect(events.getByText(/TBD$/).first()).toBeVisible();

    // The menu's Events lists the club's own events, says so, and can show every event again.
    await page
      .getByRole('navigation', { name: 'Club menu' })
      .getByRole('link', { name: 'Events' })
      .click();
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
