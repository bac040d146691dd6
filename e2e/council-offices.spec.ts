import { expect, test, portalContext } from './support/fixtures';
import { onboardedStudentWithIdByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { created, lookupId, pick, toast } from './support/page-steps';
import { loaded, search } from './support/cosa-pages';

const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;
const ADMIN = demoAccount('ADMIN');
const SCITECH = demoAccount('GENSEC_SCITECH');
const COUNCIL_OFFICE =
  'Council offices (the president, the general secretaries and every position of a council) are appointed, changed and ended by the institute administrator only.';

type PositionBody = { position: { id: string; title: string } };

/**
 * Council offices (decision 0017): the administrator appoints and ends them on Positions and holders
 * (/admin/positions); a general secretary sees such a holding without Edit or Delete, and why.
 */
test.describe('council offices', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the administrator appoints a president on the screen, a second is refused with the reason, and a general secretary may not change it', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
  }) => {
    const first = await onboardedStudentWithIdByApi(
      (await portalContext(browser, baseURL)).request,
      'president',
    );
    const second = await onboardedStudentWithIdByApi(
      (await portalContext(browser, baseURL)).request,
      'rival',
    );
    await signIn(page, ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    // A presidency of its own, so the test depends on no other test's holders.
    const apex = await lookupId(page.request, 'units', 'Council of Students Activities (COSA)');
    const presidency = await created<PositionBody>(page.request, '/api/positions', {
      title: `President ${suffix()}`,
      unitId: apex,
      positionType: 'Coordinator',
      positionCount: 1,
      responsibilities: ['Chair the council'],
      requirements: { minCgpa: 0, minYear: 1, skillsRequired: [] },
    });
    const title = presidency.position.title;

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Positions and holders' })
      .click();
    await expect(page).toHaveURL(/\/admin\/positions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Positions and holders' })).toBeVisible();
    await page.getByRole('tab', { name: 'Appoint a holder' }).click();
    const form = page.getByRole('form', { name: 'Add Position Holder (POR)' });
    await pick(form, 'User', first.name, first.name);
    await pick(form, 'Position', title, title);
    await form.getByLabel(/^Tenure year/).selectOption(TENURE);
    await form.getByRole('button', { name: 'Create Position Holder' }).click();
    await expect(toast(page, 'Position Holder created successfully!')).toBeVisible();
    await checkAccessible();

    // The one seat is taken: a second president is refused, in the server's words.
    await pick(form, 'User', second.name, second.name);
    await form.getByRole('button', { name: 'Create Position Holder' }).click();
    await expect(
      form.getByText('The only seat of this position is filled for this tenure.'),
    ).toBeVisible();

    // The current holders: the administrator may change and end the president's holding.
    await page.getByRole('tab', { name: 'Current holders' }).click();
    await loaded(page);
    const mine = await search(
      page,
      'Search position holders',
      title,
      /^Showing 1 of \d+ position holders$/,
    );
    const card = mine.getByRole('listitem').filter({ hasText: first.name });
    await card.getByRole('button', { name: /^More actions for POR-/ }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
    await page.keyboard.press('Escape');
    await expect(card.getByText(COUNCIL_OFFICE)).toHaveCount(0);

    // A general secretary sees the holding, with no Edit or Delete, and why.
    const secretary = await (await portalContext(browser, baseURL)).newPage();
    await signIn(secretary, SCITECH.email, DEMO_PASSWORD);
    await expect(secretary).toHaveURL(/\/gensec-tech$/);
    await secretary.goto('/cosa');
    await secretary.getByRole('tab', { name: 'View Position Holders (POR)' }).click();
    await loaded(secretary);
    const theirs = await search(
      secretary,
      'Search position holders',
      title,
      /^Showing 1 of \d+ position holders$/,
    );
    const office = theirs.getByRole('listitem').filter({ hasText: first.name });
    await expect(office.getByText(COUNCIL_OFFICE)).toBeVisible();
    await expect(office.getByRole('button', { name: /^View details of POR-/ })).toBeVisible();
    await expect(office.getByRole('button', { name: /^More actions for POR-/ })).toHaveCount(0);
  });
});
