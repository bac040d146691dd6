import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalScroll, test } from './support/fixtures';
import { signInByApi, demoAccount } from './support/demo-accounts';
import { DESKTOP } from './support/page-steps';

const PHONE = { width: 375, height: 812 } as const;

const RECORD = [
  'Home',
  'Profile',
  'Give Feedback',
  'Manage Skills',
  'Manage Positions',
  'Add Achievement',
  'View Achievements',
  'Transcript',
];
const GENSEC = [
  'Dashboard',
  'Endorsement panel',
  'Events',
  'Clubs',
  'Elections',
  'Money',
  'Claims',
  'Term report',
  'Add event',
  'Room booking',
  'Positions',
  'Add position',
  'Feedback',
  'Announcements',
  'COSA View',
];

/** Each role's navigation and phone bar, typed from the dashboards of the spec (deviation 71). */
const ROLES = [
  {
    role: 'STUDENT',
    menu: [
      'Home',
      'Profile',
      'COSA View',
      'Give Feedback',
      'Events',
      'Clubs',
      'Elections',
      'My claims',
      'Manage Skills',
      'Manage Positions',
      'Add Achievement',
      'View Achievements',
      'Transcript',
      'View Feedback',
    ],
    bar: ['Home', 'Events', 'Achievements', 'Profile'],
  },
  {
    role: 'GENSEC_SCITECH',
    menu: [...GENSEC, ...RECORD],
    bar: ['Dashboard', 'Endorse', 'Events', 'Feedback'],
  },
  {
    role: 'GENSEC_ACADEMIC',
    menu: [...GENSEC, ...RECORD],
    bar: ['Dashboard', 'Endorse', 'Events', 'Feedback'],
    sameAs: 'GENSEC_SCITECH',
  },
  {
    role: 'GENSEC_CULTURAL',
    menu: [...GENSEC, ...RECORD],
    bar: ['Dashboard', 'Endorse', 'Events', 'Feedback'],
    sameAs: 'GENSEC_SCITECH',
  },
  {
    role: 'GENSEC_SPORTS',
    menu: [...GENSEC, ...RECORD],
    bar: ['Dashboard', 'Endorse', 'Events', 'Feedback'],
    sameAs: 'GENSEC_SCITECH',
  },
  {
    role: 'PRESIDENT',
    menu: [
      'Dashboard',
      'Room approvals',
      'Endorsement panel',
      'Events',
      'Clubs',
      'Elections',
      'Money',
      'Claims',
      'Term report',
      'Add event',
      'Room booking',
      'Positions',
      'Add position',
      'Feedback',
      'Announcements',
      'COSA View',
      ...RECORD,
    ],
    bar: ['Dashboard', 'Approvals', 'Endorse', 'Events'],
  },
  {
    role: 'CLUB_COORDINATOR',
    menu: [
      'Dashboard',
      'Club members',
      'Achievements',
      'Events',
      'Clubs',
      'Elections',
      'Money',
      'Claims',
      'Term report',
      'Add event',
      'Positions',
      'Add position',
      'Feedback',
      'Announcements',
      'COSA View',
      ...RECORD,
    ],
    bar: ['Dashboard', 'Achievements', 'Events', 'Feedback'],
  },
  {
    role: 'ADMIN',
    menu: [
      'Overview',
      'Clubs',
      'Elections',
      'Money',
      'Claims',
      'Term report',
      'Users and roles',
      'Council and clubs',
      'Positions and holders',
      'Rooms',
      'Skill catalogue',
      'Club tags',
      'Import students',
      'Correction requests',
      'Student ID conflicts',
      'Credentials',
      'Audit log',
    ],
    bar: ['Overview', 'Users', 'Units', 'Audit'],
  },
] as const;

/** Where the focus is: the skip link, the portal's header, a navigation, the page, or elsewhere. */
function focusPlace(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'none';
    if (element.textContent === 'Skip to main content') return 'skip';
    if (element.closest('main')) return 'main';
    if (element.closest('nav')) return 'navigation';
    if (element.closest('header')) return 'header';
    return 'other';
  });
}

/** The places the focus passes through from the top of the page, each once, in order. */
async function focusOrder(page: Page): Promise<string[]> {
  // Once the page's own content is there: until its data arrives, a page may hold nothing to focus.
  await expect(
    page
      .getByRole('main')
      .locator('a[href], button:not([disabled]), input:not([disabled]), select, textarea')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await page.locator('body').focus();
  const order: string[] = [];
  for (let step = 0; step < 40 && !order.includes('main'); step += 1) {
    await page.keyboard.press('Tab');
    const place = await focusPlace(page);
    if (order.at(-1) !== place) order.push(place);
  }
  return order;
}

/** Signs the role's demo account in at 1280 px, on its landing page: the side navigation, with these sections. */
async function landAt1280(page: Page, role: (typeof ROLES)[number]['role'], menu: readonly string[]) {
  const account = demoAccount(role);
  await signInByApi(page.request, account.email);
  await page.setViewportSize(DESKTOP);
  await page.goto(account.landing);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link')).toHaveText([...menu]);
  return { account, nav };
}

/** Follows a section's link: it is marked current, and its page has a heading and is no 403. */
async function reachSection(page: Page, nav: Locator, label: string) {
  await nav.getByRole('link', { name: label, exact: true }).click();
  await expect(nav.locator('[aria-current="page"]')).toHaveText(label);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '403 - Unauthorised Access' })).toHaveCount(0);
}

