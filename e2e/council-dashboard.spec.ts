import { expect, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount, signInByApi } from './support/demo-accounts';
import { created, DESKTOP, screenshot } from './support/page-steps';
import { accountButton, logOutThroughMenu, mainMenu, portalHeader } from './support/shell';

const THIS_YEAR = new Date().getFullYear();

const SCITECH = demoAccount('GENSEC_SCITECH');
const SPORTS = demoAccount('GENSEC_SPORTS');

type Achievement = { achievement: { id: string; title: string } };

/**
 * The council's side of the portal (spec sections 2, 4, 5 and 8): the general secretary's dashboard,
 * the endorsement panel, the feedback desk and events. Students are made for each test and every
 * title carries a random suffix, so no test depends on what the demo campus or another test holds.
 * Expected texts are typed from the spec and the product's message catalogue.
 */
test.describe('student council', () => {
  // Each test is a round trip between two or three browsers.
  test.describe.configure({ timeout: 60_000 });

  test('/gensec-tech: header with the global search, seven category tabs, card filter, notifications, settings, logout; other roles get 403', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    // A technical achievement waits for the sci-tech secretary, so the notifications list one.
    const other = await otherBrowser(browser, baseURL);
    await onboardedStudentByApi(other.context.request, 'waiting');
    await created<Achievement>(other.context.request, '/api/me/achievements', {
      title: `Waiting Robot ${suffix()}`,
      category: 'Robotics',
      type: 'technical',
      dateAchieved: `${THIS_YEAR - 1}-11-20`,
    });

    // A student is not let in: the access-denied page, never the dashboard's own role error.
    await other.page.goto('/gensec-tech');
    await expect(other.page).toHaveURL(/\/unauthorised$/);
    await expect(
      other.page.getByRole('heading', { level: 1, name: '403 - Unauthorised Access' }),
    ).toBeVisible();
    await expect(other.page.getByText('Invalid GenSec role.')).toHaveCount(0);
    await other.context.close();

    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const main = page.getByRole('main');
    const header = main.locator('header').first();
    await expect(
      header.getByRole('heading', { level: 1, name: 'Science & Technology Portal' }),
    ).toBeVisible();
    // The portal's header holds the initials and, in their menu, Logout (deviation 71).
    await expect(accountButton(page)).toHaveText('IR');
    await expect(accountButton(page)).toHaveAccessibleName(`Account menu, ${SCITECH.name}`);
    await expect(header.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile');

    // The seven tabs, each with its cards.
    const tabs = main.getByRole('tablist', { name: 'Categories' });
    await expect(tabs.getByRole('tab')).toHaveText([
      'All',
      'Admin',
      'Endorsement',
      'Booking',
      'Feedback',
      'Events',
      'COSA',
    ]);
    await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const cards = main.getByRole('tabpanel').getByRole('heading', { level: 2 });
    const everyCard = [
      'Endorsements',
      'Room Booking',
      'Feedback',
      'Events',
      'Create Event',
      'Create Position',
      'Positions',
    ];
    await expect(cards).toHaveText(everyCard);
    const destinations: Record<string, string> = {
      Endorsements: '/gensec-endorse',
      'Room Booking': '/roombooking',
      Feedback: '/viewfeedback',
      Events: '/events',
      'Create Event': '/add-event',
      'Create Position': '/cosa/create',
      Positions: '/cosa',
    };
    for (const [title, href] of Object.entries(destinations)) {
      await expect(
        main.getByRole('tabpanel').getByRole('link', { name: title, exact: true }),
      ).toHaveAttribute('href', href);
    }
    // The live counts arrive on the cards that have one.
    await expect(
      main.getByRole('tabpanel').getByRole('link', { name: 'Endorsements', exact: true }),
    ).toContainText(/\d+ pending/);
    await expect(
      main.getByRole('tabpanel').getByRole('link', { name: 'Feedback', exact: true }),
    ).toContainText(/\d+ unresolved/);
    await expect(
      main.getByRole('tabpanel').getByRole('link', { name: 'Events', exact: true }),
    ).toContainText(/\d+ upcoming/);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, testInfo, 'gensec-tech');

    const byTab: Array<[string, string[]]> = [
      ['Admin', ['Room Booking', 'Create Event', 'Create Position']],
      ['Endorsement', ['Endorsements']],
      ['Booking', ['Room Booking']],
      ['Feedback', ['Feedback']],
      ['Events', ['Events', 'Create Event']],
      ['COSA', ['Create Position', 'Positions']],
      ['All', everyCard],
    ];
    for (const [tab, titles] of byTab) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect(tabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(cards).toHaveText(titles);
    }

    // The header's search is the portal's global search, in the portal's header (deviations 71, 72);
    // the filter above the tabs narrows the cards of the open tab, by title or description.
    await expect(portalHeader(page).getByRole('button', { name: 'Search' })).toBeVisible();
    const search = main.getByRole('searchbox', { name: 'Filter the cards' });
    await search.fill('feedback');
    await expect(cards).toHaveText(['Feedback']);
    await search.fill('POSITION');
    await expect(cards).toHaveText(['Create Position', 'Positions']);
    await tabs.getByRole('tab', { name: 'Events' }).click();
    await expect(main.getByRole('tabpanel').getByText('Nothing matches “POSITION”.')).toBeVisible();
    await expect(cards).toHaveCount(0);
    await checkAccessible();
    await main.getByRole('tabpanel').getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(cards).toHaveText(['Events', 'Create Event']);
    await tabs.getByRole('tab', { name: 'All' }).click();
    await search.fill('no-such-card-xyz');
    await expect(
      main.getByRole('tabpanel').getByText('Nothing matches “no-such-card-xyz”.'),
    ).toBeVisible();
    await search.fill('');
    await expect(cards).toHaveText(everyCard);

    // The bell, in the portal's header on every page (deviation 71), lists what waits, one line per
    // queue with its count and link, above the newest notifications.
    const bell = portalHeader(page).getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/^Notifications(, \d+ unread)?, \d+ waiting$/);
    await bell.click();
    const waiting = page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('region', { name: 'Waiting for you' });
    await expect(waiting).toBeVisible();
    const achievementsLink = waiting.getByRole('link', {
      name: /^\d+ achievements? waits? for your verification$/,
    });
    await expect(achievementsLink).toHaveAttribute('href', '/gensec-endorse?tab=achievements');
    for (const link of await waiting.getByRole('link').all()) {
      // No room requests: a secretary's own wait for the president.
      await expect(link).toHaveText(
        /^[1-9]\d* (skill claims?|new catalogue skills?|achievements?|declared positions?|feedback items?) waits? for (your endorsement|your verification|resolution)$/,
      );
    }
    await checkAccessible();
    await page.keyboard.press('Escape');
    await expect(waiting).toHaveCount(0);
    await expect(bell).toBeFocused();
    await bell.click();
    await achievementsLink.click();
    await expect(page).toHaveURL(/\/gensec-endorse\?tab=achievements$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Endorsement Panel' })).toBeVisible();
    await expect(main.getByRole('tab', { name: 'Achievements' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Settings opens the profile; the navigation's Dashboard leads home from the panel.
    await mainMenu(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/gensec-tech$/);
    await header.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main.getByRole('heading', { level: 1, name: SCITECH.name })).toBeVisible();
    await page.goto('/gensec-tech');
    await logOutThroughMenu(page);
    await expect(page).toHaveURL(/\/login$/);

    // Another general secretary has a portal of their own and is refused this one.
    await signIn(page, SPORTS.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-sport$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Sports Portal' })).toBeVisible();
    await page.goto('/gensec-tech');
    await expect(page).toHaveURL(/\/unauthorised$/);
    await expect(
      page.getByRole('heading', { level: 1, name: '403 - Unauthorised Access' }),
    ).toBeVisible();
    await expect(page.getByText('Invalid GenSec role.')).toHaveCount(0);

    // So is the president.
    await signInByApi(page.request, demoAccount('PRESIDENT').email);
    await page.goto('/gensec-tech');
    await expect(page).toHaveURL(/\/unauthorised$/);
    await expect(
      page.getByRole('heading', { level: 1, name: '403 - Unauthorised Access' }),
    ).toBeVisible();
    await expect(page.getByText('Invalid GenSec role.')).toHaveCount(0);
  });
});
