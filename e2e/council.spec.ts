import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test,
  otherBrowser,
} from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount, signInByApi } from './support/demo-accounts';
import { holdRequests } from './support/network';

/**
 * The council's side of the portal (spec sections 2, 4, 5 and 8): the general secretary's dashboard,
 * the endorsement panel, the feedback desk and events. Students are made for each test and every
 * title carries a random suffix, so no test depends on what the demo campus or another test holds.
 * Expected texts are typed from the spec and the product's message catalogue.
 */

const DESKTOP = { width: 1280, height: 800 } as const;
const THIS_YEAR = new Date().getFullYear();
const NEXT_YEAR = THIS_YEAR + 1;

const SCITECH = demoAccount('GENSEC_SCITECH');
const SPORTS = demoAccount('GENSEC_SPORTS');

/** POST `path` with `data` as the owner of `request`; fails the test on anything but 201. */
async function created<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(path, { data });
  if (response.status() !== 201)
    throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The id of the first lookup choice of `kind` whose label is exactly `label`. */
async function lookupId(
  request: APIRequestContext,
  kind: 'events' | 'units',
  label: string,
): Promise<string> {
  const response = await request.get(`/api/lookup/${kind}?q=${encodeURIComponent(label)}`);
  const { items } = (await response.json()) as { items: Array<{ id: string; label: string }> };
  const item = items.find((candidate) => candidate.label === label);
  if (!item) throw new Error(`No ${kind} named ${label}`);
  return item.id;
}

/** The toast that says `text`. */
function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/**
 * Waits for a toast to leave. A toast stays while the pointer rests on it, so the pointer first moves
 * to the page's bottom-left corner, away from the toasts at the top right.
 */
async function toastGone(page: Page, shown: Locator): Promise<void> {
  await page.mouse.move(1, (page.viewportSize()?.height ?? DESKTOP.height) - 1);
  await expect(shown).toHaveCount(0, { timeout: 10_000 });
}

/** axe and the 375 px check of a page of a second browser, then back to the desktop width. */
async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.setViewportSize(DESKTOP);
}

/** Full-page desktop screenshot in the test's output folder. */
async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
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
}

// ---------------------------------------------------------------------------------------------
// The endorsement panel's lists are paged, oldest first: an item made by a test may be on a later page.

const REVIEW_EMPTY =
  /^(All user skills endorsed!|All skills endorsed!|No achievements pending endorsement\.)$/;

