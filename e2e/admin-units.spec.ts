import type { Browser, Locator, Page } from '@playwright/test';
import { expect, portalContext, test } from './support/fixtures';
import { signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';

/**
 * The council's units (/admin/units) and the rooms (/admin/rooms) of the institute administrator
 * (deviation 60): the demo administrator adds a club under a council, renames, moves and budgets
 * it, retires it, and the president's unit picker stops offering it; adds a room with features,
 * edits and retires it, and a general secretary's booking form stops offering it. Every name
 * carries a random tag, so runs never meet.
 */

const ADMIN = demoAccount('ADMIN');
const PRESIDENT = demoAccount('PRESIDENT');
const SECRETARY = demoAccount('GENSEC_CULTURAL');

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const unitRow = (page: Page, name: string): Locator => page.getByRole('group', { name, exact: true });
const roomCard = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

/** A page of another demo official, signed in in a context of its own. */
async function officialPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
): Promise<Page> {
  const context = await portalContext(browser, baseURL);
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

/** The president's unit picker on /cosa/create, searched for a text (the assertions wait for the search to answer). */
async function searchUnits(page: Page, search: string): Promise<Locator> {
  await page.goto('/cosa/create');
  await page.getByRole('combobox', { name: 'Organizational unit', exact: true }).fill(search);
  return page.getByRole('listbox', { name: 'Organizational unit', exact: true });
}

/** The rooms a general secretary's booking form offers. */
async function bookableRooms(page: Page): Promise<string[]> {
  await page.goto('/roombooking');
  const room = page.getByRole('form', { name: 'New booking' }).getByLabel('Room');
  await expect(room.locator('option', { hasText: 'Room A' })).toHaveCount(1);
  return room.locator('option').allTextContents();
}

test.describe('council, clubs and rooms', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the administrator adds, renames, moves, budgets and retires a club, and it leaves the unit picker', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const tag = suffix();
    const name = `Stargazers ${tag}`;
    const renamed = `Stargazers Society ${tag}`;
    await signIn(page, ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/units');
    await expect(page.getByRole('heading', { level: 1, name: 'Council and clubs' })).toBeVisible();
    await expect(unitRow(page, 'Science & Technology Council')).toBeVisible();
    await checkAccessible();

    // Add a club under the Science & Technology Council.
    await page.getByRole('button', { name: 'Add unit' }).click();
    const add = page.getByRole('dialog', { name: 'Add a unit' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Type').selectOption({ label: 'Club' });
    await add.getByLabel('Sits under').selectOption({ label: 'Science & Technology Council (Council)' });
    await add.getByLabel('Contact e-mail').fill('not-an-address');
    await add.getByRole('button', { name: 'Add unit' }).click();
    await expect(add.getByText('Enter a valid e-mail address.')).toBeVisible();
    await add.getByLabel('Contact e-mail').fill(`stargazers.${tag}@iitbhilai.ac.in`);
    await checkAccessible();
    await add.getByRole('button', { name: 'Add unit' }).click();
    await expect(toast(page, `${name} added.`)).toBeVisible();
    await expect(unitRow(page, name)).toBeVisible();
    // The toast shows below the page's title row: its button stays free to click at once.
    // (Held by the pointer, as a user reading it does, so that it stays to be measured.)
    await expect(add).toBeHidden();
    await toast(page, `${name} added.`).hover();
    const addButton = await page.getByRole('button', { name: 'Add unit' }).boundingBox();
    await expect
      .poll(async () => (await toast(page, `${name} added.`).boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(addButton!.y + addButton!.height);

    // Rename it.
    await unitRow(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const rename = page.getByRole('dialog', { name: `Edit ${name}` });
    await rename.getByLabel('Name').fill(renamed);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${renamed} saved.`)).toBeVisible();
    // The next save says the same words: this toast goes first (success toasts last 2 s), so the next one is the next save's.
    await expect(toast(page, `${renamed} saved.`)).toBeHidden({ timeout: 10_000 });

    // Move it under the Cultural Council; its budget is the ledger's, allocated on the budgets page.
    await unitRow(page, renamed)
      .getByRole('button', { name: `Edit ${renamed}` })
      .click();
    const move = page.getByRole('dialog', { name: `Edit ${renamed}` });
    await move.getByLabel('Sits under').selectOption({ label: 'Cultural Council (Council)' });
    await expect(move.getByText(/Budget this tenure: ₹0 allocated, ₹0 spent\./)).toBeVisible();
    await move.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${renamed} saved.`)).toBeVisible();
    await expect(unitRow(page, renamed).getByText(/Budget this tenure ₹0 \(₹0 spent\)/)).toBeVisible();
    const cultural = page.locator('li', { has: unitRow(page, 'Cultural Council') }).last();
    await expect(cultural.getByRole('group', { name: renamed, exact: true })).toBeVisible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    // The president's unit picker offers it while it is in use.
    const president = await officialPage(browser, baseURL, PRESIDENT.email);
    const offered = await searchUnits(president, tag);
    await expect(offered.getByRole('option')).toHaveCount(1);
    await expect(offered.getByRole('option').first()).toContainText(renamed);

    // Retire it, after the confirmation.
    await unitRow(page, renamed)
      .getByRole('button', { name: `Retire ${renamed}` })
      .click();
    const retire = page.getByRole('dialog', { name: `Retire ${renamed}?` });
    await expect(retire.getByText(/leaves every picker/)).toBeVisible();
    await retire.getByRole('button', { name: 'Retire' }).click();
    await expect(toast(page, `${renamed} retired.`)).toBeVisible();
    const retired = unitRow(page, `${renamed} (retired)`);
    await expect(retired.getByText('Retired', { exact: true })).toBeVisible();
    await expect(retired.getByRole('button', { name: `Reinstate ${renamed}` })).toBeVisible();
    await checkAccessible();

    const gone = await searchUnits(president, tag);
    await expect(president.getByText('No units match')).toBeVisible();
    await expect(gone.getByRole('option')).toHaveCount(0);
    await president.context().close();
  });

  test('the administrator adds a room with features, edits and retires it, and the booking form stops offering it', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const tag = suffix();
    const name = `Studio ${tag}`;
    await signIn(page, ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/rooms');
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
    await expect(roomCard(page, 'Room A')).toBeVisible();
    await checkAccessible();

    await page.getByRole('button', { name: 'Add room' }).click();
    const add = page.getByRole('dialog', { name: 'Add a room' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Capacity').fill('30');
    await add.getByLabel('New feature').fill('Projector');
    await add.getByLabel('New feature').press('Enter');
    await add.getByLabel('New feature').fill('Whiteboard');
    await add.getByRole('button', { name: 'Add feature' }).click();
    await expect(add.getByRole('list', { name: 'Features added' }).getByRole('listitem')).toHaveText([
      'Projector',
      'Whiteboard',
    ]);
    await checkAccessible();
    await add.getByRole('button', { name: 'Add room' }).click();
    await expect(toast(page, `${name} added.`)).toBeVisible();
    await expect(roomCard(page, name).getByText('30 seats')).toBeVisible();
    await expect(
      roomCard(page, name)
        .getByRole('list', { name: `Features of ${name}` })
        .getByRole('listitem'),
    ).toHaveText(['Projector', 'Whiteboard']);

    await roomCard(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Capacity').fill('35');
    await edit.getByRole('button', { name: 'Remove Whiteboard' }).click();
    await edit.getByLabel('New feature').fill('Sound system');
    await edit.getByLabel('New feature').press('Enter');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${name} saved.`)).toBeVisible();
    await expect(roomCard(page, name).getByText('35 seats')).toBeVisible();
    await expect(
      roomCard(page, name)
        .getByRole('list', { name: `Features of ${name}` })
        .getByRole('listitem'),
    ).toHaveText(['Projector', 'Sound system']);
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    const secretary = await officialPage(browser, baseURL, SECRETARY.email);
    expect(await bookableRooms(secretary)).toContain(name);

    await roomCard(page, name)
      .getByRole('button', { name: `Retire ${name}` })
      .click();
    const retire = page.getByRole('dialog', { name: `Retire ${name}?` });
    await expect(retire.getByText(/approved bookings still ahead stay approved/)).toBeVisible();
    await retire.getByRole('button', { name: 'Retire' }).click();
    await expect(toast(page, `${name} retired.`)).toBeVisible();
    await expect(
      roomCard(page, `${name} (retired)`).getByText('Retired', { exact: true }),
    ).toBeVisible();
    await checkAccessible();

    expect(await bookableRooms(secretary)).not.toContain(name);
    await secretary.context().close();
  });
});
