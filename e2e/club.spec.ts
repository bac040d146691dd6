import { expect, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { CORE_MEMBER, DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { declareCoreMember, positionCard, verifyAnyway } from './support/club-pages';
import { DESKTOP, lookupId, toast } from './support/page-steps';

/**
 * The club coordinator's side (spec section 2: Club dashboard, Endorsement panel, Manage Positions):
 * the dashboard of the coordinator's club, the Positions tab where self-declared positions are
 * verified or declined, the coordinator's appointments that wait for the council, and events
 * created for the club. The demo coordinator runs the Coding Club.
 */

const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;
const COORDINATOR = demoAccount('CLUB_COORDINATOR');
const CLUB = 'Coding Club';

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
    // What the ledger paid for the club this tenure, which other journeys change.
    await expect(card).toContainText('Budget utilized');
    await expect(card.getByText('Self-declared', { exact: true })).toBeVisible();
    await checkAccessible();
    await page.setViewportSize(DESKTOP);
    await verifyAnyway(page, card, `${CORE_MEMBER} by ${member.name}`);

    // An institute-level achievement at the club's event is the coordinator's to verify; a national one elsewhere is the council's.
    const title = `CodeSprint 2.0 first place ${suffix()}`;
    const added = await other.context.request.post('/api/me/achievements', {
      data: {
        title,
        category: 'Programming',
        type: 'technical',
        level: 'college',
        eventId: await lookupId(other.context.request, 'events', 'CodeSprint 2.0 Hackathon'),
        dateAchieved: `${THIS_YEAR - 1}-12-01`,
      },
    });
    expect(added.status()).toBe(201);
    const national = `National robotics olympiad ${suffix()}`;
    const elsewhere = await other.context.request.post('/api/me/achievements', {
      data: {
        title: national,
        category: 'Robotics',
        type: 'technical',
        level: 'national',
        dateAchieved: `${THIS_YEAR - 1}-11-01`,
      },
    });
    expect(elsewhere.status()).toBe(201);
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
    // The spec's club menu is the portal's navigation (deviation 71), Logout in the account menu.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const label of [
      'Dashboard',
      'Positions',
      'Add position',
      'Events',
      'Add event',
      'Feedback',
      'Achievements',
    ])
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
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

    // The achievement at the club's event is verified on the panel's Achievements tab, which lists what is tied to the club only.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Achievements', exact: true })
      .click();
    await expect(page).toHaveURL(/\/gensec-endorse\?tab=achievements$/);
    await expect(page.getByRole('tab')).toHaveText(['User Skills', 'Achievements', 'Positions']);
    const achievement = page.getByRole('tabpanel').getByRole('article', { name: title });
    await expect(achievement).toBeVisible();
    // The member's national achievement tied to nothing of the club has no Verify here: the council verifies it.
    await expect(page.getByRole('tabpanel').getByRole('article', { name: national })).toHaveCount(0);
    await achievement.getByRole('button', { name: `Verify ${title} by ${member.name}` }).click();
    await expect(toast(page, 'Achievement verified.')).toBeVisible();
    await checkAccessible();

    // Endorse on the dashboard verifies the oldest pending achievement tied to the club, when one waits.
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
});