test.describe('the app shell', () => {
  // Each test walks every section of a role twice, with an accessibility scan of each page.
  test.describe.configure({ timeout: 240_000 });

  for (const { role, menu, bar, ...rest } of ROLES) {
    // The other secretaries' pages are the sci-tech secretary's, scanned and walked at 375 px there.
    const sameAs = 'sameAs' in rest ? rest.sameAs : null;
    if (sameAs) {
      test(`${role} has ${sameAs}'s navigation and reaches every section of it`, async ({ page }) => {
        const { account, nav } = await landAt1280(page, role, menu);
        for (const label of menu) await reachSection(page, nav, label);
        await page.setViewportSize(PHONE);
        await page.goto(account.landing);
        const quick = page.getByRole('navigation', { name: 'Quick links' });
        await expect(quick.getByRole('link')).toHaveText([...bar]);
        await expectNoHorizontalScroll(page);
      });
      continue;
    }
    test(`${role} walks every section through the navigation at 1280 and 375 px`, async ({ page }) => {
      // Desktop: the side navigation, every section in turn, the current one marked.
      const { account, nav } = await landAt1280(page, role, menu);
      await expect(nav.locator('[aria-current="page"]')).toHaveText(menu[0]);
      expect(await focusOrder(page)).toEqual(['skip', 'header', 'navigation', 'main']);
      for (const label of menu) {
        await reachSection(page, nav, label);
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        );
        expect(sideways, `${label} scrolls sideways at 1280 px`).toBe(false);
        await expectAccessible(page);
      }

      // Phone: no side column; the menu sheet and the bottom bar lead everywhere.
      await page.setViewportSize(PHONE);
      await page.goto(account.landing);
      await expect(nav).toBeHidden();
      const quick = page.getByRole('navigation', { name: 'Quick links' });
      await expect(quick.getByRole('link')).toHaveText([...bar]);
      await expect(quick.locator('[aria-current="page"]')).toHaveText(bar[0]);
      expect(await focusOrder(page)).toEqual(['skip', 'header', 'navigation', 'main']);

      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
      await menuButton.click();
      const sheet = page.getByRole('dialog', { name: 'Menu' });
      await expect(sheet).toBeVisible();
      // Focus is kept inside the sheet, and Escape closes it, back on the button.
      for (let step = 0; step < menu.length + 3; step += 1) {
        await page.keyboard.press('Tab');
        expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(menuButton).toBeFocused();

      for (const label of menu) {
        await menuButton.click();
        await sheet.getByRole('link', { name: label, exact: true }).click();
        await expect(sheet).toBeHidden();
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await menuButton.click();
        await expect(sheet.locator('[aria-current="page"]')).toHaveText(label);
        await page.keyboard.press('Escape');
        await expectNoHorizontalScroll(page);
      }
      for (const label of bar) {
        await quick.getByRole('link', { name: label, exact: true }).click();
        await expect(quick.locator('[aria-current="page"]')).toHaveText(label);
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
      }
    });
  }

  test("the header's account menu: the photo or initials, the user's own pages, Logout", async ({
    page,
  }) => {
    const student = demoAccount('STUDENT');
    await signInByApi(page.request, student.email);
    await page.setViewportSize(DESKTOP);
    await page.goto('/events');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    const account = header.getByRole('button', { name: `Account menu, ${student.name}` });
    await account.click();
    const panel = page.getByRole('dialog', { name: student.name });
    await expect(panel.getByRole('link')).toHaveText([
      'Profile',
      'Notifications',
      'Notification settings',
      'Privacy and your data',
      'Logout',
    ]);
    await expectAccessible(page);
    await panel.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/notifications\/settings$/);
    await account.click();
    await page.getByRole('dialog', { name: student.name }).getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in pages stand alone: no header, no navigation.
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);
  });

  test('the phone home puts announcements, counters and quick actions before the events, and is short', async ({
    page,
  }) => {
    await signInByApi(page.request, demoAccount('STUDENT').email);
    await page.setViewportSize(PHONE);
    await page.goto('/home');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
    const top = async (name: string) =>
      (await main.getByRole('heading', { name, exact: true }).boundingBox())?.y ?? Infinity;
    const events = await top('Upcoming Events');
    expect(await top('Quick Actions')).toBeLessThan(events);
    expect(await top('Latest Achievement')).toBeLessThan(events);
    expect(await top('Your record')).toBeLessThan(events);
    // About 2,600 px before the shell (the student menu above the page, the events before the actions).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(2_000);
    await expectNoHorizontalScroll(page);
  });
});