/** The open tab's panel of /gensec-endorse once its list (or its empty state) has loaded. */
async function loadedPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('article').first().or(panel.getByText(REVIEW_EMPTY))).toBeVisible();
  await expect(panel.locator('ul[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

/**
 * Pages through the open tab of the endorsement panel from the first page until `title` shows;
 * returns its card, or null when no page lists it.
 */
async function findReview(page: Page, title: string): Promise<Locator | null> {
  for (;;) {
    const panel = await loadedPanel(page);
    const card = panel.getByRole('article', { name: title, exact: true });
    if (await card.count()) return card;
    const pager = panel.getByRole('navigation', { name: /pages$/ });
    if (!(await pager.count())) return null;
    const next = pager.getByRole('button', { name: 'Next' });
    if (await next.isDisabled()) return null;
    const at = Number(
      /Page (\d+) of/.exec((await pager.getByText(/^Page \d+ of \d+$/).textContent()) ?? '')?.[1],
    );
    await next.click();
    await expect(pager.getByText(new RegExp(`^Page ${at + 1} of \\d+$`))).toBeVisible();
  }
}

/** Opens a tab of /gensec-endorse from the first page and finds the card of `title` on it. */
async function openReview(
  page: Page,
  tab: 'user-skills' | 'skills' | 'achievements',
  title: string,
): Promise<Locator> {
  await page.goto(`/gensec-endorse?tab=${tab}`);
  const card = await findReview(page, title);
  expect(card, `"${title}" is listed on the ${tab} tab`).not.toBeNull();
  await expect(card!).toBeVisible();
  return card!;
}

type Achievement = { achievement: { id: string; title: string } };

test.describe('student council', () => {
  // Each test is a round trip between two or three browsers.
  test.describe.configure({ timeout: 60_000 });

  test('/gensec-tech: header, seven category tabs, card search, notifications, settings, logout; other roles get 403', async ({
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
    await expect(header.getByRole('img', { name: SCITECH.name })).toHaveText('IR');
    await expect(header.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
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

    // The search narrows the cards of the open tab, by title or description.
    const search = header.getByRole('searchbox', { name: 'Search the dashboard' });
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

    // The bell lists what waits, with counts and links, above the newest notifications.
    const bell = header.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/^Notifications(, \d+ unread)?, \d+ waiting$/);
    await bell.click();
    const waiting = page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('region', { name: 'Waiting for you' });
    await expect(waiting).toBeVisible();
    const achievementsLink = waiting.getByRole('link', { name: /^Achievements to verify\s*\d+$/ });
    await expect(achievementsLink).toHaveAttribute('href', '/gensec-endorse?tab=achievements');
    for (const link of await waiting.getByRole('link').all()) {
      await expect(link).toHaveText(
        /^(User skills to endorse|Skills to endorse|Achievements to verify|Self-declared positions to verify|Unresolved feedback|Pending room requests)\s*[1-9]\d*$/,
      );
    }
    await checkAccessible();
    await page.keyboard.press('Escape');
    await expect(waiting).toHaveCount(0);
    await expect(bell).toBeFocused();
    await bell.click();
    await waiting.getByRole('link', { name: /^Achievements to verify/ }).click();
    await expect(page).toHaveURL(/\/gensec-endorse\?tab=achievements$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Endorsement Panel' })).toBeVisible();
    await expect(main.getByRole('tab', { name: 'Achievements' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Settings opens the profile; the back link of the panel leads home.
    await main.getByRole('link', { name: 'Back to your dashboard' }).click();
    await expect(page).toHaveURL(/\/gensec-tech$/);
    await header.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main.getByRole('heading', { level: 1, name: SCITECH.name })).toBeVisible();
    await page.goto('/gensec-tech');
    await header.getByRole('link', { name: 'Logout' }).click();
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

  test('/gensec-endorse: a technical achievement verified, another declined with a reason the student reads; the sports secretary sees neither', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const word = suffix();
    const verifiedTitle = `Drone Relay Gold ${word}`;
    const declinedTitle = `Solder Sprint Entry ${word}`;
    const reason = `Please attach the certificate of the ${word} sprint.`;

    const student = await otherBrowser(browser, baseURL);
    const owner = await onboardedStudentByApi(student.context.request, 'achiever');
    await created<Achievement>(student.context.request, '/api/me/achievements', {
      title: verifiedTitle,
      description: 'Fastest relay of the inter-college drone race.',
      category: 'Robotics',
      type: 'technical',
      level: 'national',
      dateAchieved: `${THIS_YEAR - 1}-02-14`,
      position: '1st',
    });
    await created<Achievement>(student.context.request, '/api/me/achievements', {
      title: declinedTitle,
      category: 'Electronics',
      type: 'technical',
      dateAchieved: `${THIS_YEAR - 1}-03-01`,
    });

    // The sports secretary reviews sports items only: neither is listed while both wait.
    const sports = await otherBrowser(browser, baseURL);
    await signInByApi(sports.context.request, SPORTS.email);
    for (const title of [verifiedTitle, declinedTitle]) {
      await sports.page.goto('/gensec-endorse?tab=achievements');
      expect(
        await findReview(sports.page, title),
        `the sports secretary does not see "${title}"`,
      ).toBeNull();
    }
    await sports.context.close();

    // The sci-tech secretary verifies the first one.
    await signInByApi(page.request, SCITECH.email);
    const main = page.getByRole('main');
    let card = await openReview(page, 'achievements', verifiedTitle);
    await expect(main.getByRole('heading', { level: 1, name: 'Endorsement Panel' })).toBeVisible();
    // The spec's three tabs, then the self-declared positions (deviation 53).
    await expect(main.getByRole('tab')).toHaveText([
      'User Skills',
      'Skills',
      'Achievements',
      'Positions',
    ]);
    await expect(main.getByRole('tab', { name: 'Achievements' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(card).toContainText(`Submitted by ${owner.name}`);
    await expect(card).toContainText('Technical');
    await expect(card).toContainText('Robotics');
    await expect(card).toContainText('National');
    await expect(card).toContainText(`14 Feb ${THIS_YEAR - 1}`);
    await expect(card).toContainText('1st');
    await expect(card).toContainText('Fastest relay of the inter-college drone race.');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, testInfo, 'gensec-endorse-achievements');

    const releaseVerify = await holdRequests(page, '**/api/endorsements/achievements/*/verify', 'POST');
    await card.getByRole('button', { name: /^Verify / }).click();
    const verifying = card.getByRole('button', { name: 'Verifying...' });
    await expect(verifying).toBeVisible();
    await expect(verifying).toBeDisabled();
    await expect(card.getByRole('button', { name: /^Decline / })).toBeDisabled();
    await releaseVerify();
    await expect(toast(page, 'Achievement verified.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    expect(await findReview(page, verifiedTitle), 'a verified achievement leaves the list').toBeNull();

    // The second one is declined: a reason is required, and the student reads it.
    card = await openReview(page, 'achievements', declinedTitle);
    await card.getByRole('button', { name: /^Decline / }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this item?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${declinedTitle} by ${owner.name}`);
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(dialog.getByText('Please give a reason for declining.')).toBeVisible();
    await checkAccessible();
    await dialog.getByLabel('Reason (the student sees it)').fill('   ');
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(dialog.getByText('Please give a reason for declining.')).toBeVisible();
    await dialog.getByLabel('Reason (the student sees it)').fill(reason);
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(toast(page, 'Declined. The student sees your reason.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await page.reload();
    expect(await findReview(page, declinedTitle), 'a declined achievement leaves the list').toBeNull();

    // What the student sees.
    const sp = student.page;
    await sp.goto('/view-achievements');
    const studentMain = sp.getByRole('main');
    const verified = studentMain
      .getByRole('article')
      .filter({ has: sp.getByRole('heading', { name: verifiedTitle }) });
    await expect(verified.getByText('Verified', { exact: true })).toBeVisible();
    await expect(verified).toContainText(`Verified by${SCITECH.name}`);
    await expect(verified).not.toContainText('Declined');
    const declined = studentMain
      .getByRole('article')
      .filter({ has: sp.getByRole('heading', { name: declinedTitle }) });
    await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
    await expect(declined).toContainText(reason);
    await expect(declined).not.toContainText('Pending');
    await checkPage(sp);
    await student.context.close();
  });

  test("/gensec-endorse: a student's claim of a new technical skill endorsed on User Skills, the new skill on Skills; the sports secretary sees neither", async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const skillName = `Rust Embedded ${suffix()}`;
    const student = await otherBrowser(browser, baseURL);
    const owner = await onboardedStudentByApi(student.context.request, 'skilled');
    await created(student.context.request, '/api/me/skills', {
      newSkill: {
        name: skillName,
        category: 'Programming',
        type: 'technical',
        description: 'Rust on microcontrollers.',
      },
      proficiencyLevel: 'advanced',
    });

    const sports = await otherBrowser(browser, baseURL);
    await signInByApi(sports.context.request, SPORTS.email);
    for (const tab of ['user-skills', 'skills'] as const) {
      await sports.page.goto(`/gensec-endorse?tab=${tab}`);
      expect(
        await findReview(sports.page, skillName),
        `the sports secretary does not see "${skillName}" on ${tab}`,
      ).toBeNull();
    }
    await sports.context.close();

    // The claim, on the User Skills tab (the panel's first tab).
    await signInByApi(page.request, SCITECH.email);
    const main = page.getByRole('main');
    await page.goto('/gensec-endorse');
    await expect(main.getByRole('tab', { name: 'User Skills' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    let card = await openReview(page, 'user-skills', skillName);
    await expect(card).toContainText(`Submitted by ${owner.name}`);
    await expect(card).toContainText('Programming');
    await expect(card).toContainText('Technical');
    await expect(card).toContainText('Advanced');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    const releaseClaim = await holdRequests(page, '**/api/endorsements/user-skills/*/endorse', 'POST');
    await card.getByRole('button', { name: /^Endorse / }).click();
    const endorsing = card.getByRole('button', { name: 'Endorsing...' });
    await expect(endorsing).toBeVisible();
    await expect(endorsing).toBeDisabled();
    await releaseClaim();
    const claimEndorsed = toast(page, 'Skill endorsed.');
    await expect(claimEndorsed).toBeVisible();
    await expect(card).toHaveCount(0);
    // Gone before the next endorsement, whose toast says the same words.
    await toastGone(page, claimEndorsed);

    // The catalogue entry the student described, on the Skills tab, reached by the tab itself.
    await main.getByRole('tab', { name: 'Skills', exact: true }).click();
    await expect(page).toHaveURL(/\?tab=skills$/);
    card = (await findReview(page, skillName))!;
    expect(card, `"${skillName}" is listed on the Skills tab`).not.toBeNull();
    await expect(card).toContainText(`Submitted by ${owner.name}`);
    await expect(card).toContainText('Rust on microcontrollers.');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    const releaseSkill = await holdRequests(page, '**/api/endorsements/skills/*/endorse', 'POST');
    await card.getByRole('button', { name: /^Endorse / }).click();
    await expect(card.getByRole('button', { name: 'Endorsing...' })).toBeVisible();
    await releaseSkill();
    await expect(toast(page, 'Skill endorsed.')).toBeVisible();
    await expect(card).toHaveCount(0);

    const sp = student.page;
    await sp.goto('/skills');
    const skill = sp
      .getByRole('main')
      .getByRole('article')
      .filter({ has: sp.getByRole('heading', { name: skillName }) });
    await expect(skill.getByText('Endorsed', { exact: true })).toBeVisible();
    await expect(skill.getByText('Not Endorsed')).toHaveCount(0);
    await student.context.close();
  });

  test('/gensec-endorse: the empty state of each tab, seen by the president narrowed to the type Other', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    // Skills are technical, cultural, sports or academic, never Other, so those two lists are empty
    // for everyone; achievements may be of type Other, so that list is checked only when the server says it is empty.
    await signInByApi(page.request, demoAccount('PRESIDENT').email);
    const main = page.getByRole('main');
    const panel = main.getByRole('tabpanel');
    await page.goto('/gensec-endorse');
    await loadedPanel(page);
    await expect(main.getByLabel('Type', { exact: true }).getByRole('option')).toHaveText([
      'All types',
      'Academic',
      'Cultural',
      'Sports',
      'Technical',
      'Other',
    ]);
    await main.getByLabel('Type', { exact: true }).selectOption({ label: 'Other' });
    await expect(page).toHaveURL(/type=other/);
    await expect(panel.getByText('All user skills endorsed!')).toBeVisible();
    await expect(panel.getByRole('article')).toHaveCount(0);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    await page.goto('/gensec-endorse?tab=skills&type=other');
    await expect(main.getByRole('tab', { name: 'Skills', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(panel.getByText('All skills endorsed!')).toBeVisible();
    await expect(panel.getByRole('article')).toHaveCount(0);

    const otherAchievements = (await (
      await page.request.get('/api/endorsements/achievements?type=other')
    ).json()) as { total: number };
    await page.goto('/gensec-endorse?tab=achievements&type=other');
    await expect(main.getByRole('tab', { name: 'Achievements' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await loadedPanel(page);
    if (otherAchievements.total === 0) {
      await expect(panel.getByText('No achievements pending endorsement.')).toBeVisible();
      await checkAccessible();
    } else {
      test.info().annotations.push({
        type: 'skipped assertion',
        description: `${otherAchievements.total} achievements of type Other are pending`,
      });
    }
  });

  test('/gensec-endorse: the president narrows the list to one type, then widens it again', async ({
    page,
  }) => {
    await signInByApi(page.request, demoAccount('PRESIDENT').email);
    const main = page.getByRole('main');
    const type = main.getByLabel('Type', { exact: true });
    await page.goto('/gensec-endorse?tab=achievements');
    await loadedPanel(page);
    await expect(type).toHaveValue('');
    await type.selectOption({ label: 'Technical' });
    await expect(page).toHaveURL(/type=technical/);
    await loadedPanel(page);
    await expect(type).toHaveValue('technical');
    await type.selectOption({ label: 'All types' });
    await expect(page).not.toHaveURL(/type=/);
  });

  test('/viewfeedback: a student sees only their own feedback; the secretary resolves it, never learning who sent the anonymous one', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const word = suffix();
    const anonymousText = `[${word}-A] The projector in the bootcamp hall flickered for the whole second evening, and the slides could not be read from the back rows. Please check the cable and the lamp, and keep a spare projector ready for the next session.`;
    const namedText = `[${word}-N] How does a first-year student join the Coding Club's project teams? The notice board lists the meetings but not who to write to, and the sign-up form linked from the club page has been closed since the last week of the month.`;
    expect(anonymousText.length).toBeGreaterThan(200);
    expect(namedText.length).toBeGreaterThan(200);
    const actions = `Replaced the projector cable and lamp; a spare projector now waits in the hall (${word}).`;

    const student = await otherBrowser(browser, baseURL);
    const author = await onboardedStudentByApi(student.context.request, 'critic');
    const bootcamp = await lookupId(student.context.request, 'events', 'Web Development Bootcamp');
    const club = await lookupId(student.context.request, 'units', 'Coding Club');
    await created(student.context.request, '/api/feedback', {
      type: 'Complaint',
      targetType: 'Event',
      targetId: bootcamp,
      rating: 2,
      comments: anonymousText,
      isAnonymous: true,
    });
    await created(student.context.request, '/api/feedback', {
      type: 'Query',
      targetType: 'Club/Organization',
      targetId: club,
      rating: 4,
      comments: namedText,
      isAnonymous: false,
    });

    // The student's own list: both, awaiting resolution, cut at 200 characters.
    const sp = student.page;
    const mine = sp.getByRole('main');
    await sp.goto('/viewfeedback');
    await expect(mine.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    const totals = mine.getByRole('region', { name: 'Totals' });
    await expect(totals.getByRole('term')).toHaveText(['Total', 'Resolved', 'Not Resolved']);
    await expect(totals.getByRole('definition')).toHaveText(['2', '0', '2']);
    const statusFilter = mine.getByRole('group', { name: 'Status' });
    await expect(statusFilter.getByRole('button')).toHaveText([
      'All (2)',
      'Resolved (0)',
      'Not Resolved (2)',
    ]);
    await expect(mine.getByRole('article')).toHaveCount(2);
    await expect(mine.getByRole('button', { name: 'Mark as Resolved' })).toHaveCount(0);
    const myAnonymous = mine.getByRole('article').filter({ hasText: `[${word}-A]` });
    const myNamed = mine.getByRole('article').filter({ hasText: `[${word}-N]` });
    await expect(myAnonymous.getByText('Awaiting Resolution')).toBeVisible();
    await expect(myNamed.getByText('Awaiting Resolution')).toBeVisible();
    await expect(myAnonymous).toContainText('You sent this anonymously');
    await expect(myAnonymous).toContainText('Complaint');
    await expect(myAnonymous).toContainText('Event: Web Development Bootcamp');
    await expect(myNamed).toContainText(author.name);
    await expect(myNamed).toContainText('Club/Organization: Coding Club');

    const preview = `${anonymousText.slice(0, 200)}...`;
    await expect(myAnonymous.getByText(preview, { exact: true })).toBeVisible();
    await expect(myAnonymous.getByText(anonymousText, { exact: true })).toHaveCount(0);
    await myAnonymous.getByRole('button', { name: 'View More' }).click();
    await expect(myAnonymous.getByText(anonymousText, { exact: true })).toBeVisible();
    await expect(myAnonymous.getByRole('button', { name: 'View Less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await myAnonymous.getByRole('button', { name: 'View Less' }).click();
    await expect(myAnonymous.getByText(preview, { exact: true })).toBeVisible();
    await checkPage(sp);

    // Filters change the cards and the counts.
    await mine.getByLabel('Feedback type').selectOption('Query');
    await expect(sp).toHaveURL(/type=Query/);
    await expect(mine.getByRole('article')).toHaveCount(1);
    await expect(myNamed).toBeVisible();
    await expect(totals.getByRole('definition')).toHaveText(['1', '0', '1']);
    await statusFilter.getByRole('button', { name: /^Resolved/ }).click();
    await expect(statusFilter.getByRole('button', { name: /^Resolved/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(mine.getByText('No feedbacks found')).toBeVisible();
    await expect(mine.getByRole('article')).toHaveCount(0);
    await expectAccessible(sp);
    await mine.getByLabel('Feedback type').selectOption('');
    await statusFilter.getByRole('button', { name: /^All/ }).click();
    await expect(mine.getByRole('article')).toHaveCount(2);

    // The secretary narrows the unresolved feedback to complaints and finds the anonymous one.
    await signInByApi(page.request, SCITECH.email);
    const main = page.getByRole('main');
    await page.goto('/viewfeedback?status=unresolved');
    const deskStatus = main.getByRole('group', { name: 'Status' });
    await expect(deskStatus.getByRole('button', { name: /^Not Resolved \(\d+\)$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await main.getByLabel('Feedback type').selectOption('Complaint');
    await expect(page).toHaveURL(/status=unresolved/);
    await expect(page).toHaveURL(/type=Complaint/);
    const anonymous = main.getByRole('article').filter({ hasText: `[${word}-A]` });
    await expect(anonymous).toBeVisible();
    await expect(
      main.getByRole('article').filter({ hasText: `[${word}-N]` }),
      'a query is not a complaint',
    ).toHaveCount(0);
    for (const type of await main
      .getByRole('article')
      .getByRole('heading', { level: 2 })
      .allTextContents())
      expect(type).toMatch(/^Complaint/);
    await expect(anonymous).toContainText('Anonymous');
    await expect(anonymous).not.toContainText(author.name);
    await expect(anonymous).not.toContainText('You sent this anonymously');
    await expect(anonymous.getByText('Awaiting Resolution')).toHaveCount(0);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, testInfo, 'viewfeedback-desk');

    await anonymous.getByRole('button', { name: 'Mark as Resolved' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark feedback as resolved' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(dialog.getByText('Please enter actions taken.')).toBeVisible();
    await checkAccessible();
    await dialog.getByLabel('Actions taken').fill('  \n  ');
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(dialog.getByText('Please enter actions taken.')).toBeVisible();
    await dialog.getByLabel('Actions taken').fill(actions);
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(toast(page, 'Feedback marked as resolved.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Resolved, it leaves the unresolved list and shows under Resolved with the actions taken.
    await expect(anonymous).toHaveCount(0);
    await deskStatus.getByRole('button', { name: /^Resolved/ }).click();
    await expect(page).toHaveURL(/status=resolved/);
    await expect(anonymous.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(anonymous).toContainText(actions);
    await expect(anonymous).toContainText(`Resolved by ${SCITECH.name}`);
    await expect(anonymous.getByRole('button', { name: 'Mark as Resolved' })).toHaveCount(0);
    await expect(anonymous).toContainText('Anonymous');
    await expect(anonymous).not.toContainText(author.name);

    // The named query, under every status and type: its author is named.
    await main.getByLabel('Feedback type').selectOption('Query');
    await deskStatus.getByRole('button', { name: /^All/ }).click();
    const named = main.getByRole('article').filter({ hasText: `[${word}-N]` });
    await expect(named).toContainText(author.name);
    await expect(named.getByRole('button', { name: 'Mark as Resolved' })).toBeVisible();
    await named.getByRole('button', { name: 'View More' }).click();
    await expect(named.getByText(namedText, { exact: true })).toBeVisible();

    // The student sees the resolution and the new counts.
    await sp.reload();
    await expect(totals.getByRole('definition')).toHaveText(['2', '1', '1']);
    await expect(myAnonymous.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(myAnonymous).toContainText(actions);
    await expect(myAnonymous.getByText('Awaiting Resolution')).toHaveCount(0);
    await expect(myNamed.getByText('Awaiting Resolution')).toBeVisible();
    await statusFilter.getByRole('button', { name: /^Resolved/ }).click();
    await expect(mine.getByRole('article')).toHaveCount(1);
    await expect(myAnonymous).toBeVisible();
    await checkPage(sp);
    await student.context.close();
  });

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
    await expect(schedule).toContainText(new RegExp(`Mar 14, ${NEXT_YEAR}, 6:00\\sPM`));
    await expect(schedule).toContainText(new RegExp(`Mar 14, ${NEXT_YEAR}, 9:00\\sPM`));
    await expect(schedule).toContainText('Lecture Hall 2');
    await expect(schedule).toContainText('Hybrid');
    const registrationDetails = main.getByRole('region', { name: 'Registration' });
    await expect(registrationDetails).toContainText(new RegExp(`Feb 1, ${NEXT_YEAR}, 10:00\\sAM`));
    await expect(registrationDetails).toContainText(new RegExp(`Mar 10, ${NEXT_YEAR}, 11:00\\sPM`));
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
    await expect(studentMain.getByRole('region', { name: 'Budget' })).toContainText('Analog Devices');
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
